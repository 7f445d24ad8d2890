import type { Caller } from "../services/deps.ts";
import { RetryLaterError } from "./errors.ts";
import type { Kv } from "./kv.ts";

/**
 * Limits kept by the service layer, per operation rather than per HTTP route (issue 10): a page
 * loader calls the same service function the API route does, so /search pages, their .data
 * requests and /api/search all draw from one allowance. Per account once signed in, else per
 * address. Counted in the shared store (Redis when configured), so every instance shares them.
 */
export const OPERATION_LIMITS = {
  /** Full-text and tag searches: each query ranks up to hundreds of matches. */
  search: { max: 60, windowSeconds: 60, message: "搜索太频繁" },
} as const;

export type Operation = keyof typeof OPERATION_LIMITS;

export interface OperationLimiter {
  /** Counts one `op` for the caller; throws 429 (with Retry-After) once the window's allowance is spent. */
  hit(op: Operation, caller: Caller): Promise<void>;
}

export function operationLimiter(kv: Kv): OperationLimiter {
  return {
    async hit(op, caller) {
      const limit = OPERATION_LIMITS[op];
      const who = caller.userId ? `u:${caller.userId}` : `ip:${caller.ip}`;
      let count: number;
      try {
        count = await kv.incr(`oplimit:${op}:${who}`, limit.windowSeconds);
      } catch {
        // The shared store is away (Redis outage): reads stay open rather than failing with it.
        return;
      }
      if (count > limit.max) {
        throw new RetryLaterError(`${limit.message}，请稍后再试`, limit.windowSeconds);
      }
    },
  };
}

/** The sentence an OpenAPI description appends. */
export const operationLimitNote = (op: Operation) => {
  const l = OPERATION_LIMITS[op];
  return `与同类页面共用额度：每个账号（未登录时每个地址）每 ${l.windowSeconds} 秒最多 ${l.max} 次，超出返回 429（带 Retry-After）。`;
};
