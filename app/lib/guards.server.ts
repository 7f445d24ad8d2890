/**
 * Route guards of spec §2, used by page loaders, and the responses a page answers with. Each throws
 * what React Router turns into the status and the root's error view: 401 (with a Refresh to "/"),
 * 404, 429, or a redirect (403: back to "/" with 没有权限). `fromService` (loader.server.ts) answers a service's refusal with them.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { Viewer } from "../../shared/load-context";
// The id rule (24 alphanumeric characters) lives once, beside the id generator.
import { isRouteId } from "../../shared/ids";
import { passAlertOn, withAlert } from "./redirect-alert";

export interface GuardErrorData {
  message: string;
}

/** Login-required routes: 401 and back to "/" (the Refresh header does it before any script runs). */
export function requireViewer(context: AppLoadContext): Viewer {
  if (context.viewer) return context.viewer;
  loginRequired();
}

/** The 401 page, sending the visitor back to "/". */
export function loginRequired(): never {
  throw data<GuardErrorData>({ message: "请先登录" }, { status: 401, headers: { Refresh: "0; url=/" } });
}

/**
 * A page for someone else (another author's article, an admin's desk): spec §6 "redirected to / and
 * Forbidden" — back to "/", whose alert list says 没有权限 (redirect-alert.ts).
 */
export function forbidden(): never {
  throw redirect(withAlert("forbidden"));
}

/**
 * Unauthenticated-only routes (welcome): a logged-in viewer goes to the timeline, carrying an alert
 * a redirect to "/" asked for (a forbidden page sends a logged-in viewer to "/", then here).
 */
export function redirectViewerToTimeline(context: AppLoadContext, request: Request): void {
  if (context.viewer) throw redirect(passAlertOn("/timeline", request.url));
}

/** The 404 page (页面不存在, or what is missing). */
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
 * A service's "too many" (429: page loaders share the API's allowances) as the page's
 * own status and message, with Retry-After.
 */
export function tooMany(err: { message?: string; retryAfterSeconds?: number }): never {
  throw data<GuardErrorData>(
    { message: err.message ?? "请求太频繁，请稍后再试" },
    { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds ?? 60) } },
  );
}
