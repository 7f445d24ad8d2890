/**
 * Route guards of spec §2, used by page loaders. Each throws what React Router turns into the
 * status and the error view: 401 (with a Refresh to "/"), 404, or a redirect.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { Viewer } from "../../shared/load-context";
// The id rule (24 alphanumeric characters) lives once, beside the id generator.
import { isRouteId } from "../../shared/ids";

export interface GuardErrorData {
  message: string;
}

/** Login-required routes: 401 and back to "/" (the Refresh header does it before any script runs). */
export function requireViewer(context: AppLoadContext): Viewer {
  if (context.viewer) return context.viewer;
  throw data<GuardErrorData>({ message: "请先登录" }, { status: 401, headers: { Refresh: "0; url=/" } });
}

/** Unauthenticated-only routes (welcome): a logged-in viewer goes to the timeline. */
export function redirectViewerToTimeline(context: AppLoadContext): void {
  if (context.viewer) throw redirect("/timeline");
}

export function notFound(message = "页面不存在"): never {
  throw data<GuardErrorData>({ message }, { status: 404 });
}

/** A route id param that must be 24 alphanumeric characters, else 404. */
export function requireRouteId(id: string | undefined): string {
  if (!isRouteId(id)) notFound();
  return id;
}

/** An optional id param (commentId, sectionId): absent is fine, malformed is 404. */
export function optionalRouteId(id: string | undefined): string | null {
  if (id === undefined || id === "") return null;
  return requireRouteId(id);
}

/**
 * A service's "too many" (429, issue 10: page loaders share the API's allowances) as the page's
 * own status and message, with Retry-After; anything else is thrown on unchanged.
 */
export function rethrowLimited(err: unknown): never {
  const e = err as { code?: unknown; message?: string; retryAfterSeconds?: number };
  if (e?.code === 429) {
    throw data<GuardErrorData>(
      { message: e.message ?? "请求太频繁，请稍后再试" },
      { status: 429, headers: { "Retry-After": String(e.retryAfterSeconds ?? 60) } },
    );
  }
  throw err;
}
