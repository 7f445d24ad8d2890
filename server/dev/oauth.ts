import type { FastifyInstance, FastifyReply } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import { escapeHtml } from "../../shared/html.ts";
import { DEV_BADGE, htmlPage, scriptJson, type HtmlPage } from "../lib/html-page.ts";
import { isOAuthChannel, type OAuthProviders } from "../lib/oauth.ts";
import { DEV_DEFAULT_NAME } from "../lib/oauth-dev.ts";
import { CHANNEL_TITLES } from "../services/oauth/oauth.ts";
import { POPUP_COOP, sendPopupPage } from "../services/oauth/pages.ts";
import { ChannelParams } from "../services/oauth/schema.ts";

const DevConsentQuery = Type.Object({
  redirect_uri: Type.String({ maxLength: 500 }),
  state: Type.String({ minLength: 1, maxLength: 128 }),
  scope: Type.Optional(Type.String({ maxLength: 32 })),
});

const DevAuthorizeBody = Type.Object({
  redirect_uri: Type.String({ maxLength: 500 }),
  state: Type.String({ minLength: 1, maxLength: 128 }),
  name: Type.Optional(Type.String({ maxLength: 32 })),
  decision: Type.Union([Type.Literal("allow"), Type.Literal("deny")]),
});

const FORM_CSS = `.card{background:#f7f8fa;border-radius:6px;padding:14px 16px;margin:12px 0}
label{display:block;margin:12px 0 4px;color:#515767}input{box-sizing:border-box;width:100%;padding:9px 10px;border:1px solid #c2c8d1;border-radius:4px;font-size:15px}
button.secondary{background:#f2f3f5;color:#515767}`;

/** The dev provider's consent screen: stands in for GitHub's, Weibo's and WeChat's authorize pages. */
function consentPage(opts: {
  channelTitle: string;
  action: string;
  redirectUri: string;
  state: string;
  defaultName: string;
  scope?: string;
}): HtmlPage {
  const { channelTitle, action, redirectUri, state, defaultName, scope } = opts;
  const hidden = `<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}"><input type="hidden" name="state" value="${escapeHtml(state)}">`;
  const body = `<h1>${escapeHtml(channelTitle)} 授权${DEV_BADGE}</h1>
<p class="lead">这是本地开发用的模拟授权页。确认后会像真实的${escapeHtml(channelTitle)}一样，带着授权码和原样的 state 跳回站点。</p>${
    scope === "snsapi_userinfo"
      ? `<p class="lead">代替微信内置浏览器中的公众号网页授权（scope ${escapeHtml(scope)}），同名即扫码登录的同一个人。</p>`
      : ""
  }
<form method="post" action="${escapeHtml(action)}">${hidden}
<div class="card"><label for="dev-oauth-name">测试身份（同名即同一个${escapeHtml(channelTitle)}账号）</label>
<input id="dev-oauth-name" name="name" maxlength="32" value="${escapeHtml(defaultName)}" autocomplete="off"></div>
<button type="submit" name="decision" value="allow" id="dev-oauth-allow">以 ${escapeHtml(defaultName)} 身份授权</button>
<button type="submit" name="decision" value="deny" class="secondary">取消</button></form>`;
  // The button names the identity that will be used, as the provider's own page names the account.
  const script = `(function(){var i=document.getElementById("dev-oauth-name"),b=document.getElementById("dev-oauth-allow");
i.addEventListener("input",function(){b.textContent="以 "+(i.value.trim()||${scriptJson(defaultName)})+" 身份授权"})})();`;
  return htmlPage({ title: `${channelTitle} 授权（开发环境）`, body, css: FORM_CSS, script });
}

function errorPage(message: string): HtmlPage {
  return htmlPage({
    title: "授权出错（开发环境）",
    body: `<h1>授权出错${DEV_BADGE}</h1><p class="error">${escapeHtml(message)}</p>`,
  });
}

/**
 * /dev/oauth/{channel} and its authorize POST: the dev provider's consent screen, standing in for
 * the providers' authorize pages (server/lib/oauth-dev.ts, ADR 010). Only with OAUTH_PROVIDER=dev.
 */
export function devOAuthRoutes(app: FastifyInstance, dev: NonNullable<OAuthProviders["dev"]>) {
  const root = app.withTypeProvider<TypeBoxTypeProvider>();

  /**
   * The channel's provider, or null once the error page is sent: both routes refuse an unknown
   * channel, and, like a real provider, any redirect_uri but the app's registered callback (codes
   * only ever go there).
   */
  const registeredProvider = (reply: FastifyReply, channel: string, redirectUri: string) => {
    if (!isOAuthChannel(channel)) {
      sendPopupPage(reply, 404, errorPage("不支持的授权渠道"));
      return null;
    }
    const provider = dev[channel];
    if (redirectUri !== provider.registeredRedirect) {
      sendPopupPage(reply, 400, errorPage("redirect_uri 与应用登记的回调地址不一致"));
      return null;
    }
    return provider;
  };

  root.get(
    "/dev/oauth/:channel",
    { schema: { hide: true, params: ChannelParams, querystring: DevConsentQuery } },
    async (req, reply) => {
      const provider = registeredProvider(reply, req.params.channel, req.query.redirect_uri);
      if (!provider) return reply;
      return sendPopupPage(
        reply,
        200,
        consentPage({
          channelTitle: CHANNEL_TITLES[provider.channel],
          action: `${provider.consentPath}/authorize`,
          redirectUri: req.query.redirect_uri,
          state: req.query.state,
          defaultName: DEV_DEFAULT_NAME,
          scope: req.query.scope,
        }),
      );
    },
  );

  root.post(
    "/dev/oauth/:channel/authorize",
    { schema: { hide: true, params: ChannelParams, body: DevAuthorizeBody } },
    async (req, reply) => {
      const { redirect_uri: redirectUri, state, decision } = req.body;
      const provider = registeredProvider(reply, req.params.channel, redirectUri);
      if (!provider) return reply;
      const back = new URLSearchParams({ state });
      if (decision === "allow") {
        back.set("code", await provider.issueCode(req.body.name?.trim() || DEV_DEFAULT_NAME, redirectUri));
      } else {
        back.set("error", "access_denied");
      }
      return reply.header("Cross-Origin-Opener-Policy", POPUP_COOP).redirect(`${redirectUri}?${back}`, 303);
    },
  );
}
