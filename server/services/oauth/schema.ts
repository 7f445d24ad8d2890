import { Type } from "@sinclair/typebox";
import { REDIRECT_MAX, REDIRECT_PATTERN } from "./oauth.ts";

export const ChannelParams = Type.Object({
  channel: Type.String({ maxLength: 16, description: "weibo、wechat 或 github；其他值返回 404" }),
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
  redirect: Type.Optional(
    Type.String({
      maxLength: REDIRECT_MAX,
      pattern: REDIRECT_PATTERN,
      description: "完成后返回的本站路径（以 / 开头的相对路径；其他站点的地址返回 400）",
    }),
  ),
});

/** What providers send back: code and state, or an error when the user declined. */
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 512 })),
  state: Type.Optional(Type.String({ maxLength: 128 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 1000 })),
  error_code: Type.Optional(Type.String({ maxLength: 32 })),
});
