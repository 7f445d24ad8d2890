import type { Route } from "./+types/entry-public";
import { EntryView } from "~/components/entry/entry-view";
import { MissingContent } from "~/components/layout/missing";
import { isNotFound, RouteErrorView } from "~/components/shell/error-views";
import { loadEntryPage } from "~/lib/entry.server";
import { requireRouteId } from "~/lib/guards.server";
import { entryMeta } from "~/lib/structured-data";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["entry"] });

/**
 * entryPublic: a shared link or other entry. A post-type entry redirects to /post/{id from the
 * last segment of its original URL}, a vote entry to /entry/{id}/detail (spec §2).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadEntryPage(context, requireRouteId(params.id), { followRedirects: true });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return entryMeta(matches, loaderData?.entry, (id) => `/entry/${id}`, ["发现", "/explore/all"]);
}

export default function EntryPublic({ loaderData }: Route.ComponentProps) {
  return <EntryView page={loaderData} />;
}

/** A missing entry is the placeholder article, answered with 404 (thrown by the loader). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isNotFound(error)) return <RouteErrorView error={error} />;
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
