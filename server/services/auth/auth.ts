import { AppError, badRequest } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { randomToken, sha256, verifyPassword } from "../../lib/crypto.ts";
import { MESSAGES, checkEmail, checkPhone } from "../../../shared/validation.ts";
import type { Caller, Deps } from "../deps.ts";
import { findUserByEmail, findUserByPhone, updateUser, type UserRow } from "../users/queries.ts";
import { presentSelf } from "../users/present.ts";
import { deleteSession, findLiveSession, insertSession, touchSession } from "./queries.ts";

export const SESSION_DAYS = 30;
/** Failures allowed inside one window before login answers 403 (spec §8), per account and per address. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 };
export const LOGIN_MESSAGES = {
  wrongPassword: "密码错误",
  tooMany: "登录失败次数过多，请稍后再试",
  noAccount: { phone: "手机号不存在", email: "邮箱不存在" },
  mustReset: "为了您的账号安全，请重置密码",
};

export interface AuthResult {
  user: ReturnType<typeof presentSelf>;
  clientId: string;
  token: string;
}

export interface ResolvedSession {
  sessionId: string;
  user: UserRow;
}

export function createAuthService(deps: Deps) {
  const { db, kv } = deps;
  const failKeys = (kind: string, account: string, ip: string) => ({
    account: `loginfail:${kind}:${account.toLowerCase()}`,
    address: `loginfail:ip:${ip}`,
  });

  /** Starts a session for `user`: the auth triple of spec §7. Only the token's hash is stored. */
  async function startSession(user: UserRow, caller: Caller, clientId?: string): Promise<AuthResult> {
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
    return { user: presentSelf(updated), clientId: client, token };
  }

  /**
   * Login by e-mail or phone (spec §7 auth service, codes of §8): 404 unknown account, 401 wrong
   * password, 403 once the account or the address has failed too often, 410 when the account must
   * reset its password first.
   */
  async function login(
    kind: "email" | "phone",
    account: string,
    password: string,
    caller: Caller,
    clientId?: string,
  ): Promise<AuthResult> {
    account = account.trim();
    const field = kind === "phone" ? "phoneNumber" : "email";
    if (!account) throw badRequest(MESSAGES.accountEmpty, field);
    if (!password) throw badRequest(MESSAGES.passwordEmpty, "password");
    const formatError = kind === "phone" ? checkPhone(account) : checkEmail(account);
    if (formatError) throw badRequest(formatError, field);

    const keys = failKeys(kind, account, caller.ip);
    const [byAccount, byAddress] = await Promise.all([kv.get(keys.account), kv.get(keys.address)]);
    if (Number(byAccount) >= LOGIN_LIMITS.perAccount || Number(byAddress) >= LOGIN_LIMITS.perAddress) {
      throw new AppError(403, LOGIN_MESSAGES.tooMany);
    }
    const fail = async () => {
      await Promise.all([
        kv.incr(keys.account, LOGIN_LIMITS.windowSeconds),
        kv.incr(keys.address, LOGIN_LIMITS.windowSeconds),
      ]);
    };

    const user = kind === "phone" ? await findUserByPhone(db, account) : await findUserByEmail(db, account);
    if (!user) {
      // Unknown accounts count against the address too, so probing for accounts is limited as well.
      await kv.incr(keys.address, LOGIN_LIMITS.windowSeconds);
      throw new AppError(404, LOGIN_MESSAGES.noAccount[kind], field);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await fail();
      throw new AppError(401, LOGIN_MESSAGES.wrongPassword, "password");
    }
    // Only after the password is proven, so the flag does not leak to strangers.
    if (user.passwordResetRequired) throw new AppError(410, LOGIN_MESSAGES.mustReset);
    await kv.del(keys.account);
    return startSession(user, caller, clientId);
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
    return { sessionId: row.session.id, user: row.user };
  }

  async function logout(caller: Caller) {
    if (caller.sessionId) await deleteSession(db, caller.sessionId);
  }

  /** Clears the failure window of an account after its password is reset. */
  async function forgetFailures(kind: "email" | "phone", account: string) {
    await kv.del(`loginfail:${kind}:${account.toLowerCase()}`);
  }

  return { login, resolve, logout, startSession, forgetFailures };
}

export type AuthService = ReturnType<typeof createAuthService>;
