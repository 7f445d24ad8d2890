import { AppError, RetryLaterError, badRequest } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, sha256, verifyPassword } from "../../lib/crypto.ts";
import { MESSAGES, checkEmail, checkPhone } from "../../../shared/validation.ts";
import { activeSuspension } from "../../../shared/report-rules.ts";
import type { Caller, Deps } from "../deps.ts";
import { findUserByEmail, findUserByPhone, takeCaptcha, updateUser, type UserRow } from "../users/index.ts";
import { presentSelf } from "../users/index.ts";
import type { Tx } from "../../../db/client.ts";
import {
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  touchSession,
} from "./queries.ts";
import { createRecentSessions } from "./recent-sessions.ts";
import { createJsSdkSigner } from "./wechat.ts";

export const SESSION_DAYS = 30;
/**
 * Login failures (issues 10 and 29). Counted per account *and* client (the address): `perClient`
 * wrong passwords for one account from one address lock that address out of that account for the
 * window (403, spec §8) — the owner signing in from anywhere else is not refused (five
 * wrong guesses from anywhere locked the owner's correct password). Against guessing spread over many
 * addresses, past `captchaAfter` wrong passwords for the account from all addresses together, every
 * login to it needs the image captcha as well, right password or not, until the window passes: the
 * correct password still gets in, a script does not. Per address: failures (wrong passwords, unknown
 * accounts) from one address never lock anyone out — thousands share one address on a campus or
 * behind carrier-grade NAT — but past `slowAfter` each further failure makes the address wait (429
 * with Retry-After) 1, 2, 4 … up to `maxSlowSeconds` before its next try, right or wrong. (Discourse
 * and GitHub count per account and client alike.)
 */
export const LOGIN_LIMITS = {
  perClient: 5,
  captchaAfter: 20,
  slowAfter: 20,
  maxSlowSeconds: 60,
  windowSeconds: 15 * 60,
};
export const LOGIN_MESSAGES = {
  wrongPassword: "密码错误",
  tooMany: "登录失败次数过多，请稍后再试",
  captcha: "该账号登录失败次数过多，请输入图片验证码",
  noAccount: { phone: "手机号不存在", email: "邮箱不存在" },
  mustReset: "为了您的账号安全，请重置密码",
};

export interface AuthResult {
  user: ReturnType<typeof presentSelf>;
  clientId: string;
  token: string;
  /**
   * Set when the account is suspended: it may log in and read, and this says why its
   * writes are refused and until when.
   */
  suspension?: { until: string; reason: string; message: string };
  /** This login undid the account's pending deletion (services/account-data); the page says so. */
  deletionCancelled?: true;
}

/** What a login asks of the services above auth (handed in by createServices). */
export interface LoginHooks {
  /** Account deletion: a login in the grace period cancels it ("cancelled"), past it refuses (throws). */
  onLogin(userId: string): Promise<"cancelled" | null>;
}

export interface ResolvedSession {
  sessionId: string;
  user: UserRow;
  /** The user muted or blocked someone (read with the session, so always current). */
  hidesAnyone: boolean;
}

export function createAuthService(deps: Deps, hooks?: LoginHooks) {
  const { db, kv } = deps;
  const recent = createRecentSessions(deps.signals);
  const accountKey = (userId: string) => `loginfail:user:${userId}`;
  // A reset starts a new epoch, so the addresses that failed before it are let in again.
  const epochKey = (userId: string) => `loginfail:epoch:${userId}`;
  const clientKey = async (userId: string, ip: string) =>
    `loginfail:user:${userId}:${(await kv.get(epochKey(userId))) ?? "0"}:ip:${ip}`;
  const addressKey = (ip: string) => `loginfail:ip:${ip}`;
  const slowKey = (ip: string) => `loginslow:ip:${ip}`;

  /** One more failure from an address; past slowAfter, the address waits before its next try. */
  async function addressFailed(ip: string) {
    const failures = await kv.incr(addressKey(ip), LOGIN_LIMITS.windowSeconds);
    const over = failures - LOGIN_LIMITS.slowAfter;
    if (over <= 0) return;
    const wait = Math.min(2 ** (over - 1), LOGIN_LIMITS.maxSlowSeconds);
    await kv.set(slowKey(ip), String(Date.now() + wait * 1000), wait);
  }

  /** Starts a session for `user`: the auth triple of spec §7. Only the token's hash is stored. */
  async function startSession(user: UserRow, caller: Caller, clientId?: string): Promise<AuthResult> {
    const deletion = hooks ? await hooks.onLogin(user.id) : null;
    const token = randomToken();
    const client = clientId && /^[\w-]{1,64}$/.test(clientId) ? clientId : randomToken(12);
    await insertSession(db, {
      id: newId(),
      userId: user.id,
      clientId: client,
      tokenHash: sha256(token),
      userAgent: caller.userAgent.slice(0, 500),
      ip: caller.ip.slice(0, 64),
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
    });
    const updated = (await updateUser(db, user.id, { latestLoginedInAt: new Date() })) ?? user;
    return {
      user: presentSelf(updated),
      clientId: client,
      token,
      ...(deletion === "cancelled" ? { deletionCancelled: true as const } : {}),
    };
  }

  /**
   * Login by e-mail or phone (spec §7 auth service, codes of §8): 404 unknown account, 401 wrong
   * password, 403 once this address has failed too often for the account (or, past the account's
   * captchaAfter, without the image captcha: d.field imageCode), 410 when the account must reset
   * its password first.
   */
  async function login(
    kind: "email" | "phone",
    account: string,
    password: string,
    caller: Caller,
    clientId?: string,
    captcha: { imageToken?: string; imageCode?: string } = {},
  ): Promise<AuthResult> {
    account = account.trim();
    const field = kind === "phone" ? "phoneNumber" : "email";
    if (!account) throw badRequest(MESSAGES.accountEmpty, field);
    if (!password) throw badRequest(MESSAGES.passwordEmpty, "password");
    const formatError = kind === "phone" ? checkPhone(account) : checkEmail(account);
    if (formatError) throw badRequest(formatError, field);

    const until = Number(await kv.get(slowKey(caller.ip)));
    if (until > Date.now()) {
      const seconds = Math.ceil((until - Date.now()) / 1000);
      throw new RetryLaterError(`登录尝试太频繁，请 ${seconds} 秒后再试`, seconds);
    }

    const user = kind === "phone" ? await findUserByPhone(db, account) : await findUserByEmail(db, account);
    if (!user) {
      // Unknown accounts count against the address too, so probing for accounts is slowed as well.
      await addressFailed(caller.ip);
      throw new AppError(404, LOGIN_MESSAGES.noAccount[kind], field);
    }
    const client = await clientKey(user.id, caller.ip);
    if (Number(await kv.get(client)) >= LOGIN_LIMITS.perClient) {
      await addressFailed(caller.ip);
      throw new AppError(403, LOGIN_MESSAGES.tooMany);
    }
    if (Number(await kv.get(accountKey(user.id))) >= LOGIN_LIMITS.captchaAfter) {
      // Still §8's 403, naming the field the client adds to get through.
      if (!(await takeCaptcha(kv, captcha.imageToken, captcha.imageCode))) {
        await addressFailed(caller.ip);
        throw new AppError(403, LOGIN_MESSAGES.captcha, "imageCode");
      }
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await Promise.all([
        kv.incr(client, LOGIN_LIMITS.windowSeconds),
        kv.incr(accountKey(user.id), LOGIN_LIMITS.windowSeconds),
        addressFailed(caller.ip),
      ]);
      throw new AppError(401, LOGIN_MESSAGES.wrongPassword, "password");
    }
    // Only after the password is proven, so the flag does not leak to strangers.
    if (user.passwordResetRequired) throw new AppError(410, LOGIN_MESSAGES.mustReset);
    // This client's failures are forgiven; the account's total stays until its window passes, so
    // guessing spread over many addresses keeps meeting the captcha.
    await kv.del(client);
    const session = await startSession(user, caller, clientId);
    const suspension = activeSuspension(user);
    if (!suspension) return session;
    return { ...session, suspension: { ...suspension, until: suspension.until.toISOString() } };
  }

  /** Finds the live session for a presented token; `uid`, when given, must match its owner. */
  async function resolve(token: string, uid?: string): Promise<ResolvedSession | null> {
    if (!token || token.length > 200) return null;
    const row = await findLiveSession(db, sha256(token));
    if (!row || (uid && uid !== row.user.id)) return null;
    // Sliding expiry, written at most once a day to keep reads cheap.
    if (Date.now() - row.session.lastSeenAt.getTime() > 86_400_000) {
      await touchSession(db, row.session.id, new Date(Date.now() + SESSION_DAYS * 86_400_000));
    }
    recent.remember(token, { userId: row.user.id, sessionId: row.session.id, hidesAnyone: row.hidesAnyone });
    return { sessionId: row.session.id, user: row.user, hidesAnyone: row.hidesAnyone };
  }

  async function logout(caller: Caller) {
    if (!caller.sessionId) return;
    await deleteSession(db, caller.sessionId);
    if (caller.userId) recent.ended(caller.userId);
  }

  /** Ends every session of a user but `keepId` (a password change or reset, an account deletion). */
  async function endSessions(tx: Tx, userId: string, keepId?: string | null) {
    await deleteUserSessions(tx, userId, keepId);
    recent.ended(userId);
  }

  /** Clears an account's failure windows, every address's included, after its password is reset. */
  async function forgetFailures(userId: string) {
    await kv.set(epochKey(userId), Date.now().toString(36), LOGIN_LIMITS.windowSeconds);
    await kv.del(accountKey(userId));
  }

  return {
    login,
    resolve,
    /** A session this instance confirmed moments ago, without asking the database (recent-sessions.ts). */
    recentSession: recent.find,
    logout,
    endSessions,
    startSession,
    forgetFailures,
    jsSdkConfig: createJsSdkSigner(deps),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
