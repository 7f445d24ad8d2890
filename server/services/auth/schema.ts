import { Type, type Static } from "@sinclair/typebox";
import { LIMITS } from "../../../shared/validation.ts";

// Lengths here are the input limits of spec §5; the finer rules (format, empty) are checked by
// shared/validation.ts inside the service so the message is the one the form shows.
const clientFields = {
  clientId: Type.Optional(
    Type.String({ maxLength: 64, description: "客户端标识（auth triple 的 clientId）" }),
  ),
  device_id: Type.Optional(Type.String({ maxLength: 64, description: "clientId 的别名" })),
  imageToken: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        "getRandCode 的 imageToken：只在该账号失败次数过多、返回 403 且 d.field 为 imageCode 时需要",
    }),
  ),
  imageCode: Type.Optional(
    Type.String({ maxLength: LIMITS.captchaLength, description: "4 位图片验证码（同上）" }),
  ),
};

export const EmailLoginBody = Type.Object({
  email: Type.String({ maxLength: 254, description: "邮箱" }),
  password: Type.String({ maxLength: LIMITS.passwordMax }),
  ...clientFields,
});
export type EmailLoginBody = Static<typeof EmailLoginBody>;

export const PhoneLoginBody = Type.Object({
  phoneNumber: Type.String({ maxLength: 20, description: "中国大陆手机号" }),
  password: Type.String({ maxLength: LIMITS.passwordMax }),
  ...clientFields,
});
export type PhoneLoginBody = Static<typeof PhoneLoginBody>;

export const WechatAuthQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000, description: "需要签名的页面地址" }),
});

/** wx.config's signature fields (wechat.ts JsSdkConfig). */
export const JsSdkConfig = Type.Object({
  appId: Type.String(),
  timestamp: Type.Integer({ description: "秒" }),
  nonceStr: Type.String(),
  signature: Type.String({ description: "SHA-1，小写十六进制" }),
});
