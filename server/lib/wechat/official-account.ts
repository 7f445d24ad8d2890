/** The real official account API (developers.weixin.qq.com: 获取 Access token, JS-SDK 附录1). */
import { WechatError, type WechatGrant, type WechatProvider } from "./provider.ts";

export interface OfficialAccountOptions {
  appId: string;
  secret: string;
  fetchImpl?: typeof fetch;
  /** Tests only: another host than https://api.weixin.qq.com. */
  baseUrl?: string;
}

const TIMEOUT_MS = 10_000;

/** One GET of WeChat's API: JSON whatever the content type claims, errcode ≠ 0 is a refusal. */
async function call(doFetch: typeof fetch, url: string, what: string, field: string): Promise<WechatGrant> {
  let body: Record<string, unknown>;
  try {
    const res = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    body = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    throw Object.assign(new WechatError(`wechat ${what}: ${String(err)}`), { cause: err });
  }
  const errcode = Number(body?.errcode ?? 0);
  const value = body?.[field];
  if (errcode !== 0 || typeof value !== "string" || !value) {
    throw new WechatError(`wechat ${what}: ${errcode} ${String(body?.errmsg ?? "")}`.trim(), errcode);
  }
  const expiresIn = Number(body.expires_in);
  // WeChat documents 7200 s for both; a missing or odd value gets that too.
  return { value, expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 7200 };
}

export function officialAccount(opts: OfficialAccountOptions): WechatProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  const base = opts.baseUrl ?? "https://api.weixin.qq.com";
  return {
    mode: "live",
    appId: opts.appId,
    accessToken() {
      const q = new URLSearchParams({
        grant_type: "client_credential",
        appid: opts.appId,
        secret: opts.secret,
      });
      return call(doFetch, `${base}/cgi-bin/token?${q}`, "token", "access_token");
    },
    jsapiTicket(accessToken) {
      const q = new URLSearchParams({ access_token: accessToken, type: "jsapi" });
      return call(doFetch, `${base}/cgi-bin/ticket/getticket?${q}`, "getticket", "ticket");
    },
  };
}
