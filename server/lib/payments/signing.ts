/**
 * What every provider's notice check and key handling share: the refusal, the header reader, the
 * replay window, PEM keys from the environment.
 */
import type { NotifyRequest } from "./index.ts";

/** A notice that is not genuine (bad signature, stale, malformed): refused, never settled. */
export class PaymentNoticeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentNoticeError";
  }
}

/** Notices older or newer than this are refused (replays of a captured callback). */
export const NOTICE_MAX_SKEW_SECONDS = 300;

/** A header by name, whatever its case and however often it came. */
export const header = (h: NotifyRequest["headers"], name: string): string => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
};

/** Refuses a notice whose timestamp is outside NOTICE_MAX_SKEW_SECONDS of now. */
export function checkSkew(timestamp: string, now: Date) {
  const ts = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - ts) > NOTICE_MAX_SKEW_SECONDS) {
    throw new PaymentNoticeError("notice timestamp out of range");
  }
}

/** PEM from an environment variable: literal "\n" escapes allowed (one-line .env files). */
export function pemFromEnv(value: string | undefined): string {
  return (value ?? "").replace(/\\n/g, "\n").trim();
}
