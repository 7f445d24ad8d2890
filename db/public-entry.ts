import { sql, type SQL } from "drizzle-orm";
import { entries } from "./schema/index.ts";

// The one spelling of "this entry is public" (HOUSE §15), in its three forms side by side: a Drizzle
// fragment, its raw-SQL text and its JavaScript twin. An entry is public when it is published and
// not deleted. A draft is its author's alone, an entry hidden pending review (moderation:
// status 'hidden') its author's and staff's, a deleted one nobody's — so none of them is in a list,
// a count (db/counters.ts recounts exactly the public rows; entries/write.ts moves the counters as
// an entry crosses this line), the search index, a sitemap or feed, nor can it be liked, collected,
// commented on or announced. A new state of an entry is one edit here.
//
// It lives in db/ rather than in the entries service because db/counters.ts needs it and db/ sits
// below the services; services reach it through entries' face (services/entries/index.ts), except
// the search index, which sits below entries.
//
// The SQL keeps the form the queries it replaced had — status first, then deleted_at, the status a
// literal (those built with Drizzle's eq() sent it as a parameter; a literal lets the planner see
// the value in a generic plan too) — in parentheses, so it stays one condition inside `and`, `or`
// and `not` alike. No index has a partial predicate on these columns to keep matching.

/** A plain SQL name for an alias of entries (`e` in `from entries e`); nothing else may be spliced in. */
const ALIAS = /^[a-z_][a-z0-9_]*$/;

/**
 * The public-entry condition as raw SQL text, over the entries row named `alias` (`e.status …`), or
 * over unqualified columns without one: for SQL written as strings (db/counters.ts).
 */
export function publicEntrySql(alias?: string): string {
  if (alias !== undefined && !ALIAS.test(alias)) throw new Error(`not an SQL alias: ${alias}`);
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(${column("status")} = 'published' and ${column("deleted_at")} is null)`;
}

/**
 * The public-entry condition for Drizzle: over the entries table, or over the alias a raw `sql`
 * template gave it (`join ${entries} e on … and ${publicEntry("e")}`).
 */
export function publicEntry(alias?: string): SQL<boolean> {
  if (alias !== undefined) return sql<boolean>`${sql.raw(publicEntrySql(alias))}`;
  return sql<boolean>`(${entries.status} = 'published' and ${entries.deletedAt} is null)`;
}

/** The JavaScript twin of publicEntry: whether a loaded entry row is public. */
export function isPublicEntry(entry: { status: string; deletedAt: Date | null }): boolean {
  return entry.status === "published" && !entry.deletedAt;
}
