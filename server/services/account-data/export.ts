/**
 * The archive of 「下载我的数据」: the profile, column articles as Markdown with front matter, and
 * one JSON file for each other kind of row. Every list is read by keyset a page at a time and
 * compressed as it is read (ZipWriter.addStream).
 */
import type { Db } from "../../../db/client.ts";
import type { entries } from "../../../db/schema/index.ts";
import { ZipWriter } from "../../lib/zip.ts";
import { presentSelf, type UserRow } from "../users/index.ts";
import * as q from "./queries.ts";

type Keyed = { createdAt: Date; id: string };

/** Pages of a keyset walk until a short page. */
async function* pages<T extends Keyed>(read: (key: Keyed | null) => Promise<T[]>): AsyncIterable<T[]> {
  let key: Keyed | null = null;
  for (;;) {
    const rows = await read(key);
    if (rows.length) yield rows;
    if (rows.length < q.EXPORT_PAGE) return;
    const last = rows[rows.length - 1];
    key = { createdAt: last.createdAt, id: last.id };
  }
}

/** A JSON list written a page at a time. */
async function* jsonList<T extends Keyed, R>(
  walk: AsyncIterable<T[]>,
  present: (rows: T[]) => R[] | Promise<R[]>,
): AsyncIterable<string> {
  yield "[";
  let first = true;
  for await (const rows of walk) {
    for (const item of await present(rows)) {
      yield `${first ? "\n  " : ",\n  "}${JSON.stringify(item)}`;
      first = false;
    }
  }
  yield first ? "]\n" : "\n]\n";
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A YAML string: JSON's quoting is valid YAML for any text. */
const yaml = (s: string) => JSON.stringify(s);

/** One column article as Markdown with its front matter. */
function articleMarkdown(e: typeof entries.$inferSelect, tags: string[]) {
  return [
    "---",
    `title: ${yaml(e.title)}`,
    `tags: [${tags.map(yaml).join(", ")}]`,
    `status: ${e.status}`,
    `created: ${e.createdAt.toISOString()}`,
    `updated: ${e.updatedAt.toISOString()}`,
    `id: ${e.id}`,
    "---",
    "",
    e.content,
    "",
  ].join("\n");
}

const README = `这是你在本站的全部数据（「下载我的数据」）。

profile.json            个人资料
articles/*.md           专栏文章（Markdown，开头是标题、标签、日期）
shares.json             分享的链接、投票等条目
comments.json           评论与回复
pins.json               沸点
likes/*.json            赞过的文章、沸点、评论
collections/*.json      创建的收藏集（含文章 id）与关注的收藏集
follows/*.json          关注的人、关注你的人、关注的标签
orders.json             小册订单
bills.json              钱包账单（金额单位：分）
`;

/** Builds the whole archive of one user's data. */
export async function buildArchive(db: Db, user: UserRow, now: Date): Promise<Buffer> {
  const zip = new ZipWriter();
  const id = user.id;
  /** One JSON list file of the archive, walked and written a page at a time. */
  const addList = <T extends Keyed, R>(
    name: string,
    read: (key: Keyed | null) => Promise<T[]>,
    present: (rows: T[]) => R[] | Promise<R[]>,
  ) => zip.addStream(name, jsonList(pages(read), present), now);
  zip.add("README.txt", README, now);
  const { community: _omit, ...profile } = presentSelf(user);
  zip.add(
    "profile.json",
    `${JSON.stringify({ ...profile, createdAt: iso(user.createdAt) }, null, 2)}\n`,
    now,
  );

  for await (const rows of pages((k) => q.entriesPage(db, id, "post", k))) {
    const tagsOf = await q.tagTitlesOf(
      db,
      rows.map((r) => r.id),
    );
    for (const e of rows) {
      const day = e.createdAt.toISOString().slice(0, 10);
      zip.add(`articles/${day}-${e.id}.md`, articleMarkdown(e, tagsOf.get(e.id) ?? []), e.updatedAt);
    }
  }

  await addList(
    "shares.json",
    (k) => q.entriesPage(db, id, "other", k),
    async (rows) => {
      const tagsOf = await q.tagTitlesOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((e) => ({
        id: e.id,
        type: e.type,
        title: e.title,
        url: e.originalUrl,
        content: e.content,
        tags: tagsOf.get(e.id) ?? [],
        status: e.status,
        createdAt: iso(e.createdAt),
        updatedAt: iso(e.updatedAt),
      }));
    },
  );
  await addList(
    "comments.json",
    (k) => q.commentsPage(db, id, k),
    (rows) =>
      rows.map((c) => ({
        id: c.id,
        targetType: c.targetType,
        targetId: c.targetId,
        content: c.content,
        picList: c.picList,
        replyTo: c.respCommentId,
        createdAt: iso(c.createdAt),
      })),
  );
  await addList(
    "pins.json",
    (k) => q.pinsPage(db, id, k),
    (rows) =>
      rows.map((p) => ({
        id: p.id,
        content: p.content,
        images: p.imageUrlList,
        createdAt: iso(p.createdAt),
      })),
  );
  const liked = (rows: { id: string; createdAt: Date; title?: string }[]) =>
    rows.map((r) => ({
      id: r.id,
      ...(r.title !== undefined ? { title: r.title } : {}),
      likedAt: iso(r.createdAt),
    }));
  // The three like tables export alike: what was liked and when (an entry's title besides).
  const likePages = { entries: q.entryLikesPage, pins: q.pinLikesPage, comments: q.commentLikesPage };
  for (const [name, likesPage] of Object.entries(likePages)) {
    await addList(`likes/${name}.json`, (k) => likesPage(db, id, k), liked);
  }
  await addList(
    "collections/own.json",
    (k) => q.collectionsPage(db, id, k),
    async (rows) => {
      const entriesOf = await q.entryIdsOfSets(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description,
        entryIds: entriesOf.get(s.id) ?? [],
        createdAt: iso(s.createdAt),
      }));
    },
  );
  await addList(
    "collections/followed.json",
    (k) => q.followedSetsPage(db, id, k),
    (rows) => rows.map((r) => ({ id: r.id, followedAt: iso(r.createdAt) })),
  );
  const people = (rows: { id: string; username: string; createdAt: Date }[]) =>
    rows.map((r) => ({ id: r.id, username: r.username, since: iso(r.createdAt) }));
  await addList("follows/following.json", (k) => q.followsPage(db, id, "followee", k), people);
  await addList("follows/followers.json", (k) => q.followsPage(db, id, "follower", k), people);
  await addList(
    "follows/tags.json",
    (k) => q.tagSubscriptionsPage(db, id, k),
    (rows) => rows.map((r) => ({ id: r.id, title: r.title, since: iso(r.createdAt) })),
  );
  await addList(
    "orders.json",
    (k) => q.ordersPage(db, id, k),
    (rows) =>
      rows.map((o) => ({
        id: o.id,
        bookletId: o.bookletId,
        amount: o.amount,
        status: o.status,
        payType: o.payType,
        createdAt: iso(o.createdAt),
        paidAt: iso(o.paidAt),
      })),
  );
  await addList(
    "bills.json",
    (k) => q.billsPage(db, id, k),
    (rows) =>
      rows.map((b) => ({
        id: b.id,
        type: b.type,
        amount: b.amount,
        status: b.status,
        description: b.description,
        orderId: b.orderId,
        createdAt: iso(b.createdAt),
      })),
  );
  return zip.finish();
}
