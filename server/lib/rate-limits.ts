import type { FastifyRequest } from "fastify";
import { limitSetting, windowText } from "./limit-overrides.ts";

/**
 * Route limits kept in one place (HOUSE: one rule, one place), each named so RATE_LIMITS can change
 * it (limit-overrides.ts). Keys are per account once the session is known (hook "preHandler", after
 * the session plugin's preValidation), else per address; the counts live in Redis when REDIS_URL is
 * set, so every instance shares them. Limits a page loader must share with its API route are kept
 * by the services instead (operation-limits.ts).
 */
export const perUser = (req: FastifyRequest) =>
  req.caller?.userId ? `u:${req.caller.userId}` : `ip:${req.ip}`;
const perAddress = (req: FastifyRequest) => `ip:${req.ip}`;

export interface RouteLimit {
  name: string;
  max: number;
  timeWindow: number;
  windowSeconds: number;
  hook: "preHandler" | "onRequest";
  keyGenerator: (req: FastifyRequest) => string;
  /** Whom it counts, for the OpenAPI sentence. */
  per: "account" | "address";
}

const limit = (
  name: string,
  max: number,
  windowSeconds: number,
  per: "account" | "address" = "account",
): RouteLimit => {
  const s = limitSetting(name, { max, windowSeconds });
  return {
    name,
    max: s.max,
    timeWindow: s.windowSeconds * 1000,
    windowSeconds: s.windowSeconds,
    hook: per === "address" ? "onRequest" : "preHandler",
    keyGenerator: per === "address" ? perAddress : perUser,
    per,
  };
};

/** Posting comments and replies (any target). */
export const COMMENT_POSTS = limit("comment", 30, 60);
/** Writing pins. */
export const PIN_POSTS = limit("pin", 20, 60);
/** Starting a booklet purchase: each one may open an order with the payment provider. */
export const ORDERS = limit("order", 20, 60);
/**
 * Changing the account's e-mail or phone: each change mails or texts someone (the new address, the
 * old one), so a script must not turn it into a mail bomb.
 */
export const ACCOUNT_CHANGES = limit("account-change", 5, 600);
/**
 * Login calls from one address, right or wrong: a flood guard only. Wrong passwords are counted by
 * the auth service (per account, and per address with a growing wait: auth.ts LOGIN_LIMITS).
 */
export const LOGINS = limit("login", 30, 60, "address");
/**
 * Registration calls from one address, counting failures: a flood guard, generous because
 * thousands may share an address; successful sign-ups are counted by the service (register).
 */
export const REGISTRATIONS = limit("register-attempt", 60, 600, "address");
/** SMS code sends from one address (each also passes the image captcha and the phone's own limits). */
export const SMS_SENDS = limit("sms", 5, 60, "address");
/** Password-reset mails asked for from one address. */
export const RESET_MAILS = limit("reset-mail", 5, 600, "address");
/** Verification mails asked for by one account. */
export const VERIFY_MAILS = limit("verify-mail", 5, 600);
/** Undo links of an e-mail change opened from one address. */
export const EMAIL_REVERTS = limit("email-revert", 10, 600, "address");
/** Third-party login and binding flows started from one address. */
export const OAUTH_FLOWS = limit("oauth", 30, 60, "address");
/** Reading a page's title and picture (each fetches a page from the web). */
export const PAGE_INFO = limit("page-info", 20, 60);
/** Image uploads. */
export const UPLOADS = limit("upload", 30, 60);
/** Invitation codes handed out (a burst guard before the daily limit the service counts). */
export const INVITES = limit("invite", 20, 60);
/** Markdown previews while writing. */
export const PREVIEWS = limit("preview", 240, 60);
/** Reports of content or users: a burst guard; one open report per target anyway. */
export const REPORTS = limit("report", 10, 600);
/** System notifications posted by admins. */
export const SYSTEM_NOTICES = limit("system-notice", 20, 60);
/**
 * Tracking beacons (log, collector, punch, gen_suid): per address even when logged in — a flood
 * from one machine is one flood whoever it claims to be. Counted at onRequest, before validation, so
 * malformed floods count too. Generous: a page view, impressions and clicks are a few a second.
 */
export const TRACKING = limit("tracking", 300, 60, "address");

/** 「下载我的数据」 requests: each one builds a ZIP of the whole account. */
export const DATA_EXPORTS = limit("data-export", 3, 3600);
/** Export downloads (each streams a whole archive). */
export const EXPORT_DOWNLOADS = limit("export-download", 20, 600, "address");
/** 「注销账号」 requests: each guesses at the password or SMS code once. */
export const ACCOUNT_CLOSINGS = limit("account-close", 5, 600);
/** The sentence the OpenAPI descriptions append. */
export const limitNote = (l: RouteLimit) =>
  `${l.per === "address" ? "每个地址" : "每个账号（未登录时每个地址）"}${windowText(l.windowSeconds)}最多 ${l.max} 次，超出返回 429。`;
