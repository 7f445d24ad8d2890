import { deferred } from "~/lib/deferred";
import type { ErrorPageProps } from "./error-page";

// Error pages are rare: their content comes with the document, their code right after hydration
// rather than with every page (issue 8's JavaScript budget).
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
