import type { AppErrorShape } from "../../shared/errors.ts";

/**
 * One error vocabulary (spec §8). A service throws AppError; the envelope plugin turns it into
 * `{s, m, d}` with the HTTP status below. Codes under 1000 double as HTTP statuses; the
 * register codes (10013 …) travel in `s` with HTTP 200, as the spec's register form reads them.
 * The codes and `isAppError` (what pages use too) are in shared/errors.ts.
 */
export class AppError extends Error implements AppErrorShape {
  constructor(
    readonly code: number,
    message: string,
    readonly field?: string,
    readonly status: number = code < 1000 ? code : 200,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * 429 (or 503: the server too busy, not the caller too fast) with a Retry-After: the caller may try
 * again after `retryAfterSeconds`, not refused for good.
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    status: 429 | 503 = 429,
  ) {
    super(status, message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = "请先登录") => new AppError(401, message);
export const forbidden = (message = "没有权限") => new AppError(403, message);
export const notFound = (message = "不存在") => new AppError(404, message);
