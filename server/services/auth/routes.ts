import { createHash } from "node:crypto";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { clearSessionCookie, setSessionCookie } from "../../plugins/session.ts";
import { randomToken } from "../../lib/crypto.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import { EmailLoginBody, PhoneLoginBody, WechatAuthQuery } from "./schema.ts";
import { LOGINS } from "../../lib/rate-limits.ts";

const AUTH_NOTE =
  "认证服务保留 HTTP 状态作为错误码（§8）：401 密码错误，403 失败次数过多，404 账号不存在，410 需要重置密码。" +
  "成功时 d 为 {user, clientId, token}，同时写入 httpOnly 会话 Cookie。";

/** Auth service of spec §7: login by e-mail or phone, logout, the in-app share signature. */
export function authRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  return async (app) => {
    const loginLimit = { rateLimit: LOGINS };

    app.post(
      "/auth/type/email",
      {
        schema: { tags: ["auth"], summary: "邮箱登录", description: AUTH_NOTE, body: EmailLoginBody },
        config: loginLimit,
      },
      async (req, reply) => {
        const { email, password, clientId, device_id } = req.body;
        const result = await services.auth.login("email", email, password, req.caller, clientId ?? device_id);
        setSessionCookie(reply, config, result.token);
        return ok(result);
      },
    );

    app.post(
      "/auth/type/phoneNumber",
      {
        schema: { tags: ["auth"], summary: "手机号登录", description: AUTH_NOTE, body: PhoneLoginBody },
        config: loginLimit,
      },
      async (req, reply) => {
        const { phoneNumber, password, clientId, device_id } = req.body;
        const result = await services.auth.login(
          "phone",
          phoneNumber,
          password,
          req.caller,
          clientId ?? device_id,
        );
        setSessionCookie(reply, config, result.token);
        return ok(result);
      },
    );

    app.delete(
      "/auth",
      { schema: { tags: ["auth"], summary: "登出：在服务器上结束当前会话" } },
      async (req, reply) => {
        await services.auth.logout(req.caller);
        clearSessionCookie(reply, config);
        return ok({});
      },
    );

    app.get(
      "/wechat/auth",
      {
        schema: {
          tags: ["auth"],
          summary: "微信内置浏览器分享签名",
          description:
            "返回 appId、timestamp、nonceStr、signature。签名按 JS-SDK 规则计算；本地开发实现使用开发 ticket（WECHAT_APP_ID/WECHAT_JSAPI_TICKET 可配置）。",
          querystring: WechatAuthQuery,
        },
      },
      async (req) => {
        const appId = process.env.WECHAT_APP_ID ?? "wx-development";
        const ticket = process.env.WECHAT_JSAPI_TICKET ?? "development-ticket";
        const nonceStr = randomToken(12);
        const timestamp = Math.floor(Date.now() / 1000);
        const url = req.query.url.split("#")[0];
        const signature = createHash("sha1")
          .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`)
          .digest("hex");
        return ok({ appId, timestamp, nonceStr, signature });
      },
    );
  };
}
