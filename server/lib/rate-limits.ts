import type { FastifyRequest } from "fastify";

/**
 * Route limits kept in one place (HOUSE: one rule, one place). Keys are per account once the session
 * is known (hook "preHandler", after the session plugin's preValidation), else per address; the
 * counts live in Redis when REDIS_URL is set, so every instance shares them.
 */
export const perUser = (req: FastifyRequest) =>
  req.caller?.userId ? `u:${req.caller.userId}` : `ip:${req.ip}`;

const limit = (max: number, timeWindow: string) =>
  ({ max, timeWindow, hook: "preHandler", keyGenerator: perUser }) as const;

/** Posting comments and replies (any target). */
export const COMMENT_POSTS = limit(30, "1 minute");
/** Writing pins. */
export const PIN_POSTS = limit(20, "1 minute");
/** Like/unlike, follow/unfollow: generous for people, tight for scripts that farm notifications. */
export const TOGGLES = limit(120, "1 minute");
/** Starting a booklet purchase: each one may open an order with the payment provider. */
export const ORDERS = limit(20, "1 minute");
/**
 * Changing the account's e-mail or phone: each change mails or texts someone (the new address, the
 * old one), so a script must not turn it into a mail bomb (issue 10).
 */
export const ACCOUNT_CHANGES = limit(5, "10 minutes");

/**
 * Tracking beacons (log, collector, punch, gen_suid): per address even when logged in — a flood
 * from one machine is one flood whoever it claims to be. Counted at onRequest, before validation, so
 * malformed floods count too. Generous: a page view, impressions and clicks are a few a second.
 */
export const TRACKING = {
  max: 300,
  timeWindow: "1 minute",
  hook: "onRequest",
  keyGenerator: (req: FastifyRequest) => `ip:${req.ip}`,
} as const;

/** The sentence the OpenAPI descriptions append. */
export const limitNote = (l: { max: number; timeWindow: string }) =>
  `每个账号（未登录时每个地址）${l.timeWindow.replace("1 minute", "每分钟").replace("10 minutes", "每 10 分钟")}最多 ${l.max} 次，超出返回 429。`;
