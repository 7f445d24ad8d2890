/**
 * The one browser-side client for the JSON API (same origin, envelope {s, m, d}).
 * Every non-GET request carries the double-submit CSRF header read from the `nugget_csrf` cookie.
 */

import { reportRequestFailure } from "./request-health";

/** A rejected call: `code` is the envelope's `s` (or the HTTP status when there is no envelope). */
export class ApiError extends Error {
  readonly code: number;
  readonly field: string | null;
  readonly data: unknown;

  constructor(code: number, message: string, field: string | null = null, data: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.field = field;
    this.data = data;
  }
}

export interface Envelope<T> {
  s: number;
  m?: string;
  d?: T;
}

/** Spec §9: HTTP timeout 20 s. */
const TIMEOUT_MS = 20_000;
const CSRF_COOKIE = "nugget_csrf";
export const CSRF_HEADER = "x-csrf-token";

export const NETWORK_ERROR_CODE = 0;
export const NETWORK_MESSAGE = "网络异常，请检查网络后重试";
export const TIMEOUT_MESSAGE = "请求超时，请稍后重试";
const SERVER_MESSAGE = "服务器开小差了，请稍后重试";

/** The token the root loader handed over; the cookie wins because login may rotate it. */
let fallbackCsrfToken = "";

export function setCsrfToken(token: string): void {
  fallbackCsrfToken = token;
}

function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/**
 * The double-submit token. Pages served from the anonymous cache carry none and set no cookie (one
 * copy serves every visitor), so a browser without the cookie makes its own: the server only checks
 * that the header equals the cookie, which a cross-site page can neither read nor set.
 */
export function csrfToken(): string {
  const existing = readCookie(CSRF_COOKIE) ?? fallbackCsrfToken;
  if (existing || typeof document === "undefined") return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CSRF_COOKIE}=${token}; Path=/; SameSite=Lax${secure}`;
  return token;
}

function fieldOf(d: unknown): string | null {
  if (d && typeof d === "object" && "field" in d && typeof (d as { field: unknown }).field === "string") {
    return (d as { field: string }).field;
  }
  return null;
}

async function request<T>(method: string, path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET") headers[CSRF_HEADER] = csrfToken();
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  return send<T>(path, init, timeoutMs);
}

/**
 * Makes the call and reads the `{s, m, d}` envelope: `d` on success, else an `ApiError` with the
 * code, message and field the server gave, or one made up when no envelope came back (a proxy's
 * page, a dropped connection). Uploads go through upload-progress.ts, for their progress.
 */
async function send<T>(
  path: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit },
  timeoutMs: number,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "same-origin", signal: controller.signal });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "AbortError";
    // Spec §8: a request the browser could not make (blocked, cross-domain, DNS) feeds the
    // request-health alert; our own timeout does not (see app/lib/request-health.ts).
    if (!timedOut) reportRequestFailure();
    throw new ApiError(NETWORK_ERROR_CODE, timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
  }

  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  return unwrap(envelope, response.status);
}

/** `d` of an envelope, or the ApiError it (or its absence, with the HTTP status) stands for. */
export function unwrap<T>(envelope: Envelope<T> | null, status: number, tooLarge?: string): T {
  if (!envelope || typeof envelope.s !== "number") {
    if (status === 413 && tooLarge) throw new ApiError(413, tooLarge);
    const message = status >= 500 ? SERVER_MESSAGE : `请求失败（${status}）`;
    throw new ApiError(status >= 200 && status < 300 ? 500 : status, message);
  }
  if (envelope.s === 1) return envelope.d as T;
  throw new ApiError(envelope.s, envelope.m || SERVER_MESSAGE, fieldOf(envelope.d), envelope.d ?? null);
}

function withQuery(path: string, query?: Record<string, string | number | boolean | undefined>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

export const api = {
  /** `timeoutMs` shortens spec §9's 20 s for calls that have their own (suggested users: 5 s). */
  get: <T = unknown>(
    path: string,
    query?: Record<string, string | number | boolean | undefined>,
    options?: { timeoutMs?: number },
  ) => request<T>("GET", withQuery(path, query), undefined, options?.timeoutMs),
  post: <T = unknown>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  put: <T = unknown>(path: string, body?: unknown) => request<T>("PUT", path, body ?? {}),
  del: <T = unknown>(path: string, body?: unknown) => request<T>("DELETE", path, body),
};

/** The message to show for anything a call threw. */
export function errorMessage(error: unknown, fallback = "操作失败，请稍后重试"): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

/**
 * Uploads take longer than a JSON call (spec §9's 20 s is for those): 5 MiB on a slow line needs
 * more than 20 s.
 */
export const UPLOAD_TIMEOUT_MS = 60_000;

/** What `POST /api/upload` answers. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  size: number;
  type: string;
}
