import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { repos, tags, users } from "../../db/schema/index.ts";
import { CATEGORIES } from "../../db/reference-data.ts";
import type { NuggetApp } from "../../server/app.ts";
import { newId } from "../../server/lib/ids.ts";
import { insertEntry, type NewEntry } from "../../server/services/entries/write.ts";
import { creditIncome } from "../../server/services/wallet/queries.ts";
import { uniqueIp } from "./app.ts";
import { call, registerByEmail, type Auth } from "./client.ts";

// One factory per thing a test makes, so every test makes its own rows the way the app makes them:
// through the API where a person would (a comment, a pin, a booklet), through the one service path
// where the API would take too long (entries go through entries/write.ts, which keeps the
// counters and the search index), and straight into the table only where the app has no door
// (a role, a repo, which come from admins and the importer). Each factory throws when the app
// refuses, so a broken setup fails at its cause rather than at a later assertion.

const hex = (n: number) => randomBytes(n).toString("hex");

/** Calls the API as `auth` from an address of its own and answers `d`; throws unless `s` is 1. */
async function must<T = any>(
  nugget: NuggetApp,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  auth: Auth,
  body?: unknown,
): Promise<T> {
  const r = await call<T>(nugget.app, method, url, { auth, body, ip: uniqueIp() });
  if (r.s !== 1) throw new Error(`${method} ${url}: ${r.status} ${r.s} ${r.m} ${JSON.stringify(r.d)}`);
  return r.d;
}

export type Registered = Awaited<ReturnType<typeof registerByEmail>>;

/**
 * Someone registered (by e-mail) through the API and logged in, then given `flags` straight on
 * their row: a role, booklet authorship, wallet access or a verified address have no API door.
 */
export async function makeUser(
  nugget: NuggetApp,
  flags: Partial<typeof users.$inferInsert> = {},
): Promise<Registered> {
  const u = await registerByEmail(nugget);
  if (Object.keys(flags).length)
    await nugget.database.db.update(users).set(flags).where(eq(users.id, u.user.id));
  return u;
}

/** `count` people made by makeUser one after another, so they registered in that order. */
export async function makeUsers(nugget: NuggetApp, count: number): Promise<Registered[]> {
  const made: Registered[] = [];
  for (let i = 0; i < count; i++) made.push(await makeUser(nugget));
  return made;
}

/**
 * For a file that checks counters on its own rows only (the database may hold other files' rows):
 * `touched` collects the ids of what it made; `register` (makeUser), `entry` (makeEntry, in the
 * backend category unless `fields` say), `pin` (makePin) and `comment` (makeComment) make a row
 * and add it.
 */
export function touchedRows(nugget: () => NuggetApp) {
  const touched = new Set<string>();
  const add = <T>(made: T, id: (made: T) => string) => {
    touched.add(id(made));
    return made;
  };
  return {
    touched,
    register: async () => add(await makeUser(nugget()), (u) => u.user.id),
    entry: async (userId: string, fields: Partial<NewEntry> = {}) =>
      add(
        await makeEntry(nugget().database.db, userId, { categoryId: categoryId("backend"), ...fields }),
        (e) => e.id,
      ),
    pin: async (auth: Auth, extra: Record<string, unknown> = {}) =>
      add(await makePin(nugget(), auth, extra), (id) => id),
    comment: async (auth: Auth, targetId: string, extra: Record<string, unknown> = {}) =>
      add(await makeComment(nugget(), auth, targetId, extra), (id) => id),
  };
}

/** A registered user with role admin. */
export const makeAdmin = (nugget: NuggetApp) => makeUser(nugget, { role: "admin" });

/** A user row without password or session: people who only need to exist (a repo's translators). */
export async function makeBareUser(db: Db, username = `译者${hex(3)}`): Promise<string> {
  const id = newId();
  await db.insert(users).values({ id, username });
  return id;
}

/**
 * A booklet author with wallet access and `cents` of income: one succeeded income bill, as a sale
 * leaves it (none for 0).
 */
export async function makeWalletHolder(nugget: NuggetApp, cents: number): Promise<Registered> {
  const u = await makeUser(nugget, { isXiaoceAuthor: true, hasWalletAccess: true });
  if (cents > 0) {
    await nugget.database.db.transaction((tx) =>
      creditIncome(tx, {
        userId: u.user.id,
        amount: cents,
        orderId: newId(),
        description: "《测试》销售收入",
      }),
    );
  }
  return u;
}

/** A tag with a unique title, so a test can filter a feed down to its own entries. */
export async function makeTag(
  db: Db,
  title = `测试标签${hex(4)}`,
  categoryId: string | null = null,
): Promise<typeof tags.$inferSelect> {
  const [row] = await db.insert(tags).values({ id: newId(), title, categoryId }).returning();
  return row;
}

export const categoryId = (name = "frontend") => CATEGORIES.find((c) => c.name === name)!.id;

/** A published share (type article) by `userId`, through the one entry-writing path. */
export function makeEntry(db: Db, userId: string, fields: Partial<NewEntry> = {}, tagIds: string[] = []) {
  return db.transaction((tx) =>
    insertEntry(
      tx,
      {
        userId,
        categoryId: categoryId(),
        type: "article",
        title: `测试条目 ${hex(3)}`,
        originalUrl: `https://example.com/${hex(6)}`,
        summary: "一段摘要",
        ...fields,
      },
      tagIds,
    ),
  );
}

/** A column article's draft through the API; answers the presented draft. */
export function makeDraft(nugget: NuggetApp, auth: Auth, body: Record<string, unknown> = {}) {
  return must(nugget, "POST", "/api/drafts", auth, body);
}

/** Publishes a draft (default category frontend) through the API; answers the presented post. */
export function publishDraft(
  nugget: NuggetApp,
  auth: Auth,
  draftId: string,
  body: { categoryId?: string; tagIds?: string[] } = {},
) {
  return must(nugget, "POST", `/api/drafts/${draftId}/publish`, auth, { categoryId: categoryId(), ...body });
}

/** A published column article: a draft of `draft`'s fields, published with `publish`'s. */
export async function makeArticle(
  nugget: NuggetApp,
  auth: Auth,
  draft: Record<string, unknown> = {},
  publish: { categoryId?: string; tagIds?: string[] } = {},
) {
  const d = await makeDraft(nugget, auth, { title: `文章 ${hex(3)}`, content: "# 正文\n\n内容", ...draft });
  return { draftId: d.id as string, post: await publishDraft(nugget, auth, d.id, publish) };
}

/** A pin through the API; answers its id. */
export async function makePin(nugget: NuggetApp, auth: Auth, extra: Record<string, unknown> = {}) {
  return (await must(nugget, "POST", "/api/pins", auth, { content: `沸点 ${hex(3)}`, ...extra }))
    .id as string;
}

/**
 * A comment through the API on an entry (or, with `targetType`, a pin, repo or booklet); a reply
 * with `replyTo`-style fields in `extra`. Answers its id.
 */
export async function makeComment(
  nugget: NuggetApp,
  auth: Auth,
  targetId: string,
  extra: Record<string, unknown> = {},
) {
  const body = { content: `评论 ${hex(3)}`, targetId, targetType: "entry", ...extra };
  return (await must(nugget, "POST", "/api/comment", auth, body)).commentId as string;
}

export interface MadeCollectionSet {
  id: string;
  title: string;
  entryCount: number;
  followerCount: number;
}

/** A collection set of `auth`'s through the API; answers it as presented. */
export function makeCollectionSet(nugget: NuggetApp, auth: Auth, fields: Record<string, unknown> = {}) {
  return must<MadeCollectionSet>(nugget, "POST", "/api/collectionset", auth, {
    title: `收藏集 ${newId().slice(-6)}`,
    ...fields,
  });
}

/** `auth` follows the users `ids` through the API. */
export function followUsers(nugget: NuggetApp, auth: Auth, ids: string[]) {
  return must(nugget, "POST", "/api/follow", auth, { ids: ids.join("|") });
}

/** A repo of our own, straight into its table as the importer writes it (the database may hold seeded ones). */
export async function makeRepo(db: Db, fields: Partial<typeof repos.$inferInsert> = {}) {
  const name = fields.name ?? `owner${hex(4)}/repo${hex(4)}`;
  const [row] = await db
    .insert(repos)
    .values({
      id: newId(),
      originalId: `test-${hex(8)}`,
      url: `https://github.com/${name}`,
      name,
      description: "A test repository",
      language: "",
      owner: { username: name.split("/")[0], avatar: "", url: `https://github.com/${name.split("/")[0]}` },
      ...fields,
    })
    .returning();
  return row;
}

/**
 * A booklet of `auth`'s through the API (its author needs isXiaoceAuthor): one free and one paid
 * section, published unless `draft`.
 */
export async function makeBooklet(
  nugget: NuggetApp,
  auth: Auth,
  opts: { draft?: boolean; price?: number } = {},
) {
  const b = await must(nugget, "POST", "/api/booklets", auth, {
    title: `小册 ${hex(3)}`,
    summary: "测试小册",
    price: opts.price ?? 1990,
    category: "frontend",
  });
  const section = (title: string, isFree: boolean) =>
    must(nugget, "POST", `/api/booklets/${b.id}/sections`, auth, { title, content: `# ${title}`, isFree });
  const free = await section("免费一节", true);
  const paid = await section("付费一节", false);
  if (!opts.draft)
    await must(nugget, "PUT", "/api/booklets/isDraft", auth, { bookletId: b.id, isDraft: false });
  return { id: b.id as string, freeSection: free.id as string, paidSection: paid.id as string };
}

/** A vote (an entry of type vote) through the API, options React, Vue and Svelte unless given. */
export function makeVote(nugget: NuggetApp, auth: Auth, fields: Record<string, unknown> = {}) {
  return must<{ entryId: string; options: { id: string; title: string }[] }>(
    nugget,
    "POST",
    "/api/votes",
    auth,
    {
      title: `投票 ${hex(3)}`,
      content: "选一个",
      category: "frontend",
      options: ["React", "Vue", "Svelte"],
      ...fields,
    },
  );
}
