import { describe, expect, it } from "vitest";
import { aliyunSignedQuery, aliyunSms } from "./sms.ts";

describe("Aliyun SMS gateway", () => {
  it("signs the documented example request as Aliyun does", () => {
    // The worked example of Aliyun's POP signature v1 documentation (secret "testSecret").
    const query = aliyunSignedQuery(
      {
        AccessKeyId: "testId",
        Action: "SendSms",
        Format: "XML",
        OutId: "123",
        PhoneNumbers: "15300000001",
        RegionId: "cn-hangzhou",
        SignName: "阿里云短信测试专用",
        SignatureMethod: "HMAC-SHA1",
        SignatureNonce: "45e25e9b-0a6f-4070-8c85-2956eda1b466",
        SignatureVersion: "1.0",
        TemplateCode: "SMS_71390007",
        TemplateParam: '{"customer":"test"}',
        Timestamp: "2017-07-12T02:42:19Z",
        Version: "2017-05-25",
      },
      "testSecret",
    );
    expect(query.startsWith("Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D&")).toBe(true);
  });

  it("sends the code as a template parameter and fails loudly on refusal", async () => {
    const seen: string[] = [];
    const gateway = (code: string) =>
      aliyunSms({
        accessKeyId: "id",
        accessKeySecret: "secret",
        signName: "掘金",
        templateCode: "SMS_1",
        fetchImpl: (async (url: string) => {
          seen.push(url);
          return new Response(JSON.stringify({ Code: code, Message: "m" }));
        }) as typeof fetch,
      });
    await gateway("OK").sendCode("13800000000", "123456", "signup");
    const params = new URL(seen[0]).searchParams;
    expect(params.get("PhoneNumbers")).toBe("13800000000");
    expect(JSON.parse(params.get("TemplateParam")!)).toEqual({ code: "123456" });
    await expect(
      gateway("isv.BUSINESS_LIMIT_CONTROL").sendCode("13800000000", "1", "signup"),
    ).rejects.toThrow(/refused/);
  });
});
