import type { Caller } from "../services/deps.ts";
import { RetryLaterError } from "./errors.ts";
import type { Kv } from "./kv.ts";
import { limitSetting, windowText } from "./limit-overrides.ts";

/** An allowance named `name` (RATE_LIMITS can change it: limit-overrides.ts). */
const op = (name: string, max: number, windowSeconds: number, message: string) => ({
  ...limitSetting(name, { max, windowSeconds }),
  message,
});

/**
 * Limits kept by the service layer, per operation rather than per HTTP route: a page
 * loader calls the same service function the API route does, so /search pages, their .data
 * requests and /api/search all draw from one allowance. Per account once signed in, else per
 * address. Counted in the shared store (Redis when configured), so every instance shares them;
 * while Redis is away, each instance counts on its own.
 */
export const OPERATION_LIMITS = {
  /** Full-text and tag searches: each query ranks up to hundreds of matches. */
  search: op("search", 60, 60, "搜索太频繁"),
  /**
   * Like/unlike and follow/unfollow of anything (entries, pins, comments, people, collections):
   * one allowance whichever method or route — PUT and DELETE no longer count apart.
   */
  toggle: op("toggle", 120, 60, "操作太频繁"),
  /** Guesses at the current password when changing it. */
  password: op("password", 10, 15 * 60, "密码尝试次数过多"),
  /** Image captchas fetched (each one is drawn and kept for 5 minutes). */
  captcha: op("captcha", 30, 60, "获取验证码太频繁"),
  /** New article drafts. */
  draft: op("draft", 30, 60 * 60, "新建草稿太频繁"),
  /** New collection sets. */
  collection: op("collection", 50, 60 * 60, "新建收藏集太频繁"),
  /**
   * Accounts made from one address, counting only those made (a failed attempt costs nothing):
   * generous, as a campus or a carrier's NAT puts thousands behind one address.
   */
  register: op("register", 20, 10 * 60, "注册太频繁"),
};

export type Operation = keyof typeof OPERATION_LIMITS;

export interface OperationLimiter {
  /** Counts one `op` for the caller; throws 429 (with Retry-After) once the window's allowance is spent. */
  hit(op: Operation, caller: Caller): Promise<void>;
  /** Throws 429 when the allowance is spent, without counting: for operations counted only when they succeed. */
  check(op: Operation, caller: Caller): Promise<void>;
  /** Counts one `op` that succeeded (after `check`). */
  count(op: Operation, caller: Caller): Promise<void>;
}

export function operationLimiter(kv: Kv): OperationLimiter {
  // While Redis is away these count in this process at the same limits (kv.ts `counters`): an
  // allowance left open then would let a password be guessed without end.
  const { counters } = kv;
  const keyOf = (op: Operation, caller: Caller) =>
    `oplimit:${op}:${caller.userId ? `u:${caller.userId}` : `ip:${caller.ip}`}`;
  const refuse = (op: Operation): never => {
    const limit = OPERATION_LIMITS[op];
    throw new RetryLaterError(`${limit.message}，请稍后再试`, limit.windowSeconds);
  };
  return {
    async hit(op, caller) {
      const count = await counters.incr(keyOf(op, caller), OPERATION_LIMITS[op].windowSeconds);
      if (count > OPERATION_LIMITS[op].max) refuse(op);
    },
    async check(op, caller) {
      const count = Number(await counters.get(keyOf(op, caller)));
      if (count >= OPERATION_LIMITS[op].max) refuse(op);
    },
    async count(op, caller) {
      await counters.incr(keyOf(op, caller), OPERATION_LIMITS[op].windowSeconds);
    },
  };
}

/** The sentence an OpenAPI description appends. */
export const operationLimitNote = (op: Operation) => {
  const l = OPERATION_LIMITS[op];
  return `同类操作共用额度（不分接口与页面）：每个账号（未登录时每个地址）${windowText(l.windowSeconds)}最多 ${l.max} 次，超出返回 429（带 Retry-After）。`;
};
