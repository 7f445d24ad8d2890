import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { randomToken } from "../../lib/crypto.ts";
import { isAppError } from "../../../shared/errors.ts";
import { setSessionCookie } from "../../plugins/session.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import { CHANNEL_TITLES } from "./oauth.ts";
import { POPUP_COOP, resultPage, sendPopupPage } from "./pages.ts";
import { CallbackQuery, ChannelParams, StartQuery } from "./schema.ts";
import { OAUTH_FLOWS } from "../../lib/rate-limits.ts";
import { route } from "../../lib/route.ts";

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
    app.get(
      "/oauth/:channel/start",
      route({
        tags: ["oauth"],
        summary: "发起第三方登录或绑定（跳转到授权页）",
        description: FLOW_NOTE,
        params: ChannelParams,
        querystring: StartQuery,
        config: FLOW_LIMIT,
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
        tags: ["oauth"],
        summary: "第三方授权回调：绑定，或登录（首次登录创建账号）",
        description:
          FLOW_NOTE +
          " 失败时同样返回 HTML：400 state 无效或已用过，403 不是发起的浏览器或账号，409 该第三方账号已绑定其他用户或本账号已绑定该渠道，502 第三方拒绝。" +
          "首次登录创建的账号没有密码，用户名取自第三方昵称（按 §5 规则清理并去重）。",
        params: ChannelParams,
        querystring: CallbackQuery,
        config: FLOW_LIMIT,
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
