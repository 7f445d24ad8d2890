import { Type, type Static } from "@sinclair/typebox";
import { LIMITS } from "../../../shared/validation.ts";
import { PROFILE_FIELD_NAMES } from "./rules.ts";

const password = (description: string) => Type.String({ maxLength: LIMITS.passwordMax, description });
const phone = Type.String({ maxLength: 20, description: "中国大陆手机号" });
const smsCode = Type.String({ maxLength: LIMITS.smsCodeInputMax, description: "6 位短信验证码" });
const email = Type.String({ maxLength: 254, description: "邮箱" });

export const CreateUserBody = Type.Object({
  username: Type.String({ maxLength: 64, description: "用户名：中文、字母、数字、下划线，最多 20 个字符" }),
  password: password("密码，6–128 位"),
  email: Type.Optional(email),
  phoneNumber: Type.Optional(phone),
  smsCode: Type.Optional(smsCode),
  vcode: Type.Optional(Type.String({ maxLength: LIMITS.smsCodeInputMax, description: "smsCode 的别名" })),
  clientId: Type.Optional(Type.String({ maxLength: 64 })),
  device_id: Type.Optional(Type.String({ maxLength: 64 })),
  invite: Type.Optional(
    Type.String({
      maxLength: 32,
      pattern: "^[A-Za-z0-9_-]*$",
      description: "邀请码（邀请链接 /?invite= 中的值）；未知或已用过的邀请码不影响注册",
    }),
  ),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

export const SendSmsBody = Type.Object({
  phone,
  imageToken: Type.String({ maxLength: 64, description: "getRandCode 返回的 imageToken" }),
  imageCode: Type.String({ maxLength: LIMITS.captchaLength, description: "4 位图片验证码" }),
  useType: Type.Union([
    Type.Literal("signup"),
    Type.Literal("restpwd"),
    Type.Literal("bind"),
    Type.Literal("close"),
    Type.Literal("confirm"),
  ]),
});

export const UpdateUserInfoBody = Type.Object({
  field: Type.Union(PROFILE_FIELD_NAMES.map((f) => Type.Literal(f))),
  value: Type.String({ maxLength: 500 }),
});

export const ChangePasswordBody = Type.Object({
  old_password: password("当前密码"),
  new_password: password("新密码，6–128 位"),
});

export const RestPasswordBody = Type.Object({ phone, smsCode, new_password: password("新密码") });
export const RestPwdByEmailBody = Type.Object({
  email,
  // Optional in the schema so a client without them gets the §5 answer naming imageCode, not a bare 400.
  imageToken: Type.Optional(
    Type.String({ maxLength: 64, description: "必填：getRandCode 返回的 imageToken（图片验证码）" }),
  ),
  imageCode: Type.Optional(
    Type.String({ maxLength: LIMITS.captchaLength, description: "必填：4 位图片验证码" }),
  ),
});
export const ChangePasswordByEmailTokenBody = Type.Object({
  mail_token: Type.String({ maxLength: 100, description: "重置邮件中的令牌" }),
  new_password: password("新密码"),
});
export const SendEmailBody = Type.Object({
  sendType: Type.Literal("verify"),
  email: Type.Optional(email),
});
export const VerifyEmailInput = Type.Object({ token: Type.String({ maxLength: 100 }) });
/**
 * The owner's proof (owner-proof.ts) for a change to the account's ways in: the current password,
 * or for an account without one the SMS code (useType confirm) sent to its bound phone.
 */
const proofPassword = Type.Optional(
  Type.String({
    maxLength: 128,
    description: "当前密码；账号设置过密码时必填（缺少或错误返回 400，d.field 为 password）",
  }),
);
const proofSmsCode = (field: string) =>
  Type.Optional(
    Type.String({
      maxLength: LIMITS.smsCodeInputMax,
      description:
        "没有密码的账号必填：发到本账号已绑定手机号的短信验证码（sendSmsCodeToUser useType confirm）；" +
        `缺少返回 400、错误返回 10017，d.field 为 ${field}`,
    }),
  );
export const UpdateEmailBody = Type.Object({
  email,
  password: proofPassword,
  smsCode: proofSmsCode("smsCode"),
});
export const BindMobileBody = Type.Object({
  phone,
  smsCode: Type.String({
    maxLength: LIMITS.smsCodeInputMax,
    description: "发到新手机号的 6 位短信验证码（useType bind）",
  }),
  password: proofPassword,
  currentSmsCode: proofSmsCode("currentSmsCode"),
});
export const RevertEmailInput = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 128, description: "旧邮箱收到的撤销链接中的 token" }),
});
export const UnbindBody = Type.Object({
  channel: Type.Optional(Type.String({ maxLength: 16, description: "weibo、wechat 或 github" })),
  isThird: Type.Optional(Type.Boolean()),
  email: Type.Optional(Type.Boolean({ description: "解绑邮箱" })),
  phone: Type.Optional(Type.Boolean({ description: "解绑手机号" })),
  password: proofPassword,
  smsCode: proofSmsCode("smsCode"),
});

/** The image captcha: a data: URL of the SVG, and the token its answer is kept under (5 minutes). */
export const RandCode = Type.Object({
  imageStr: Type.String({ description: "data:image/svg+xml;base64,…" }),
  imageToken: Type.String(),
});

/** An SMS code went out: seconds before the same phone may ask again. */
export const SmsSent = Type.Object({ cooldown: Type.Number() });

/** applyEditor's only answer (it has no success): HTTP 410. */
export const EditorApplicationGone = {
  410: Type.Object({ s: Type.Literal(410), m: Type.String(), d: Type.Null() }),
};
