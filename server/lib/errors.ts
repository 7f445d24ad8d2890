/**
 * One error vocabulary (spec §8). A service throws AppError; the envelope plugin turns it into
 * `{s, m, d}` with the HTTP status below. Codes under 1000 double as HTTP statuses; the
 * register codes (10013 …) travel in `s` with HTTP 200, as the spec's register form reads them.
 */
export class AppError extends Error {
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

/** 429 with a Retry-After: the caller may try again after `retryAfterSeconds`, not refused for good. */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export const Codes = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  gone: 410,
  tooMany: 429,
  usernameTaken: 10013,
  phoneTaken: 10014,
  emailTaken: 10019,
  wrongCode: 10017,
} as const;

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = "请先登录") => new AppError(401, message);
export const forbidden = (message = "没有权限") => new AppError(403, message);
export const notFound = (message = "不存在") => new AppError(404, message);

/**
 * Is this an AppError? By shape, not `instanceof`: page loaders run inside the Vite server bundle,
 * which carries its own copy of this class, while services throw the server's copy.
 */
export function isAppError(err: unknown): err is AppError {
  return err instanceof Error && err.name === "AppError" && typeof (err as AppError).code === "number";
}
