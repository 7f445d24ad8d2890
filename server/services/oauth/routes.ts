import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { randomToken } from "../../lib/crypto.ts";
import { isAppError } from "../../../shared/errors.ts";
import { setSessionCookie } from "../../plugins/session.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import { CHANNEL_TITLES } from "./oauth.ts";
import { POPUP_COOP, resultPage, sendPopupPage } from "./pages.ts";
import {
  BindConfirmBody,
  BindStart,
  CallbackPage,
  CallbackQuery,
  ChannelParams,
  StartQuery,
  StartRedirect,
} from "./schema.ts";
import { ok } from "../../plugins/envelope.ts";
import { NEEDS_LOGIN } from "../../lib/route-notes.ts";
import { OAUTH_FLOWS } from "../../lib/rate-limits.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

/** The browser's OAuth cookie: a state can only be finished by the browser that started it. */
export const OAUTH_BROWSER_COOKIE = "nugget_oauth";

const FLOW_NOTE =
  "OAuth 授权码流程（§7）。这两个 GET 不需要 x-csrf-token：CSRF 的防线是 state —— 随机、一次性、10 分钟过期，" +
  "绑定发起它的浏览器（httpOnly Cookie `nugget_oauth`），绑定模式下还绑定发起的账号；回调拿不出匹配的 state 就被拒绝。" +
  "start 跳转（302）到第三方授权页；callback 返回 HTML：在弹窗中通知打开者并关闭自己，否则跳回 redirect。";

/** start can be hit by anyone; each call stores a state, so it is limited per address. */
const FLOW_LIMIT = { rateLimit: OAUTH_FLOWS };

/** Third-party login and binding (spec §7, ADR 010). The dev consent pages: server/dev/oauth.ts. */
export function oauthRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  const { oauth } = services;
  const secure = config.publicUrl.startsWith("https://");

  function browserId(req: FastifyRequest, reply: FastifyReply): string {
    const existing = req.cookies[OAUTH_BROWSER_COOKIE];
    const id = existing && /^[\w-]{20,64}$/.test(existing) ? existing : randomToken(24);
    // SameSite=Lax: sent on the provider's top-level redirect back to the callback.
    reply.setCookie(OAUTH_BROWSER_COOKIE, id, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/api/oauth",
      maxAge: 600,
    });
    return id;
  }

  const failure = (err: unknown) => {
    if (!isAppError(err)) throw err;
    const redirect = (err as { redirect?: string }).redirect ?? "/";
    return {
      status: err.status,
      page: resultPage({ status: "error", title: "授权失败", message: err.message, redirect }),
    };
  };

  return async (app) => {
    app.post(
      "/oauth/:channel/bind",
      route({
        tags: ["oauth"],
        summary: "绑定第三方账号前确认本人（得到发起绑定的地址）",
        description:
          NEEDS_LOGIN +
          "绑定是新增一种登录方式，须先确认是账号本人（类似 GitHub 的 sudo 模式）：账号设置过密码时需要 password（当前密码，缺少或错误返回 400，d.field 为 password）；" +
          "没有密码但已绑定手机号的账号需要 smsCode（sendSmsCodeToUser useType confirm，缺少 400、错误 10017，d.field 为 smsCode）；两者都没有的账号返回 400，须先绑定手机号。" +
          "成功时 d.url 为 GET /api/oauth/{channel}/start?mode=bind&grant=… 的地址（grant 一次有效，10 分钟内，只能由本账号用于该渠道），在弹窗中打开它。" +
          "绑定完成后该账号其他设备上的登录退出，账号邮箱收到通知。",
        params: ChannelParams,
        body: BindConfirmBody,
        config: FLOW_LIMIT,
        response: okResponse(BindStart),
      }),
      async (req) => ok(await oauth.confirmBind(req.params.channel, req.body, req.caller)),
    );

    app.get(
      "/oauth/:channel/start",
      route({
        cache: false,
        tags: ["oauth"],
        summary: "发起第三方登录或绑定（跳转到授权页）",
        description: FLOW_NOTE,
        params: ChannelParams,
        querystring: StartQuery,
        config: FLOW_LIMIT,
        response: { 302: StartRedirect },
      }),
      async (req, reply) => {
        try {
          const url = await oauth.start(req.params.channel, req.query, req.caller, browserId(req, reply));
          return reply
            .header("Cache-Control", "no-store")
            .header("Cross-Origin-Opener-Policy", POPUP_COOP)
            .redirect(url, 302);
        } catch (err) {
          const { status, page } = failure(err);
          return sendPopupPage(reply, status, page);
        }
      },
    );

    app.get(
      "/oauth/:channel/callback",
      route({
        cache: false,
        tags: ["oauth"],
        summary: "第三方授权回调：绑定，或登录（首次登录创建账号）",
        description:
          FLOW_NOTE +
          " 失败时同样返回 HTML：400 state 无效或已用过，403 不是发起的浏览器或账号，409 该第三方账号已绑定其他用户或本账号已绑定该渠道，502 第三方拒绝。" +
          "首次登录创建的账号没有密码，用户名取自第三方昵称（按 §5 规则清理并去重）。",
        params: ChannelParams,
        querystring: CallbackQuery,
        config: FLOW_LIMIT,
        response: { 200: CallbackPage },
      }),
      async (req, reply) => {
        try {
          const result = await oauth.callback(
            req.params.channel,
            req.query,
            req.caller,
            req.cookies[OAUTH_BROWSER_COOKIE],
          );
          const title = CHANNEL_TITLES[result.channel];
          if (result.outcome === "login" || result.outcome === "created") {
            setSessionCookie(reply, config, result.session.token);
          }
          const message = {
            bound: `${title}账号绑定成功`,
            login: "登录成功",
            created: `登录成功，已为你创建账号 ${"session" in result ? result.session.user.username : ""}`,
            cancelled: "已取消授权",
          }[result.outcome];
          const cancelled = result.outcome === "cancelled";
          return sendPopupPage(
            reply,
            200,
            resultPage({
              status: cancelled ? "cancelled" : "ok",
              title: cancelled ? "已取消" : "授权成功",
              message,
              redirect: result.redirect,
            }),
          );
        } catch (err) {
          const { status, page } = failure(err);
          return sendPopupPage(reply, status, page);
        }
      },
    );
  };
}
