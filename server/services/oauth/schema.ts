import { Type } from "@sinclair/typebox";
import { REDIRECT_MAX, REDIRECT_PATTERN } from "./oauth.ts";

export const ChannelParams = Type.Object({
  channel: Type.String({ maxLength: 16, description: "weibo、wechat 或 github；其他值返回 404" }),
});

const redirect = Type.String({
  maxLength: REDIRECT_MAX,
  pattern: REDIRECT_PATTERN,
  description: "完成后返回的本站路径（以 / 开头的相对路径；其他站点的地址返回 400）",
});

export const StartQuery = Type.Object({
  mode: Type.Union([Type.Literal("login"), Type.Literal("bind")], {
    default: "login",
    description: "login：登录（首次登录自动创建账号）；bind：为当前登录账号绑定",
  }),
  via: Type.Optional(
    Type.Union([Type.Literal("qr"), Type.Literal("inapp")], {
      description:
        "仅微信：qr（默认）为开放平台网站应用扫码登录；inapp 为在微信内置浏览器中以公众号网页授权（snsapi_userinfo）登录，不扫码。其他渠道用 inapp 返回 400",
    }),
  ),
  redirect: Type.Optional(redirect),
  grant: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        "mode=bind 必填：POST /api/oauth/{channel}/bind 确认本人后返回的地址中带有它（一次有效，10 分钟内）；缺少、用过或属于其他账号返回 403",
    }),
  ),
});

/** Binding's confirmation: the owner's proof, and where the flow returns afterwards. */
export const BindConfirmBody = Type.Object({
  password: Type.Optional(
    Type.String({
      maxLength: 128,
      description: "当前密码；账号设置过密码时必填（缺少或错误返回 400，d.field 为 password）",
    }),
  ),
  smsCode: Type.Optional(
    Type.String({
      maxLength: 6,
      description:
        "没有密码的账号必填：发到本账号已绑定手机号的短信验证码（sendSmsCodeToUser useType confirm）；缺少返回 400、错误返回 10017，d.field 为 smsCode",
    }),
  ),
  redirect: Type.Optional(redirect),
});

/** What providers send back: code and state, or an error when the user declined. */
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 128 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 1000 })),
  error_code: Type.Optional(Type.String({ maxLength: 32 })),
});

/** POST bind: where to start the binding (GET …/start?mode=bind&grant=…). */
export const BindStart = Type.Object({ url: Type.String({ description: "在弹窗中打开的地址" }) });

/**
 * start answers a redirect to the provider; callback an HTML page. Neither is an envelope: they are
 * documented as they are (a failure of either is an HTML page too, with its status).
 */
export const StartRedirect = Type.Null({ description: "跳转到第三方授权页（Location 头），没有正文" });
export const CallbackPage = {
  description:
    "HTML 页面：在弹窗中通知打开者（window.opener）并关闭自己，否则跳回 redirect；失败时同样是 HTML，状态码见说明。",
  content: { "text/html": { schema: Type.String() } },
};
