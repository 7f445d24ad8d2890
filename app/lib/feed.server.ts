import type { AppLoadContext } from "react-router";
import { isAppError } from "../../server/lib/errors";
import { notFound } from "./guards.server";
import type { EntrySummary } from "./types";

/**
 * Loads one feed page through the entries service for a page loader, and builds the next-page URL
 * in the spec's shape `{base}?sort={sort}&pointer={pointer}` (§2). A malformed pointer is a 404
 * page, not an error page: it only comes from an edited URL.
 */
export async function loadFeed(
  context: AppLoadContext,
  opts: { base: string; sort: string; category: string; pointer: string | null; type?: string },
) {
  try {
    const page = await context.services.entries.feed(
      { sort: opts.sort, category: opts.category, type: opts.type, pointer: opts.pointer ?? undefined },
      context.caller,
    );
    const query = (pointer: string) =>
      `${opts.base}?sort=${encodeURIComponent(opts.sort)}&pointer=${encodeURIComponent(pointer)}`;
    return {
      entries: page.list as EntrySummary[],
      nextHref: page.canNext && page.pointer ? query(page.pointer) : null,
      firstHref: opts.pointer ? `${opts.base}?sort=${encodeURIComponent(opts.sort)}` : null,
    };
  } catch (err) {
    if (isAppError(err) && err.code < 500) notFound();
    throw err;
  }
}
