import { isRouteErrorResponse } from "react-router";
import { deferred } from "~/lib/deferred";
import type { ErrorPageProps } from "./error-page";

// Error pages are rare: their content comes with the document, their code right after hydration
// rather than with every page (the JavaScript budget).
const ErrorPage = deferred(() => import("./error-page").then((m) => m.ErrorPage), { tag: "section" });

function ErrorSection(props: ErrorPageProps) {
  return <ErrorPage attrs={{ className: "error-view", "aria-labelledby": "error-title" }} props={props} />;
}

/** 404: what the splat route and every "no such id" loader end in. */
export function NotFoundView({ message }: { message?: string }) {
  return <ErrorSection kind="not-found" message={message} />;
}

/** 403: logged in, but this page is for someone else (admins). `message` says who may come. */
export function ForbiddenView({ message }: { message?: string }) {
  return <ErrorSection kind="forbidden" message={message} />;
}

/** 401 on a login-required page: the server already sent Refresh to "/"; the browser follows here too. */
export function UnauthorizedView() {
  return <ErrorSection kind="unauthorized" />;
}

/** Anything else: the generic error page. Details only in development. */
export function ErrorView({
  status,
  detail,
  message,
}: {
  status?: number;
  detail?: string;
  message?: string;
}) {
  return <ErrorSection kind="error" status={status} detail={detail} message={message} />;
}

/**
 * The view of what a loader threw: the root's error boundary, and a page's own boundary for all
 * but its 404 (a 503 while the database is away says so with its message, never "no such page").
 */
export function RouteErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: string } | null)?.message;
    if (error.status === 404) return <NotFoundView message={message} />;
    if (error.status === 401) return <UnauthorizedView />;
    if (error.status === 403) return <ForbiddenView message={message} />;
    return <ErrorView status={error.status} message={message} />;
  }
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorView detail={detail} />;
}

/** Whether a page's boundary meets its own 404 (its placeholder) rather than another error. */
export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;
