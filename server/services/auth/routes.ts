import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { clearSessionCookie, setSessionCookie } from "../../plugins/session.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import type { Caller } from "../deps.ts";
import type { FastifyReply } from "fastify";
import { EmailLoginBody, JsSdkConfig, PhoneLoginBody, WechatAuthQuery } from "./schema.ts";
import { LOGINS } from "../../lib/rate-limits.ts";
import { WechatUnavailable } from "./wechat.ts";
import { route } from "../../lib/route.ts";
import { Empty, SessionStart, okResponse } from "../../lib/response.ts";

const AUTH_NOTE =
  "认证服务保留 HTTP 状态作为错误码（§8）：401 密码错误，403 失败次数过多，404 账号不存在，410 需要重置密码。" +
  "失败按账号和地址一起计：同一地址对同一账号 15 分钟内输错 5 次，该地址 403；其他地址不受影响。" +
  "该账号 15 分钟内在所有地址共输错 20 次后，登录还须带图片验证码 imageToken、imageCode（缺少或错误返回 403，d.field 为 imageCode）。" +
  "成功时 d 为 {user, clientId, token}，同时写入 httpOnly 会话 Cookie。";

/** Auth service of spec §7: login by e-mail or phone, logout, the in-app share signature. */
export function authRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  return async (app) => {
    // A suspended account may still log in (and read); its login answer says why it cannot write.
    const loginLimit = { rateLimit: LOGINS, suspendedMayCall: true };
    /** Both logins answer alike: the session in its cookie, and the envelope. */
    const logIn = async (
      reply: FastifyReply,
      by: "email" | "phone",
      account: string,
      body: {
        password: string;
        clientId?: string;
        device_id?: string;
        imageToken?: string;
        imageCode?: string;
      },
      caller: Caller,
    ) => {
      const result = await services.auth.login(
        by,
        account,
        body.password,
        caller,
        body.clientId ?? body.device_id,
        body,
      );
      setSessionCookie(reply, config, result.token);
      return ok(result);
    };

    app.post(
      "/auth/type/email",
      route({
        tags: ["auth"],
        summary: "邮箱登录",
        description: AUTH_NOTE,
        body: EmailLoginBody,
        config: loginLimit,
        response: okResponse(SessionStart),
      }),
      async (req, reply) => logIn(reply, "email", req.body.email, req.body, req.caller),
    );

    app.post(
      "/auth/type/phoneNumber",
      route({
        tags: ["auth"],
        summary: "手机号登录",
        description: AUTH_NOTE,
        body: PhoneLoginBody,
        config: loginLimit,
        response: okResponse(SessionStart),
      }),
      async (req, reply) => logIn(reply, "phone", req.body.phoneNumber, req.body, req.caller),
    );

    app.delete(
      "/auth",
      route({
        tags: ["auth"],
        summary: "登出：在服务器上结束当前会话",
        config: { suspendedMayCall: true },
        response: okResponse(Empty),
      }),
      async (req, reply) => {
        await services.auth.logout(req.caller);
        clearSessionCookie(reply, config);
        return ok({});
      },
    );

    app.get(
      "/wechat/auth",
      route({
        cache: false,
        tags: ["auth"],
        summary: "微信内置浏览器 JS-SDK 签名（分享卡片）",
        description:
          "返回 wx.config 所需的 appId、timestamp、nonceStr、signature：signature 为 " +
          "`jsapi_ticket=…&noncestr=…&timestamp=…&url=…` 的 SHA-1（url 去掉 # 及其后部分，按 JS-SDK 附录1）。" +
          "jsapi_ticket 由服务器用公众号 AppID/AppSecret 向微信换取（cgi-bin/token → cgi-bin/ticket/getticket，各 7200 秒），" +
          "存在共享存储中、到期前 5 分钟更新，多实例共用一份。网页在微信内置浏览器中每次路由变化后以当前地址调用一次（§2）。" +
          "503：未配置公众号（WECHAT_PROVIDER=live 而缺少 WECHAT_APP_ID/WECHAT_APP_SECRET）；502：微信接口拒绝或不可达。" +
          "本地开发（WECHAT_PROVIDER=dev）使用确定的开发 ticket，签名格式相同但只有测试用的 JS-SDK 替身接受。",
        querystring: WechatAuthQuery,
        response: okResponse(JsSdkConfig),
      }),
      async (req) => {
        try {
          return ok(await services.auth.jsSdkConfig(req.query.url));
        } catch (err) {
          // WeChat's own errcode and errmsg go to the log, never to the reader.
          if (err instanceof WechatUnavailable)
            req.log.warn({ err: err.cause }, "wechat jsapi ticket unavailable");
          throw err;
        }
      },
    );
  };
}
