/**
 * The error vocabulary both sides read (spec §8): the codes, and how a page recognizes a service's
 * error. The class the services throw stays on the server (server/lib/errors.ts `AppError`, built
 * on the shape below); a page loader only needs to tell a 404 from a 403.
 */

/** Codes under 1000 double as HTTP statuses; the register codes (10013 …) travel in `s` with HTTP 200. */
export const Codes = {
  /** A wallet's "no wallet, or may not withdraw now" (spec §8): an answer, not a failure. */
  noWallet: 2,
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

/** What a page sees of a service's error: the spec's code, the message, the field to blame. */
export interface AppErrorShape extends Error {
  readonly code: number;
  readonly field?: string;
  readonly status: number;
}

/**
 * Is this a service's error (an AppError)? By shape, not `instanceof`: page loaders run inside the
 * Vite server bundle, which carries its own copy of server code, while services throw the server's.
 */
export function isAppError(err: unknown): err is AppErrorShape {
  return err instanceof Error && err.name === "AppError" && typeof (err as AppErrorShape).code === "number";
}
