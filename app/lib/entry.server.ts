import { data, redirect, type AppLoadContext } from "react-router";
import type { EntryDetail } from "../../shared/api-types";
import { fromService } from "./loader.server";

/** The column-article id a post's originalUrl ends with (spec §2: "id from last segment"). */
export function postIdOf(originalUrl: string): string {
  return (
    originalUrl
      .replace(/[?#].*$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .pop() ?? ""
  );
}

/**
 * Loads an entry for the entry pages, through the entries service. A missing entry is the
 * "unknown article" placeholder with status 404, not an error page (spec §2).
 */
export async function loadEntryPage(context: AppLoadContext, id: string, opts: { followRedirects: boolean }) {
  const entry = await fromService(context.services.entries.getEntry(id, context.caller), {
    notFound: () => {
      throw data({ entry: null, related: [] as EntryDetail[], likers: [], now: Date.now() }, { status: 404 });
    },
  });
  if (opts.followRedirects) {
    // A column article lives at /post/{id}; a vote is answered on its detail page.
    if (entry.type === "post") throw redirect(`/post/${postIdOf(entry.originalUrl) || entry.id}`, 301);
    if (entry.type === "vote") throw redirect(`/entry/${entry.id}/detail`, 302);
  }
  const [related, likers] = await Promise.all([
    context.services.entries.related(entry.id, 5, context.caller).catch(() => []),
    loadLikers(context, entry.id),
  ]);
  return { entry, related, likers, now: Date.now() };
}

/** How many likers' avatars an entry page renders under the entry (the dialog lists them all). */
const LIKERS_SHOWN = 5;

/**
 * The newest likers' faces for the row under an article or a shared link: one query through the
 * likes service, the same for every reader (so cached pages may carry it). The rest load from
 * /api/entry/{id}/user when the reader opens the list.
 */
export function loadLikers(context: AppLoadContext, entryId: string) {
  return context.services.likes.firstLikers(entryId, LIKERS_SHOWN);
}
