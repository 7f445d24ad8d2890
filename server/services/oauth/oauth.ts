import { randomBytes } from "node:crypto";
import { AppError, notFound, unauthorized } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { sha256 } from "../../lib/crypto.ts";
import { uniqueViolation } from "../../lib/pg-errors.ts";
import {
  createOAuthProviders,
  isOAuthChannel,
  OAuthError,
  type OAuthChannel,
  type OAuthProfile,
  type OAuthProviders,
} from "../../lib/oauth.ts";
import { checkUsername, LIMITS, USERNAME_PATTERN } from "../../../shared/validation.ts";
import type { AuthResult, AuthService } from "../auth/index.ts";
import type { Caller, Deps } from "../deps.ts";
import {
  findUserById,
  insertUser,
  listBindings,
  usernameTaken,
  type OwnerProof,
  type UserRow,
  type UserService,
} from "../users/index.ts";
import { presentCommunity } from "../users/index.ts";
import { findBindingByExternal, findBindingOfUser, insertBinding, refreshBinding } from "./queries.ts";

/** A state is good for one round trip to the provider within this time (spec: 10 minutes). */
export const STATE_TTL_SECONDS = 600;
export const OAUTH_MODES = ["login", "bind"] as const;
export type OAuthMode = (typeof OAUTH_MODES)[number];
/** How the provider asks: by its usual page (WeChat: a QR code) or inside WeChat's own browser. */
export type OAuthVia = "qr" | "inapp";

export const CHANNEL_TITLES: Record<OAuthChannel, string> = {
  weibo: "微博",
  wechat: "微信",
  github: "GitHub",
};

/**
 * Where the flow may send the browser afterwards: a path on this site only. Not "//host" or "/\host"
 * (browsers read both as another host), no whitespace or control characters, no backslashes.
 * The same pattern is the query schema's, so a bad value answers 400 before any state is made.
 */
export const REDIRECT_PATTERN = "^/(?![/\\\\])[^\\s\\\\\\u0000-\\u001f\\u007f]*$";
const SAFE_REDIRECT = new RegExp(REDIRECT_PATTERN, "u");
export const REDIRECT_MAX = 500;

export const isSafeRedirect = (path: string) => path.length <= REDIRECT_MAX && SAFE_REDIRECT.test(path);

/** A failed callback, with the page the user should go back to. Still an AppError (one vocabulary). */
export class OAuthFlowError extends AppError {
  constructor(
    code: number,
    message: string,
    readonly redirect: string = "/",
  ) {
    super(code, message);
  }
}

interface StateRecord {
  channel: OAuthChannel;
  mode: OAuthMode;
  /** Bind: who asked; the callback must come from the same account. */
  userId: string | null;
  redirect: string;
  /** Which WeChat app issued the code: the callback must trade it with the same one. */
  via?: OAuthVia;
  /** SHA-256 of the browser's oauth cookie: the callback must come from the same browser. */
  browser: string;
  /** Bind: the owner proved it before the flow began (a grant of confirmBind); nothing binds without. */
  confirmed?: true;
}

/** What confirmBind hands to start: who proved themselves, for which channel. Single use. */
interface BindGrant {
  userId: string;
  channel: OAuthChannel;
}

export type CallbackOutcome =
  | { outcome: "bound" | "cancelled"; redirect: string; channel: OAuthChannel }
  | { outcome: "login" | "created"; redirect: string; channel: OAuthChannel; session: AuthResult };

const stateKey = (state: string) => `oauth:state:${state}`;
const grantKey = (grant: string) => `oauth:grant:${grant}`;

/**
 * A §5-valid username from a provider's display name: characters outside the rule become "_",
 * cut to the length limit; nothing usable left → "<channel>用户".
 */
export function usernameFromNickname(nickname: string, channel: OAuthChannel): string {
  const allowed = [...nickname.normalize("NFKC")]
    .map((ch) => (USERNAME_PATTERN.test(ch) ? ch : "_"))
    .join("")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  const base = allowed || `${CHANNEL_TITLES[channel]}用户`;
  return [...base].slice(0, LIMITS.usernameMax).join("");
}

/** `base`, or `base` cut short with "_" and 4 random hex characters, still within the limit. */
function withSuffix(base: string): string {
  const suffix = `_${randomBytes(2).toString("hex")}`;
  return [...base].slice(0, LIMITS.usernameMax - suffix.length).join("") + suffix;
}

const AVATAR = /^https?:\/\/[^\s]+$/;

/**
 * Third-party login and binding (spec §1, §7; ADR 010): start → provider → callback. The state is
 * single use, expires, and is bound to the browser (a cookie) and, for binding, to the account.
 */
export function createOAuthService(
  deps: Deps,
  auth: AuthService,
  users: Pick<UserService, "proveOwner" | "tellAccount">,
) {
  const { db, kv, config } = deps;
  const providers: OAuthProviders = createOAuthProviders(config.oauth, config.publicUrl, kv);

  function channelOf(name: string): OAuthChannel {
    if (!isOAuthChannel(name)) throw notFound("不支持的第三方账号类型");
    return name;
  }

  function providerOf(channel: OAuthChannel, redirect = "/", via: OAuthVia = "qr") {
    const provider = via === "inapp" ? providers.wechatInApp : providers.get(channel);
    if (!provider) throw new OAuthFlowError(503, `暂未开通${CHANNEL_TITLES[channel]}账号登录`, redirect);
    return provider;
  }

  /** Creates the account of a first third-party login, with its binding, in one transaction. */
  async function createAccount(channel: OAuthChannel, profile: OAuthProfile): Promise<UserRow> {
    const base = usernameFromNickname(profile.nickname || profile.username, channel);
    for (let attempt = 0; attempt < 6; attempt++) {
      const username = attempt === 0 ? base : withSuffix(base);
      // Belt and braces: the derived name must pass the same rule registration does.
      if (checkUsername(username) || (await usernameTaken(db, username))) continue;
      try {
        return await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            id: newId(),
            username,
            // No password, e-mail or phone: the account logs in through this binding until the
            // user binds a phone or e-mail (settings → account).
            passwordHash: null,
            avatarLarge: AVATAR.test(profile.avatar) ? profile.avatar.slice(0, 500) : "",
          });
          await insertBinding(tx, {
            id: newId(),
            userId: user.id,
            channel,
            externalUid: profile.externalUid,
            username: profile.username.slice(0, 128),
            nickname: profile.nickname.slice(0, 128),
          });
          return user;
        });
      } catch (err) {
        const constraint = uniqueViolation(err);
        // A concurrent registration took the name: try another. Anything else is not ours to hide.
        if (constraint === null || !constraint.includes("username")) throw err;
      }
    }
    throw new AppError(500, "无法生成可用的用户名，请稍后重试");
  }

  return {
    providers,

    /** The channels that can be used now (live mode: those with keys). */
    channels(): OAuthChannel[] {
      return (["weibo", "wechat", "github"] as const).filter((c) => providers.get(c));
    },

    /** The caller's bindings as the spec's community (authData): channel → {uid, username, nickname}. */
    async community(caller: Caller) {
      if (!caller.userId) throw unauthorized();
      return presentCommunity(await listBindings(db, caller.userId));
    },

    /**
     * POST /api/oauth/{channel}/bind: binding a way in asks the owner's proof first (a
     * stolen session alone bound the attacker's GitHub), as GitHub's sudo mode does. The proof cannot
     * ride on start (a GET the browser opens: no password in an address), so this call checks it and
     * answers start's address with a grant: single use, 10 minutes, this account and channel only.
     */
    async confirmBind(channelName: string, input: OwnerProof & { redirect?: string }, caller: Caller) {
      const channel = channelOf(channelName);
      const redirect = input.redirect ?? "/user/settings/account";
      if (!isSafeRedirect(redirect)) throw new AppError(400, "跳转地址只能是本站页面", "redirect");
      if (!caller.userId) throw unauthorized();
      const user = await findUserById(db, caller.userId);
      if (!user) throw unauthorized();
      providerOf(channel, redirect);
      await users.proveOwner(user, input, caller);
      const grant = randomBytes(24).toString("base64url");
      const record: BindGrant = { userId: user.id, channel };
      await kv.set(grantKey(grant), JSON.stringify(record), STATE_TTL_SECONDS);
      return { url: `/api/oauth/${channel}/start?${new URLSearchParams({ mode: "bind", redirect, grant })}` };
    },

    /**
     * GET /api/oauth/{channel}/start: makes a single-use state (bound to the browser's cookie
     * `browser`, the mode, the caller for binding and the return path) and answers the provider URL.
     */
    async start(
      channelName: string,
      input: { mode: OAuthMode; redirect?: string; via?: OAuthVia; grant?: string },
      caller: Caller,
      browser: string,
    ): Promise<string> {
      const channel = channelOf(channelName);
      const redirect = input.redirect ?? (input.mode === "bind" ? "/user/settings/account" : "/");
      if (!isSafeRedirect(redirect)) throw new OAuthFlowError(400, "跳转地址只能是本站页面");
      const via = input.via ?? "qr";
      if (via === "inapp" && channel !== "wechat") {
        throw new OAuthFlowError(400, "只有微信登录可以在微信内完成", redirect);
      }
      const provider = providerOf(channel, redirect, via);
      if (input.mode === "bind") {
        if (!caller.userId) throw new OAuthFlowError(401, "请先登录", redirect);
        const raw = input.grant ? await kv.take(grantKey(input.grant)) : null;
        const grant = raw ? (JSON.parse(raw) as BindGrant) : null;
        if (grant?.userId !== caller.userId || grant.channel !== channel) {
          throw new OAuthFlowError(403, "请先输入当前密码确认是你本人，再绑定", redirect);
        }
      }
      const state = randomBytes(24).toString("base64url");
      const record: StateRecord = {
        channel,
        mode: input.mode,
        userId: input.mode === "bind" ? caller.userId : null,
        redirect,
        via,
        browser: sha256(browser),
        ...(input.mode === "bind" ? { confirmed: true as const } : {}),
      };
      await kv.set(stateKey(state), JSON.stringify(record), STATE_TTL_SECONDS);
      return provider.authorizeUrl(state, providers.redirectUri(channel));
    },

    /**
     * GET /api/oauth/{channel}/callback: spends the state, trades the code for the profile, then
     * binds (bind) or logs in — creating the account on a first login (login). Refusals throw
     * OAuthFlowError: 400 bad state, 403 another browser or account, 409 already bound, 502 the
     * provider refused.
     */
    async callback(
      channelName: string,
      query: { code?: string; state?: string; error?: string },
      caller: Caller,
      browser: string | undefined,
    ): Promise<CallbackOutcome> {
      const channel = channelOf(channelName);
      const title = CHANNEL_TITLES[channel];
      const raw = query.state ? await kv.take(stateKey(query.state)) : null;
      const record = raw ? (JSON.parse(raw) as StateRecord) : null;
      if (!record || record.channel !== channel) {
        throw new OAuthFlowError(400, "授权已失效，请重新发起", "/");
      }
      const { redirect } = record;
      // Login CSRF: a code and state captured in one browser cannot finish in another.
      if (!browser || sha256(browser) !== record.browser) {
        throw new OAuthFlowError(403, "请在发起授权的浏览器中完成授权", redirect);
      }
      // The user said no on the provider's page (GitHub/Weibo: error=access_denied; WeChat: no code).
      if (query.error || !query.code) return { outcome: "cancelled", redirect, channel };
      if (record.mode === "bind" && (!caller.userId || caller.userId !== record.userId)) {
        throw new OAuthFlowError(403, "请使用发起绑定的账号完成绑定", redirect);
      }
      if (record.mode === "bind" && !record.confirmed) {
        throw new OAuthFlowError(403, "请先输入当前密码确认是你本人，再绑定", redirect);
      }
      const provider = providerOf(channel, redirect, record.via);
      let profile: OAuthProfile;
      try {
        profile = await provider.exchange(query.code, providers.redirectUri(channel));
      } catch (err) {
        if (!(err instanceof OAuthError) && !(err instanceof Error && err.name === "TimeoutError")) throw err;
        throw new OAuthFlowError(502, `${title}授权失败，请重试`, redirect);
      }
      if (!profile.externalUid) throw new OAuthFlowError(502, `${title}授权失败，请重试`, redirect);

      const existing = await findBindingByExternal(db, channel, profile.externalUid);
      if (existing) {
        await refreshBinding(
          db,
          existing.binding.id,
          profile.username.slice(0, 128),
          profile.nickname.slice(0, 128),
        );
      }

      if (record.mode === "bind") {
        const userId = record.userId!;
        if (existing) {
          if (existing.user.id !== userId) {
            throw new OAuthFlowError(409, `该${title}账号已绑定其他用户`, redirect);
          }
          return { outcome: "bound", redirect, channel };
        }
        if (await findBindingOfUser(db, userId, channel)) {
          throw new OAuthFlowError(409, `你已绑定了其他${title}账号，请先解绑`, redirect);
        }
        try {
          // A new way in: the account's other sessions end with it.
          await db.transaction(async (tx) => {
            await insertBinding(tx, {
              id: newId(),
              userId,
              channel,
              externalUid: profile.externalUid,
              username: profile.username.slice(0, 128),
              nickname: profile.nickname.slice(0, 128),
            });
            await auth.endSessions(tx, userId, caller.sessionId);
          });
        } catch (err) {
          // A concurrent bind of the same account or channel won the unique index.
          if (uniqueViolation(err) !== null)
            throw new OAuthFlowError(409, `该${title}账号已被绑定`, redirect);
          throw err;
        }
        const owner = await findUserById(db, userId);
        const shown = profile.nickname || profile.username;
        if (owner) await users.tellAccount(owner, `绑定了${title}账号${shown ? ` ${shown}` : ""}`);
        return { outcome: "bound", redirect, channel };
      }

      let user = existing?.user;
      let outcome: "login" | "created" = "login";
      if (!user) {
        try {
          user = await createAccount(channel, profile);
          outcome = "created";
        } catch (err) {
          // The same first login finishing twice at once: the other one made the account.
          if (uniqueViolation(err) === null) throw err;
          user = (await findBindingByExternal(db, channel, profile.externalUid))?.user;
          if (!user) throw err;
        }
      }
      // Switching accounts in this browser: the session it replaces ends on the server too.
      if (caller.sessionId && caller.userId !== user.id) await auth.logout(caller);
      const fresh = (await findUserById(db, user.id)) ?? user;
      const session = await auth.startSession(fresh, caller);
      return { outcome, redirect, channel, session };
    },
  };
}
