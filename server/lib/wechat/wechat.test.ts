import { describe, expect, it } from "vitest";
import { memoryKv } from "../kv.ts";
import { createWechatCredentials } from "./credentials.ts";
import { devWechat } from "./dev.ts";
import { createWechat, jsSdkSignature, WechatError } from "./index.ts";
import { officialAccount } from "./official-account.ts";

describe("the JS-SDK signature", () => {
  it("matches WeChat's documented example (JS-SDK 附录1)", () => {
    expect(
      jsSdkSignature({
        jsapiTicket: "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
        nonceStr: "Wm3WZYTPz0wzccnW",
        timestamp: 1414587457,
        url: "http://mp.weixin.qq.com?params=value",
      }),
    ).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
  });

  it("signs the URL without its #fragment", () => {
    const fields = { jsapiTicket: "t", nonceStr: "n", timestamp: 1, url: "https://nugget.test/post/1?a=1" };
    expect(jsSdkSignature({ ...fields, url: fields.url + "#comment-3" })).toBe(jsSdkSignature(fields));
    expect(jsSdkSignature({ ...fields, url: "https://nugget.test/post/2?a=1" })).not.toBe(
      jsSdkSignature(fields),
    );
  });
});

/** A fetch answering WeChat's two calls from a table (no network), recording what was asked. */
function stubWechat(answers: { token: unknown; ticket: unknown }) {
  const seen: string[] = [];
  const impl = (async (input: string | URL | Request) => {
    const url = String(input);
    seen.push(url);
    const body = url.includes("/cgi-bin/token?") ? answers.token : answers.ticket;
    // WeChat answers JSON as text/plain.
    return new Response(JSON.stringify(body), { headers: { "content-type": "text/plain" } });
  }) as typeof fetch;
  return { impl, seen };
}

describe("the official account API", () => {
  it("buys the access token with AppID and secret, then the jsapi ticket with it", async () => {
    const { impl, seen } = stubWechat({
      token: { access_token: "AT-1", expires_in: 7200 },
      ticket: { errcode: 0, errmsg: "ok", ticket: "TICKET-1", expires_in: 7200 },
    });
    const api = officialAccount({ appId: "wxmp", secret: "sec", fetchImpl: impl });
    expect(await api.accessToken()).toEqual({ value: "AT-1", expiresIn: 7200 });
    expect(await api.jsapiTicket("AT-1")).toEqual({ value: "TICKET-1", expiresIn: 7200 });
    const token = new URL(seen[0]);
    expect(token.origin + token.pathname).toBe("https://api.weixin.qq.com/cgi-bin/token");
    expect(Object.fromEntries(token.searchParams)).toEqual({
      grant_type: "client_credential",
      appid: "wxmp",
      secret: "sec",
    });
    const ticket = new URL(seen[1]);
    expect(ticket.origin + ticket.pathname).toBe("https://api.weixin.qq.com/cgi-bin/ticket/getticket");
    expect(Object.fromEntries(ticket.searchParams)).toEqual({ access_token: "AT-1", type: "jsapi" });
  });

  it("turns an errcode into a WechatError carrying it", async () => {
    const { impl } = stubWechat({
      token: { errcode: 40125, errmsg: "invalid appsecret" },
      ticket: { errcode: 40001, errmsg: "invalid credential" },
    });
    const api = officialAccount({ appId: "wxmp", secret: "bad", fetchImpl: impl });
    await expect(api.accessToken()).rejects.toMatchObject({ name: "WechatError", errcode: 40125 });
    await expect(api.jsapiTicket("old")).rejects.toMatchObject({ errcode: 40001 });
    const broken = (async () => new Response("<html>gateway</html>")) as unknown as typeof fetch;
    await expect(
      officialAccount({ appId: "a", secret: "s", fetchImpl: broken }).accessToken(),
    ).rejects.toThrow(WechatError);
  });
});

describe("the credential cache", () => {
  it("fetches once for many concurrent requests, then serves from the store", async () => {
    const dev = devWechat({ appId: "wxdev", delayMs: 30 });
    const credentials = createWechatCredentials(dev, memoryKv());
    const tickets = await Promise.all(Array.from({ length: 20 }, () => credentials.jsapiTicket()));
    expect(new Set(tickets)).toEqual(new Set(["dev-jsapi-ticket-1"]));
    expect(dev.issued).toEqual({ accessTokens: 1, jsapiTickets: 1 });
    expect(await credentials.jsapiTicket()).toBe("dev-jsapi-ticket-1");
    expect(dev.issued.jsapiTickets).toBe(1);
  });

  it("is shared by instances: another one reads the ticket the first bought, even mid-purchase", async () => {
    const kv = memoryKv();
    const a = devWechat({ appId: "wxdev", delayMs: 50 });
    const b = devWechat({ appId: "wxdev", delayMs: 50 });
    const [ta, tb] = await Promise.all([
      createWechatCredentials(a, kv).jsapiTicket(),
      createWechatCredentials(b, kv).jsapiTicket(),
    ]);
    expect(tb).toBe(ta);
    expect(a.issued.jsapiTickets + b.issued.jsapiTickets).toBe(1);
  });

  it("buys new ones before WeChat's expiry", async () => {
    // Tickets of 2 s, bought again 1 s early: the store keeps each for 1 s.
    const dev = devWechat({ appId: "wxdev", expiresIn: 2 });
    const credentials = createWechatCredentials(dev, memoryKv(), { refreshMarginSeconds: 1 });
    expect(await credentials.jsapiTicket()).toBe("dev-jsapi-ticket-1");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await credentials.jsapiTicket()).toBe("dev-jsapi-ticket-1");
    await new Promise((resolve) => setTimeout(resolve, 700));
    const [again] = await Promise.all([credentials.jsapiTicket(), credentials.jsapiTicket()]);
    expect(again).toBe("dev-jsapi-ticket-2");
    expect(dev.issued).toEqual({ accessTokens: 2, jsapiTickets: 2 });
  });

  it("drops an access token WeChat no longer takes and buys a new one", async () => {
    const kv = memoryKv();
    const dev = devWechat({ appId: "wxdev" });
    // Another process with the same secret bought a newer token: the stored one was retired.
    await kv.set("wechat:wxdev:access_token", "dev-access-token-0.1", 3600);
    expect(await createWechatCredentials(dev, kv).jsapiTicket()).toBe("dev-jsapi-ticket-1");
    expect(dev.issued.accessTokens).toBe(1);
    expect(await kv.get("wechat:wxdev:access_token")).toMatch(/^dev-access-token-1\./);
  });

  it("passes WeChat's refusal on and caches nothing", async () => {
    const kv = memoryKv();
    const { impl } = stubWechat({ token: { errcode: 40164, errmsg: "invalid ip" }, ticket: {} });
    const credentials = createWechatCredentials(
      officialAccount({ appId: "wxmp", secret: "s", fetchImpl: impl }),
      kv,
    );
    await expect(credentials.jsapiTicket()).rejects.toMatchObject({ errcode: 40164 });
    expect(await kv.get("wechat:wxmp:jsapi_ticket")).toBeNull();
    // The purchase lock went with the failure: the next request tries at once.
    expect(await kv.get("wechat:wxmp:jsapi_ticket:lock")).toBeNull();
  });
});

describe("choosing the provider", () => {
  it("dev answers without keys; live needs the official account's AppID and secret", () => {
    const kv = memoryKv();
    expect(createWechat({ provider: "dev", appId: null, secret: null }, kv)?.provider.mode).toBe("dev");
    expect(createWechat({ provider: "live", appId: "wxmp", secret: null }, kv)).toBeNull();
    const live = createWechat({ provider: "live", appId: "wxmp", secret: "s" }, kv);
    expect(live?.provider).toMatchObject({ mode: "live", appId: "wxmp" });
  });
});
