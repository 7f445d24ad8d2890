import type { Route } from "./+types/entry-public";
import { EntryView } from "~/components/entry/entry-view";
import { MissingContent } from "~/components/layout/missing";
import { loadEntryPage } from "~/lib/entry.server";
import { requireRouteId } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";

/**
 * entryPublic: a shared link or other entry. A post-type entry redirects to /post/{id from the
 * last segment of its original URL}, a vote entry to /entry/{id}/detail (spec §2).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return loadEntryPage(context, requireRouteId(params.id), { followRedirects: true });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.entry?.title ?? "未知文章", {
    description: loaderData?.entry?.abstract || undefined,
  });
}

export default function EntryPublic({ loaderData }: Route.ComponentProps) {
  return (
    <EntryView
      entry={loaderData.entry}
      related={loaderData.related}
      likers={loaderData.likers}
      now={loaderData.now}
    />
  );
}

/** A missing entry is the placeholder article, answered with 404 (thrown by the loader). */
export function ErrorBoundary() {
  return <MissingContent title="未知文章" message="该文章不存在" />;
}
