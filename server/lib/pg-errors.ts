/** The constraint a unique violation (SQLSTATE 23505) hit, whichever driver or wrapper threw it. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: any = err; e; e = e.cause) {
    if (e.code === "23505") return e.constraint ?? e.constraint_name ?? String(e.detail ?? "");
  }
  return null;
}

/**
 * Whether an error is PostgreSQL giving up a transaction so that another can go on: a deadlock
 * (SQLSTATE 40P01) or a serialization failure (40001). Nothing was written; the same transaction run
 * again normally goes through (db/conflict-retry.ts does, a few times, then answers 503).
 */
export function transactionConflict(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) {
    if (e.code === "40P01" || e.code === "40001") return true;
  }
  return false;
}

/** What a caller hears of such a conflict (HTTP 503 with Retry-After: 1), retried or not. */
export const CONFLICT_MESSAGE = "写入冲突，服务繁忙，请稍后再试";

/** Node's socket errors that mean the database server cannot be reached. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);

/**
 * Whether an error means the database is away rather than the request wrong: refused or dropped
 * connections, a server shutting down or starting (SQLSTATE 57P01–57P03, class 08), a pool that
 * cannot hand out a connection. Such requests answer 503 and may be retried; the pool reconnects.
 */
export function databaseUnavailable(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNREACHABLE.has(code) || /^57P0[123]$/.test(code) || code.startsWith("08")) return true;
    const message = typeof e.message === "string" ? e.message : "";
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) {
      return true;
    }
  }
  return false;
}
