import { sql } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { HEAT_SQL } from "./heat.ts";
import { publicEntrySql } from "./public-entry.ts";

// Every denormalized counter, defined once as "recount from the rows". Services keep counters in
// the same transaction as the rows they count; repairCounters fixes any drift, findCounterDrift
// reports it (tests assert it is empty).
//
// Definitions (what a service must keep in step):
//   users.followers_count          follows rows with followee = user
//   users.followees_count          follows rows with follower = user
//   users.posted_entries_count     the user's entries, any type, published and not deleted
//   users.posted_posts_count       the same, type post only (column articles written here)
//   users.collected_entries_count  entry_likes rows by the user (entries they liked)
//   users.total_collections_count  likes received: entry_likes rows on the user's published,
//                                  not deleted entries
//   users.subscribed_tags_count    tag_subscriptions rows of the user
//   users.comments_count           comments and replies by the user, not deleted
//   users.booklet_count            the user's booklets that are not drafts
//   users.purchased_booklet_count  the user's paid orders
//   entries.collection_count       entry_likes rows (likes)
//   entries.comments_count         comments and replies with target entry, not deleted
//   entries.latest_comment_at      newest comment or reply on the entry, deleted ones included
//                                  (deleting a comment does not move it back); null without any
//   tags.entries_count             entry_tags rows whose entry is published and not deleted
//   tags.subscribers_count         tag_subscriptions rows
//   comments.likes_count           comment_likes rows
//   comments.sub_comment_count     replies (first_comment_id = comment), not deleted
//   pins.comment_count             comments and replies with target pin, not deleted
//   pins.like_count                pin_likes rows
//   repos.comments_count           comments and replies with target repo, not deleted
//   collection_sets.follower_count collection_set_followers rows
//   collection_sets.entry_count    collection_set_entries rows
//   booklets.sections_count        booklet_sections rows
//   booklets.buy_count             paid orders
//   booklets.comments_count        comments and replies with target booklet, not deleted
//   vote_options.votes_count       vote_answers rows choosing the option
//   showcases.repo_count           showcase_repos rows
//
// Not here: entries.views_count and users.viewed_entries_count are tallies with no rows behind them
// (a view keeps no row: server/services/entries/view-tally.ts), so nothing can recount them.
//   showcases.lang_count           distinct non-empty languages of its repos
// Derived numbers, recomputed after the counters above:
//   entries.hot_index, entries.rank_index   db/heat.ts from the entry's three counters
//   users.total_hot_index                   rounded sum of hot_index of the user's published,
//                                           not deleted entries (summed as numeric: a float sum
//                                           depends on row order and can round either way)

interface CounterDef {
  table: string;
  column: string;
  /** SQL selecting (k, n): the row key and its recount; rows missing here recount to `zero`. */
  recount: string;
  zero?: string;
  /** Floating-point values compare with a tolerance instead of exactly. */
  float?: boolean;
}

/** The entries counters count: the public ones (db/public-entry.ts), as entries/write.ts moves them. */
const livePublished = publicEntrySql();

/** A counter that is the number of rows of `rows` per `key` (those meeting `where`, if given). */
const rowsPer = (table: string, column: string, rows: string, key: string, where?: string): CounterDef => ({
  table,
  column,
  recount: `select ${key} as k, count(*) as n from ${rows} ${where ? `where ${where}` : ""} group by 1`,
});

/** A target's comment count: its comments and replies, not deleted. */
const commentsOn = (table: string, column: string, targetType: string) =>
  rowsPer(table, column, "comments", "target_id", `target_type = '${targetType}' and deleted_at is null`);

const COUNTERS: CounterDef[] = [
  // Entries first: nothing below reads entry counters except the derived numbers.
  rowsPer("entries", "collection_count", "entry_likes", "entry_id"),
  commentsOn("entries", "comments_count", "entry"),
  {
    table: "entries",
    column: "latest_comment_at",
    recount: `select target_id as k, max(created_at) as n from comments where target_type = 'entry' group by 1`,
    zero: "null",
  },
  rowsPer("users", "followers_count", "follows", "followee_id"),
  rowsPer("users", "followees_count", "follows", "follower_id"),
  rowsPer("users", "posted_entries_count", "entries", "user_id", livePublished),
  rowsPer("users", "posted_posts_count", "entries", "user_id", `type = 'post' and ${livePublished}`),
  rowsPer("users", "collected_entries_count", "entry_likes", "user_id"),
  {
    table: "users",
    column: "total_collections_count",
    recount: `select e.user_id as k, count(*) as n from entry_likes l join entries e on e.id = l.entry_id
      where ${publicEntrySql("e")} group by 1`,
  },
  rowsPer("users", "subscribed_tags_count", "tag_subscriptions", "user_id"),
  rowsPer("users", "comments_count", "comments", "user_id", "deleted_at is null"),
  rowsPer("users", "booklet_count", "booklets", "user_id", "not is_draft"),
  rowsPer("users", "purchased_booklet_count", "orders", "user_id", "status = 'paid'"),
  {
    table: "tags",
    column: "entries_count",
    recount: `select et.tag_id as k, count(*) as n from entry_tags et join entries e on e.id = et.entry_id
      where ${publicEntrySql("e")} group by 1`,
  },
  rowsPer("tags", "subscribers_count", "tag_subscriptions", "tag_id"),
  rowsPer("comments", "likes_count", "comment_likes", "comment_id"),
  rowsPer(
    "comments",
    "sub_comment_count",
    "comments",
    "first_comment_id",
    "first_comment_id is not null and deleted_at is null",
  ),
  commentsOn("pins", "comment_count", "pin"),
  rowsPer("pins", "like_count", "pin_likes", "pin_id"),
  commentsOn("repos", "comments_count", "repo"),
  rowsPer("collection_sets", "follower_count", "collection_set_followers", "collection_set_id"),
  rowsPer("collection_sets", "entry_count", "collection_set_entries", "collection_set_id"),
  rowsPer("booklets", "sections_count", "booklet_sections", "booklet_id"),
  rowsPer("booklets", "buy_count", "orders", "booklet_id", "status = 'paid'"),
  commentsOn("booklets", "comments_count", "booklet"),
  rowsPer("vote_options", "votes_count", "vote_answers", "option_id"),
  rowsPer("showcases", "repo_count", "showcase_repos", "showcase_id"),
  {
    table: "showcases",
    column: "lang_count",
    recount: `select sr.showcase_id as k, count(distinct r.language) as n from showcase_repos sr
      join repos r on r.id = sr.repo_id where r.language <> '' group by 1`,
  },
  // Derived from the entry counters repaired above.
  {
    table: "entries",
    column: "hot_index",
    recount: `select e.id as k, ${HEAT_SQL.hotIndex} as n from entries e`,
    float: true,
  },
  {
    table: "entries",
    column: "rank_index",
    recount: `select e.id as k, ${HEAT_SQL.rankIndex} as n from entries e`,
    float: true,
  },
  {
    table: "users",
    column: "total_hot_index",
    recount: `select user_id as k, round(sum(hot_index::numeric))::int as n from entries where ${livePublished} group by 1`,
  },
];

// All counted tables are keyed by `id`.
function differs(def: CounterDef, stored: string, actual: string): string {
  return def.float
    ? `abs(${stored} - ${actual}) > 1e-9 * greatest(1, abs(${actual}))`
    : `${stored} is distinct from ${actual}`;
}

function recountExpr(def: CounterDef): string {
  return `coalesce(c.n, ${def.zero ?? "0"})`;
}

/** Recomputes every counter from its rows: one UPDATE per counter, touching only rows that differ. */
export async function repairCounters(db: Db | Tx): Promise<number> {
  let changed = 0;
  for (const def of COUNTERS) {
    const actual = recountExpr(def);
    // The self-join lets rows without any counted rows (no match in the recount) reset to zero.
    const result = await db.execute(
      sql.raw(`update ${def.table} t set ${def.column} = ${actual}
        from ${def.table} t0 left join (${def.recount}) c on c.k = t0.id
        where t0.id = t.id and ${differs(def, `t.${def.column}`, actual)}`),
    );
    changed += affectedRows(result);
  }
  return changed;
}

export interface CounterDrift {
  /** table.column */
  counter: string;
  id: string;
  stored: string | null;
  actual: string | null;
}

/** Rows whose stored counter differs from its recount (empty when everything is consistent). */
export async function findCounterDrift(db: Db | Tx, limit = 100): Promise<CounterDrift[]> {
  const drift: CounterDrift[] = [];
  for (const def of COUNTERS) {
    const result = await db.execute(
      sql.raw(
        driftedRows(
          def,
          `'${def.table}.${def.column}' as counter, t.id as id, t.${def.column}::text as stored, ${recountExpr(def)}::text as actual`,
          limit,
        ),
      ),
    );
    drift.push(...(rowsOf(result) as unknown as CounterDrift[]));
  }
  return drift;
}

/** The rows of `def`'s table whose counter differs from its recount, first by id: one SELECT. */
function driftedRows(def: CounterDef, columns: string, limit: number, suffix = ""): string {
  return `select ${columns}
    from ${def.table} t left join (${def.recount}) c on c.k = t.id
    where ${differs(def, `t.${def.column}`, recountExpr(def))}
    order by t.id limit ${Math.max(0, Math.floor(limit))} ${suffix}`;
}

/**
 * The periodic repair (the counter-repair job, twice a day, as Discourse does): finds the drifted
 * rows of each counter and sets them to their recount, while the site keeps writing. Per counter,
 * one transaction locks the drifted rows before recounting them: a writer that counts
 * a row updates the same counter row in its own transaction (the house rule), so it has either
 * committed before the lock — and the recount sees its row — or waits for this transaction and
 * then adds its one on top of the repaired value. Never a stale count over a fresh one. Answers
 * what it fixed (at most `limit` rows a counter a run; the next run takes the rest). The lock is
 * FOR NO KEY UPDATE in id order, as users' lockUsers takes users: FOR UPDATE would also
 * wait for the key-share lock of a writer inserting a row that refers to one of them (a like, a
 * comment) while that writer waits for another of them.
 */
export async function repairDrift(db: Db, limit = 1000): Promise<CounterDrift[]> {
  const fixed: CounterDrift[] = [];
  for (const def of COUNTERS) {
    const actual = recountExpr(def);
    const repaired = await db.transaction(async (tx) => {
      const locked = rowsOf(
        await tx.execute(
          sql.raw(
            driftedRows(def, `t.id as id, t.${def.column}::text as stored`, limit, "for no key update of t"),
          ),
        ),
      ) as unknown as { id: string; stored: string | null }[];
      if (!locked.length) return [];
      const stored = new Map(locked.map((r) => [String(r.id), r.stored]));
      const ids = locked.map((r) => `'${String(r.id).replace(/'/g, "''")}'`).join(", ");
      const updated = rowsOf(
        await tx.execute(
          sql.raw(`update ${def.table} t set ${def.column} = ${actual}
            from ${def.table} t0 left join (${def.recount}) c on c.k = t0.id
            where t0.id = t.id and t.id in (${ids}) and ${differs(def, `t.${def.column}`, actual)}
            returning '${def.table}.${def.column}' as counter, t.id as id, t.${def.column}::text as actual`),
        ),
      ) as unknown as Omit<CounterDrift, "stored">[];
      return updated.map((r) => ({ ...r, stored: stored.get(String(r.id)) ?? null }));
    });
    fixed.push(...repaired);
  }
  return fixed;
}

/** Both drivers answer execute() with an object holding `rows`. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
