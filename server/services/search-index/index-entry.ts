import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { entries, entrySearch } from "../../../db/schema/index.ts";
// From db/ rather than entries' face (which re-exports it): the search index sits below entries.
import { publicEntry } from "../../../db/public-entry.ts";
import { indexWords } from "../../lib/segment.ts";
import { dropChampionLists, noteDocument } from "./champions.ts";

/**
 * Keeping entry_search (db/schema/search.ts) in step with the entries. Words are cut in JavaScript
 * (server/lib/segment.ts: jieba for Chinese, our own rule for Latin tokens) and handed to
 * PostgreSQL as one tsvector per field with explicit positions, combined in SQL with the weights:
 *
 *   setweight(title, 'A') || setweight(tags, 'B') || setweight(abstract, 'C') || setweight(content, 'D')
 *
 * Why not to_tsvector('simple', 'pre-segmented text'): PostgreSQL's parser would cut the Latin
 * tokens again (c++ and c# both become c) and number the extra search-mode words (开发 of 开发者) as
 * words of their own, so 开发者 工具 would no longer be a phrase. Literal tsvectors keep both.
 */

/** Fields whose change changes an entry's document or whether it may be found. */
const SEARCHED_FIELDS = ["title", "summary", "content", "status", "deletedAt"] as const;
/** Only the start of a long article is indexed: enough to find it, and the tsvector stays small. */
export const CONTENT_INDEXED_CHARS = 10_000;
/** PostgreSQL keeps positions up to 16383 and at most 256 of them per word. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
/** Entries read, segmented and written together by reindexAllEntries. */
const BATCH = 1000;

/** Does this update (updateEntry's `changes`, and its tag list) change what search sees? */
export function touchesSearch(changes: object, tagIds?: string[]): boolean {
  return tagIds !== undefined || SEARCHED_FIELDS.some((f) => f in changes);
}

/** What an entry's document is made of. */
export interface EntrySource {
  id: string;
  updatedAt: Date;
  title: string;
  summary: string;
  content: string;
  tags: string[];
}

/** The four field vectors of one entry, as tsvector literals. */
interface DocumentFields {
  id: string;
  /** The entry's updatedAt: which version of the entry the document reflects. */
  updatedAt: string;
  title: string;
  tags: string;
  abstract: string;
  content: string;
}

const quote = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * A tsvector literal ('前端':2 '性能':3 …) for one field. Positions start at 2: `||` shifts the
 * next field past this one's last position, so the gap of one keeps a phrase from running from the
 * end of the title into the first tag.
 */
export function fieldVector(text: string): string {
  const positions = new Map<string, number[]>();
  for (const { word, position } of indexWords(text)) {
    const list = positions.get(word);
    const p = Math.min(position + 1, MAX_POSITION);
    if (!list) positions.set(word, [p]);
    else if (list.length < MAX_POSITIONS_PER_WORD && list[list.length - 1] !== p) list.push(p);
  }
  let out = "";
  for (const [word, list] of positions) out += `${out ? " " : ""}${quote(word)}:${list.join(",")}`;
  return out;
}

/** Links and image addresses are not what anyone searches an article for. */
const URLS = /\bhttps?:\/\/\S+/g;

function documentFields(e: EntrySource): DocumentFields {
  return {
    id: e.id,
    updatedAt: e.updatedAt.toISOString(),
    title: fieldVector(e.title),
    // "|" between tags: punctuation, so two tags never read as one phrase.
    tags: fieldVector(e.tags.join(" | ")),
    abstract: fieldVector(e.summary.replace(URLS, " ")),
    content: fieldVector(e.content.slice(0, CONTENT_INDEXED_CHARS).replace(URLS, " ")),
  };
}

/** Findable means public (publicEntry: published, not deleted): only those have a row in entry_search. */
const findable = publicEntry();

/** The sources of some entries (tags in the same query); `where` picks them. Starts at once. */
async function loadSources(db: Tx, where: SQL | undefined, limit?: number): Promise<EntrySource[]> {
  const query = db
    .select({
      id: entries.id,
      updatedAt: entries.updatedAt,
      title: entries.title,
      summary: entries.summary,
      content: sql<string>`left(${entries.content}, ${CONTENT_INDEXED_CHARS})`,
      // Spelled out: drizzle drops table names from columns in a one-table select, and "id" alone
      // would mean the tag's id inside the subquery.
      tags: sql<string[]>`array(select t.title from entry_tags et join tags t on t.id = et.tag_id
                                where et.entry_id = "entries"."id" order by t.title)`,
    })
    .from(entries)
    .where(where)
    .orderBy(asc(entries.id));
  return limit ? await query.limit(limit) : await query;
}

/** Upserts documents: six arrays in, whatever the batch size, so one statement per batch. */
async function writeDocuments(db: Tx, docs: DocumentFields[]): Promise<void> {
  if (!docs.length) return;
  const column = (k: keyof DocumentFields) => sql.param(docs.map((d) => d[k]));
  await db.execute(sql`
    insert into ${entrySearch} (entry_id, document, updated_at)
    select f.id,
           setweight(f.title::tsvector, 'A') || setweight(f.tags::tsvector, 'B')
             || setweight(f.abstract::tsvector, 'C') || setweight(f.content::tsvector, 'D'),
           f.updated_at
    from unnest(${column("id")}::text[], ${column("updatedAt")}::timestamptz[], ${column("title")}::text[],
                ${column("tags")}::text[], ${column("abstract")}::text[], ${column("content")}::text[])
         as f(id, updated_at, title, tags, abstract, content)
    on conflict (entry_id) do update set document = excluded.document, updated_at = excluded.updated_at`);
}

/**
 * Brings one entry's search row up to date, in the caller's transaction: written when the entry is
 * findable, removed when it is a draft, deleted or gone. Called by the entry write module after
 * every insert and every update that touches a searched field.
 */
export async function indexEntry(tx: Tx, entryId: string): Promise<void> {
  const [source] = await loadSources(tx, and(eq(entries.id, entryId), findable), 1);
  if (source) await writeDocuments(tx, [documentFields(source)]);
  else await tx.delete(entrySearch).where(eq(entrySearch.entryId, entryId));
  // The champion lists follow the document (champions.ts): out of every list, into those it earns.
  await noteDocument(tx, entryId, Boolean(source));
}

export interface ReindexProgress {
  done: number;
  total: number;
}

/**
 * Rebuilds the whole index: every findable entry, in batches of 1000 walked by id (primary key
 * order, so no batch rescans the last), then drops rows of entries no longer findable. Segmenting
 * a batch (JavaScript, about 0.3 ms an entry) overlaps with writing the last one and reading the
 * next (PostgreSQL): 100,000 entries take about 70 s on two cores. For the seed and after a change
 * of segment.ts. Drops the champion lists (champions.ts); run the search-champions job after.
 */
export async function reindexAllEntries(
  db: Db,
  onProgress?: (progress: ReindexProgress) => void,
): Promise<ReindexProgress> {
  // Documents written in bulk skip noteDocument: the lists would no longer be true. Searches rank
  // every match until the search-champions job builds them again.
  await dropChampionLists(db);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(entries)
    .where(findable);
  const progress = { done: 0, total };
  onProgress?.({ ...progress });
  let batch = await loadSources(db, findable, BATCH);
  let writing: Promise<void> = Promise.resolve();
  while (batch.length) {
    const next = loadSources(db, and(findable, gt(entries.id, batch[batch.length - 1].id)), BATCH);
    // Awaited below; until then a failure must not count as unhandled (it would end the process).
    next.catch(() => {});
    const docs = batch.map(documentFields);
    await writing;
    writing = writeDocuments(db, docs).then(() => {
      progress.done += docs.length;
      onProgress?.({ ...progress });
    });
    writing.catch(() => {});
    batch = await next;
  }
  await writing;
  await db.execute(sql`
    delete from ${entrySearch} s
    where not exists (select 1 from ${entries} e
                      where e.id = s.entry_id and ${publicEntry("e")})`);
  return progress;
}
