/**
 * Seeds a database with realistic Chinese community data: users, entries (column articles,
 * shared links, votes), tags, comments and replies, likes, views, follows, tag subscriptions,
 * pins, collection sets, repos and showcases, booklets with sections and orders, wallets and
 * bills, banners, notifications, invitations.
 *
 * Demo accounts (every seeded user has the password nugget123; one argon2id hash is reused):
 * - 掘金演示: e-mail demo@nugget.dev, phone 13800000000, password nugget123 — a booklet author
 *   (isXiaoceAuthor) with wallet access, entries, pins, collection sets, notifications.
 * - 掘金管理员: e-mail admin@nugget.dev, password nugget123, role admin.
 * - The third user (if any) has role editor.
 *
 * The same `seed` and `now` always give the same rows, ids included (db/seed/random.ts). `now`
 * defaults to the start of the current UTC day, so two runs on one day agree.
 * Rows go in as multi-row INSERTs (up to 1000 rows a statement) chunk by chunk, so large sets
 * (1,000,000 entries on PostgreSQL) stream without holding everything in memory. Counters are
 * written from the generated rows and then checked by repairCounters.
 * Meant for an empty database: a second run with other users would collide on unique names.
 */
import { type Algorithm, hash } from "@node-rs/argon2";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { repairCounters } from "../counters.ts";
import { heatIndexes } from "../heat.ts";
import { BUILT_IN_TAGS, CATEGORY_ID, ensureReferenceData, fixedTagId } from "../reference-data.ts";
import {
  banners,
  bills,
  bookletSections,
  booklets,
  collectionSetEntries,
  collectionSetFollowers,
  collectionSets,
  commentLikes,
  comments,
  entries,
  entryLikes,
  entryTags,
  entryViews,
  follows,
  invitations,
  mailPushSettings,
  notifications,
  orders,
  pinLikes,
  pins,
  repos,
  showcaseRepos,
  showcases,
  systemNotificationReads,
  systemNotifications,
  tagSubscriptions,
  tags,
  trackingEvents,
  users,
  voteAnswers,
  voteOptions,
  wallets,
} from "../schema/index.ts";
import {
  BANNERS,
  BOOKLETS,
  COLLECTION_SET_TITLES,
  COMMENT_TEMPLATES,
  COMPANIES,
  EXTRA_TAG_TITLES,
  GIVEN_NAMES,
  JOB_TITLES,
  LANGUAGE_COLOURS,
  LATIN_NAMES,
  LATIN_SUFFIXES,
  LINK_DESCRIPTIONS,
  LINK_HOSTS,
  NICK_PREFIXES,
  NICK_SUFFIXES,
  PIN_TEMPLATES,
  REPLY_TEMPLATES,
  REPOS,
  SELF_DESCRIPTIONS,
  SHOWCASES,
  SURNAMES,
  SYSTEM_MESSAGES,
  TOOLS,
  TOPICS,
  VOTE_QUESTIONS,
  type Topic,
} from "./corpus.ts";
import { reindexAllEntries } from "../../server/services/search/index-entry.ts";
import { Rng, seedNumber } from "./random.ts";
import { trendingWindows } from "./repos.ts";
import { articleMarkdown, entryTitle, fill, plainSummary, slug, svgDataUrl } from "./text.ts";

export const DEMO_ACCOUNT = {
  email: "demo@nugget.dev",
  phone: "13800000000",
  password: "nugget123",
  username: "掘金演示",
} as const;
export const ADMIN_ACCOUNT = {
  email: "admin@nugget.dev",
  password: "nugget123",
  username: "掘金管理员",
} as const;

export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}

export interface SeedOptions {
  users: number;
  entries: number;
  /** Entry comments and replies in total (about); default 2 per entry. */
  comments?: number;
  /** Default one pin per five entries (at least 20). */
  pins?: number;
  seed: number | string;
  /** The seed's "now": every date lies before it. Default: the start of the current UTC day. */
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedSummary {
  users: number;
  entries: number;
  comments: number;
  pins: number;
  likes: number;
  views: number;
  follows: number;
  notifications: number;
  milliseconds: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Entries generated and written together. */
const CHUNK = 1000;
/** Notifications kept per tracked recipient. */
const NOTIFICATIONS_PER_USER = 200;

type Row<T extends PgTable> = T["$inferInsert"];

/** What both drivers' clients (pg's Pool, PGlite) offer: a parameterized text query. */
interface RawClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/**
 * Multi-row INSERTs of up to 1000 rows (fewer for wide tables: PostgreSQL takes at most 65535
 * parameters). The statement is built here as text and sent straight to the driver's client:
 * drizzle's query builder spent over half of the seed's CPU time on these large inserts. Values
 * still go through each column's own mapToDriverValue (dates, arrays, jsonb); a missing value
 * becomes DEFAULT.
 */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: Row<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const names = columns
    .map(([key, column]) => `"${column.keyAsName ? toSnakeCase(key) : column.name}"`)
    .join(", ");
  const head = `insert into "${getTableName(table)}" (${names}) values `;
  const client = (db as unknown as { $client: RawClient }).$client;
  const size = Math.max(1, Math.min(1000, Math.floor(60000 / columns.length)));
  for (let i = 0; i < rows.length; i += size) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of rows.slice(i, i + size) as Record<string, unknown>[]) {
      const values = columns.map(([key, column]) => {
        const value = row[key];
        if (value === undefined) return "default";
        if (value === null) return "null";
        params.push(column.mapToDriverValue(value));
        return "$" + params.length;
      });
      tuples.push("(" + values.join(", ") + ")");
    }
    await client.query(head + tuples.join(", "), params);
  }
}

interface SeedUser {
  id: string;
  createdAt: Date;
}

interface GeneratedComment {
  row: Row<typeof comments>;
  likes: Row<typeof commentLikes>[];
}

/** Notifications for the first users only: enough to fill the demo's inbox without millions of rows. */
class NotificationSink {
  readonly rows: Row<typeof notifications>[] = [];
  private readonly perUser = new Map<string, number>();
  constructor(
    private readonly rng: Rng,
    private readonly tracked: Set<string>,
    private readonly now: Date,
  ) {}

  add(n: Omit<Row<typeof notifications>, "id" | "checked" | "updatedAt"> & { createdAt: Date }): void {
    if (!this.tracked.has(n.userId) || n.actorIds?.includes(n.userId)) return;
    const count = this.perUser.get(n.userId) ?? 0;
    if (count >= NOTIFICATIONS_PER_USER || !this.rng.chance(0.6)) return;
    this.perUser.set(n.userId, count + 1);
    this.rows.push({
      ...n,
      id: this.rng.id(n.createdAt),
      // Older than two days: read; newer ones make the unread badge.
      checked: n.createdAt.getTime() < this.now.getTime() - 2 * DAY,
      updatedAt: n.createdAt,
    });
  }
}

/** Seeds the database; see the top of this file. Returns what was made and how long it took. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const rng = new Rng(seedNumber(opts.seed));
  const now = opts.now ?? new Date(Math.floor(Date.now() / DAY) * DAY);
  const year = now.getUTCFullYear();
  const userCount = Math.max(2, Math.floor(opts.users));
  const entryCount = Math.max(0, Math.floor(opts.entries));
  const commentMean = entryCount > 0 ? (opts.comments ?? entryCount * 2) / entryCount : 0;
  const pinCount = Math.max(0, Math.floor(opts.pins ?? Math.max(20, Math.round(entryCount / 5))));
  const progress = (phase: string, done: number, total: number) => opts.onProgress?.({ phase, done, total });
  const summary: SeedSummary = {
    users: userCount,
    entries: entryCount,
    comments: 0,
    pins: pinCount,
    likes: 0,
    views: 0,
    follows: 0,
    notifications: 0,
    milliseconds: 0,
  };

  await ensureReferenceData(db);

  // ---- tags: the built-in ones plus extra ones with fixed ids; read back by title so a tag that
  // already existed under another id is still found.
  const extraTags = EXTRA_TAG_TITLES.filter(
    (title) => !BUILT_IN_TAGS.some((b) => b.title.toLowerCase() === title.toLowerCase()),
  ).map((title, i) => ({
    id: fixedTagId(100 + i),
    title,
    createdAt: new Date(Date.UTC(2016, 0, 1)),
    updatedAt: new Date(Date.UTC(2016, 0, 1)),
  }));
  await db.insert(tags).values(extraTags).onConflictDoNothing();
  const tagRows = await db.select({ id: tags.id, title: tags.title }).from(tags).orderBy(tags.id);
  const tagIdByTitle = new Map(tagRows.map((t) => [t.title.toLowerCase(), t.id]));
  const tagIds = tagRows.map((t) => t.id);
  const topicTagIds = (topic: Topic) =>
    topic.tags.map((t) => tagIdByTitle.get(t.toLowerCase())).filter((id): id is string => !!id);

  // ---- users
  progress("users", 0, userCount);
  // Only the two documented accounts can log in, each with its own salt (issue 10: one hash shared
  // by every seeded user told anyone with the database that they share a password). The other
  // seeded people write the demo content and have no password, like third-party sign-ups.
  const demoHash = () =>
    hash(DEMO_ACCOUNT.password, {
      // Algorithm is a const enum: its members do not exist at run time under tsx, hence the cast.
      algorithm: 2 as Algorithm,
      memoryCost: 47104,
      timeCost: 1,
      parallelism: 1,
      salt: new Uint8Array(16).map(() => rng.int(256)),
    });
  const loginHashes = [await demoHash(), await demoHash()];
  const seedUsers: SeedUser[] = [];
  const userRows: Row<typeof users>[] = [];
  const taken = new Set<string>();
  const xiaoceAuthors: number[] = [];
  for (let i = 0; i < userCount; i++) {
    const createdAt =
      i === 0
        ? new Date(now.getTime() - 800 * DAY)
        : i === 1
          ? new Date(now.getTime() - 900 * DAY)
          : rng.dateBetween(new Date(now.getTime() - 1000 * DAY), new Date(now.getTime() - DAY));
    const id = rng.id(createdAt);
    let username: string;
    let latin = false;
    if (i === 0) username = DEMO_ACCOUNT.username;
    else if (i === 1) username = ADMIN_ACCOUNT.username;
    else {
      const r = rng.float();
      if (r < 0.35) username = rng.pick(NICK_PREFIXES) + rng.pick(NICK_SUFFIXES);
      else if (r < 0.6) username = rng.pick(SURNAMES) + rng.pick(GIVEN_NAMES);
      else {
        username = rng.pick(LATIN_NAMES) + rng.pick(LATIN_SUFFIXES);
        latin = true;
      }
      while (taken.has(username.toLowerCase())) username = username.slice(0, 15) + rng.range(1, 9999);
    }
    taken.add(username.toLowerCase());
    const author = i === 0 || (i >= 2 && i <= 4) || (i > 4 && rng.chance(0.02));
    if (author) xiaoceAuthors.push(i);
    const loginFrom = new Date(Math.max(createdAt.getTime(), now.getTime() - 30 * DAY));
    userRows.push({
      id,
      username,
      selfDescription:
        i === 0 ? "这是掘金的演示账号：随便逛逛，点赞、评论、收藏都可以试试。" : rng.pick(SELF_DESCRIPTIONS),
      role: i === 1 ? "admin" : i === 2 ? "editor" : "user",
      email:
        i === 0
          ? DEMO_ACCOUNT.email
          : i === 1
            ? ADMIN_ACCOUNT.email
            : latin
              ? `${username.toLowerCase()}@example.com`
              : `user${i}@example.com`,
      emailVerified: i < 2 || rng.chance(0.7),
      mobilePhoneNumber:
        i === 0 ? DEMO_ACCOUNT.phone : i > 1 && rng.chance(0.35) ? "139" + String(i).padStart(8, "0") : null,
      mobilePhoneVerified: i === 0,
      passwordHash: i < 2 ? loginHashes[i] : null,
      jobTitle: i === 1 ? "社区运营" : rng.pick(JOB_TITLES),
      company: i === 1 ? "掘金" : rng.pick(COMPANIES),
      blogAddress: latin && rng.chance(0.4) ? `https://github.com/${username.toLowerCase()}` : "",
      isXiaoceAuthor: author,
      hasWalletAccess: author,
      latestLoginedInAt: rng.dateBetween(loginFrom, now),
      createdAt,
      updatedAt: createdAt,
    });
    seedUsers.push({ id, createdAt });
  }
  await insertRows(db, users, userRows);
  progress("users", userCount, userCount);
  const demo = seedUsers[0];
  const userAt = (i: number) => seedUsers[i];
  const randomUser = () => seedUsers[rng.int(userCount)];
  /** Writers and popular people are the first users: most activity points at them. */
  const popularUser = () => seedUsers[rng.skewed(userCount, 1.5)];
  const tracked = new Set(seedUsers.slice(0, 50).map((u) => u.id));
  const sink = new NotificationSink(rng, tracked, now);
  const later = (from: Date, skew = 1.5) => rng.dateBetween(from, now, skew);
  const distinctUsers = (k: number, except?: string) =>
    rng
      .distinct(userCount, k + 1)
      .map(userAt)
      .filter((u) => u.id !== except)
      .slice(0, k);

  // ---- follows and tag subscriptions
  const followRows: Row<typeof follows>[] = [];
  const subscriptionRows: Row<typeof tagSubscriptions>[] = [];
  for (let i = 0; i < userCount; i++) {
    const follower = seedUsers[i];
    const want = Math.min(userCount - 1, i === 0 ? 12 : rng.round(rng.popularity() * 8));
    const chosen = new Set<number>();
    for (let attempt = 0; chosen.size < want && attempt < want * 4; attempt++) {
      const followee = rng.skewed(userCount, 1.5);
      if (followee !== i) chosen.add(followee);
    }
    for (const f of chosen) {
      const followee = seedUsers[f];
      const createdAt = later(
        new Date(Math.max(follower.createdAt.getTime(), followee.createdAt.getTime())),
        1,
      );
      followRows.push({ followerId: follower.id, followeeId: followee.id, createdAt });
      sink.add({ userId: followee.id, type: "follow", actorIds: [follower.id], createdAt });
    }
    const subscriptions = i === 0 ? 6 : rng.chance(0.1) ? 0 : rng.range(1, 8);
    const tagSet = new Set<string>();
    for (let attempt = 0; tagSet.size < subscriptions && attempt < subscriptions * 4; attempt++) {
      tagSet.add(tagIds[rng.skewed(tagIds.length, 1.3)]);
    }
    for (const tagId of tagSet) {
      subscriptionRows.push({ userId: follower.id, tagId, createdAt: later(follower.createdAt, 1) });
    }
  }
  await Promise.all([
    insertRows(db, follows, followRows),
    insertRows(db, tagSubscriptions, subscriptionRows),
  ]);
  summary.follows = followRows.length;

  // ---- entries, chunk by chunk: generate the next chunk while the last one is written
  /** A sample of published entry ids for collection sets and tracking events. */
  const entryPool: string[] = [];
  const POOL_SIZE = 20000;
  let published = 0;

  const makeComments = (
    targetType: "entry" | "pin" | "repo" | "booklet",
    targetId: string,
    targetUserId: string,
    from: Date,
    count: number,
    topic: Topic,
    entryId: string | null,
  ): GeneratedComment[] => {
    if (count <= 0) return [];
    const rootCount = Math.max(1, Math.ceil(count * 0.7));
    const roots: GeneratedComment[] = [];
    const all: GeneratedComment[] = [];
    const likesFor = (commentId: string, authorId: string, at: Date) =>
      distinctUsers(Math.min(userCount - 1, rng.round(rng.popularity() * 0.8)), authorId).map((u) => ({
        commentId,
        userId: u.id,
        createdAt: later(at),
      }));
    for (let i = 0; i < count; i++) {
      const user = rng.chance(0.3) ? popularUser() : randomUser();
      const deletedAt = rng.chance(0.01) ? now : null;
      if (i < rootCount) {
        const createdAt = later(from);
        const id = rng.id(createdAt);
        const c: GeneratedComment = {
          row: {
            id,
            targetType,
            targetId,
            userId: user.id,
            content: fill(rng, rng.pick(COMMENT_TEMPLATES), topic),
            createdAt,
            updatedAt: createdAt,
            deletedAt,
          },
          likes: [],
        };
        c.likes = likesFor(id, user.id, createdAt);
        c.row.likesCount = c.likes.length;
        roots.push(c);
        all.push(c);
        if (entryId)
          sink.add({
            userId: targetUserId,
            type: "comment",
            actorIds: [user.id],
            entryId,
            commentId: id,
            content: c.row.content,
            createdAt,
          });
      } else {
        const root = rng.pick(roots);
        const siblings = all.filter((c) => c.row.firstCommentId === root.row.id);
        const resp = siblings.length > 0 && rng.chance(0.4) ? rng.pick(siblings) : root;
        const createdAt = later(resp.row.createdAt!);
        const id = rng.id(createdAt);
        const c: GeneratedComment = {
          row: {
            id,
            targetType,
            targetId,
            userId: user.id,
            content: fill(rng, rng.pick(REPLY_TEMPLATES), topic),
            firstCommentId: root.row.id,
            respCommentId: resp.row.id,
            respUserId: resp.row.userId,
            createdAt,
            updatedAt: createdAt,
            deletedAt,
          },
          likes: [],
        };
        c.likes = likesFor(id, user.id, createdAt);
        c.row.likesCount = c.likes.length;
        if (!deletedAt) root.row.subCommentCount = (root.row.subCommentCount ?? 0) + 1;
        all.push(c);
        sink.add({
          userId: resp.row.userId,
          type: "reply",
          actorIds: [user.id],
          entryId,
          commentId: resp.row.id,
          replyId: id,
          content: c.row.content,
          createdAt,
        });
      }
    }
    return all;
  };

  interface EntryChunk {
    entries: Row<typeof entries>[];
    tags: Row<typeof entryTags>[];
    likes: Row<typeof entryLikes>[];
    views: Row<typeof entryViews>[];
    options: Row<typeof voteOptions>[];
    answers: Row<typeof voteAnswers>[];
    roots: Row<typeof comments>[];
    replies: Row<typeof comments>[];
    commentLikes: Row<typeof commentLikes>[];
  }

  const makeEntryChunk = (size: number): EntryChunk => {
    const chunk: EntryChunk = {
      entries: [],
      tags: [],
      likes: [],
      views: [],
      options: [],
      answers: [],
      roots: [],
      replies: [],
      commentLikes: [],
    };
    for (let n = 0; n < size; n++) {
      const author = popularUser();
      const topic = rng.pick(TOPICS);
      const typeRoll = rng.float();
      const type =
        typeRoll < 0.45 ? "post" : typeRoll < 0.94 ? "article" : typeRoll < 0.97 ? "vote" : "others";
      const createdAt = rng.dateBetween(
        new Date(Math.max(author.createdAt.getTime(), now.getTime() - 365 * DAY)),
        new Date(now.getTime() - 60_000),
        2,
      );
      const id = rng.id(createdAt);
      const draft = type === "post" && rng.chance(0.03);
      const deletedAt = !draft && rng.chance(0.005) ? now : null;
      const pop = draft ? 0 : rng.popularity();
      let title = entryTitle(rng, topic, year);
      let content = "";
      let summaryText = "";
      let originalUrl = "";
      let english = false;
      let gfw = false;
      let categoryId = CATEGORY_ID[topic.category];
      if (type === "post") {
        content = articleMarkdown(rng, topic);
        summaryText = plainSummary(content);
        // Column articles live here: the spec takes the post id from originalUrl's last segment.
        originalUrl = `/post/${id}`;
      } else if (type === "article") {
        const host = rng.pick(LINK_HOSTS);
        originalUrl = host.host + (host.num ? String(rng.range(10000000, 99999999)) : slug(rng));
        english = host.english;
        gfw = host.gfw;
        content = fill(rng, rng.pick(LINK_DESCRIPTIONS), topic);
        summaryText = content;
        if (english) title = "【译】" + title;
      } else if (type === "vote") {
        const question = rng.pick(VOTE_QUESTIONS);
        title = question.title;
        content = "欢迎投票，也可以在评论区说说理由。";
        summaryText = content;
        categoryId = CATEGORY_ID.article;
        question.options.forEach((optionTitle, order) => {
          chunk.options.push({ id: rng.id(createdAt), entryId: id, title: optionTitle, order });
        });
      } else {
        const tool = rng.pick(TOOLS);
        title = `${tool}：一款让${topic.kw}开发更顺手的工具`;
        originalUrl = `https://www.example.com/tools/${slug(rng, 2)}`;
        content = `推荐一个工具：${tool}。`;
        summaryText = content;
        categoryId = CATEGORY_ID.freebie;
      }

      const likeCount = draft ? 0 : Math.min(userCount - 1, rng.round(pop * 4));
      const likers = distinctUsers(likeCount, author.id);
      for (const u of likers) {
        const at = later(createdAt);
        chunk.likes.push({ entryId: id, userId: u.id, createdAt: at });
        sink.add({ userId: author.id, type: "like", actorIds: [u.id], entryId: id, createdAt: at });
      }
      const viewCount = draft ? 0 : rng.round(pop * 8) + likers.length;
      for (let v = 0; v < viewCount; v++) {
        const at = later(createdAt, 1);
        chunk.views.push({
          id: rng.id(at),
          entryId: id,
          userId: rng.chance(0.6) ? randomUser().id : null,
          createdAt: at,
          updatedAt: at,
        });
      }
      const generated = draft
        ? []
        : makeComments("entry", id, author.id, createdAt, rng.round(pop * commentMean), topic, id);
      let latestCommentAt: Date | null = null;
      let liveComments = 0;
      for (const c of generated) {
        (c.row.firstCommentId ? chunk.replies : chunk.roots).push(c.row);
        chunk.commentLikes.push(...c.likes);
        if (!latestCommentAt || c.row.createdAt! > latestCommentAt) latestCommentAt = c.row.createdAt!;
        if (!c.row.deletedAt) liveComments++;
      }
      if (type === "vote") {
        const options = chunk.options.filter((o) => o.entryId === id);
        for (const u of distinctUsers(Math.min(userCount, rng.round(pop * 10)))) {
          const option = options[rng.skewed(options.length, 1.4)];
          option.votesCount = (option.votesCount ?? 0) + 1;
          const at = later(createdAt);
          chunk.answers.push({
            id: rng.id(at),
            entryId: id,
            optionId: option.id!,
            userId: u.id,
            content: rng.chance(0.3) ? "理由见评论区" : "",
            createdAt: at,
          });
        }
      }
      const tagIdsOfEntry = rng
        .distinct(topic.tags.length, rng.range(1, 3))
        .map((i) => topicTagIds(topic)[i]);
      for (const tagId of new Set(tagIdsOfEntry))
        if (tagId) chunk.tags.push({ entryId: id, tagId, createdAt });

      const heat = heatIndexes({ likes: likers.length, comments: liveComments, views: viewCount, createdAt });
      const hot = !draft && pop > 2.5 && rng.chance(0.4);
      chunk.entries.push({
        id,
        userId: author.id,
        categoryId,
        type,
        title,
        content,
        originalUrl,
        summary: summaryText,
        hot,
        vote: type === "vote",
        original: type === "post",
        gfw,
        english,
        hotIndex: heat.hotIndex,
        rankIndex: heat.rankIndex,
        latestCommentAt,
        collectionCount: likers.length,
        commentsCount: liveComments,
        viewsCount: viewCount,
        status: draft ? "draft" : "published",
        deletedAt,
        createdAt,
        updatedAt: createdAt,
      });
      if (hot)
        sink.add({
          userId: author.id,
          type: "submitEntry",
          actorIds: [],
          entryId: id,
          content: `你的文章「${title}」已被推荐到首页`,
          createdAt: later(createdAt),
        });
      if (!draft && !deletedAt) {
        published++;
        // Reservoir sampling keeps a uniform sample of every published entry.
        if (entryPool.length < POOL_SIZE) entryPool.push(id);
        else {
          const slot = rng.int(published);
          if (slot < POOL_SIZE) entryPool[slot] = id;
        }
      }
    }
    return chunk;
  };

  const writeEntryChunk = async (chunk: EntryChunk) => {
    await insertRows(db, entries, chunk.entries);
    await Promise.all([
      insertRows(db, entryTags, chunk.tags),
      insertRows(db, entryLikes, chunk.likes),
      insertRows(db, entryViews, chunk.views),
      insertRows(db, voteOptions, chunk.options),
      insertRows(db, comments, chunk.roots),
    ]);
    await Promise.all([insertRows(db, voteAnswers, chunk.answers), insertRows(db, comments, chunk.replies)]);
    await insertRows(db, commentLikes, chunk.commentLikes);
    summary.likes += chunk.likes.length;
    summary.views += chunk.views.length;
    summary.comments += chunk.roots.length + chunk.replies.length;
  };

  progress("entries", 0, entryCount);
  let writing: Promise<void> = Promise.resolve();
  for (let done = 0; done < entryCount;) {
    const size = Math.min(CHUNK, entryCount - done);
    const chunk = makeEntryChunk(size);
    await writing;
    done += size;
    const reached = done;
    writing = writeEntryChunk(chunk).then(() => progress("entries", reached, entryCount));
  }
  await writing;

  // ---- pins
  progress("pins", 0, pinCount);
  for (let done = 0; done < pinCount;) {
    const size = Math.min(CHUNK, pinCount - done);
    const pinRows: Row<typeof pins>[] = [];
    const likeRows: Row<typeof pinLikes>[] = [];
    const rootRows: Row<typeof comments>[] = [];
    const replyRows: Row<typeof comments>[] = [];
    const cLikeRows: Row<typeof commentLikes>[] = [];
    for (let n = 0; n < size; n++) {
      const author = n === 0 && done === 0 ? demo : popularUser();
      const topic = rng.pick(TOPICS);
      const createdAt = rng.dateBetween(
        new Date(Math.max(author.createdAt.getTime(), now.getTime() - 180 * DAY)),
        new Date(now.getTime() - 60_000),
        2,
      );
      const id = rng.id(createdAt);
      const pop = rng.popularity();
      const likers = distinctUsers(Math.min(userCount - 1, rng.round(pop * 3)), author.id);
      for (const u of likers) likeRows.push({ pinId: id, userId: u.id, createdAt: later(createdAt) });
      const generated = makeComments("pin", id, author.id, createdAt, rng.round(pop * 1.5), topic, null);
      for (const c of generated) {
        (c.row.firstCommentId ? replyRows : rootRows).push(c.row);
        cLikeRows.push(...c.likes);
      }
      pinRows.push({
        id,
        userId: author.id,
        content: fill(rng, rng.pick(PIN_TEMPLATES), topic, year),
        likeCount: likers.length,
        commentCount: generated.filter((c) => !c.row.deletedAt).length,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await insertRows(db, pins, pinRows);
    await Promise.all([insertRows(db, pinLikes, likeRows), insertRows(db, comments, rootRows)]);
    await insertRows(db, comments, replyRows);
    await insertRows(db, commentLikes, cLikeRows);
    done += size;
    progress("pins", done, pinCount);
  }

  // ---- collection sets
  const setCount = Math.max(3, Math.round(userCount / 3));
  progress("collections", 0, setCount);
  const setRows: Row<typeof collectionSets>[] = [];
  const setEntryRows: Row<typeof collectionSetEntries>[] = [];
  const setFollowerRows: Row<typeof collectionSetFollowers>[] = [];
  const setTags = ["前端", "后端", "Android", "iOS", "人工智能", "面试", "架构", "设计"];
  for (let s = 0; s < setCount; s++) {
    const owner = s < 3 ? demo : popularUser();
    const topic = rng.pick(TOPICS);
    const createdAt = later(owner.createdAt, 1);
    const id = rng.id(createdAt);
    const chosen = rng.distinct(entryPool.length, rng.range(s < 3 ? 5 : 0, 30)).map((i) => entryPool[i]);
    for (const entryId of chosen)
      setEntryRows.push({ collectionSetId: id, entryId, createdAt: later(createdAt) });
    const followers = distinctUsers(Math.min(userCount - 1, rng.round(rng.popularity() * 5)), owner.id);
    for (const u of followers)
      setFollowerRows.push({ collectionSetId: id, userId: u.id, createdAt: later(createdAt) });
    setRows.push({
      id,
      userId: owner.id,
      title: fill(rng, rng.pick(COLLECTION_SET_TITLES), topic),
      description: rng.chance(0.6) ? `收集和 ${topic.kw} 相关的好文章，持续更新。` : "",
      bgImgMask: rng.pick(["", "#000000", "#1e80ff", "#722ed1", "#13c2c2"]),
      tag: rng.chance(0.7) ? rng.pick(setTags) : "",
      recommended: rng.chance(0.25),
      followerCount: followers.length,
      entryCount: chosen.length,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await insertRows(db, collectionSets, setRows);
  await Promise.all([
    insertRows(db, collectionSetEntries, setEntryRows),
    insertRows(db, collectionSetFollowers, setFollowerRows),
  ]);
  progress("collections", setCount, setCount);

  // ---- repos and showcases
  progress("repos", 0, REPOS.length);
  const repoRows: Row<typeof repos>[] = [];
  const repoComments: GeneratedComment[] = [];
  const repoIdByName = new Map<string, string>();
  for (const r of REPOS) {
    const createdAt = rng.dateBetween(
      new Date(now.getTime() - 700 * DAY),
      new Date(now.getTime() - 30 * DAY),
    );
    const id = rng.id(createdAt);
    repoIdByName.set(r.name, id);
    const [owner] = r.name.split("/");
    const main = r.language ? rng.range(55, 95) : 0;
    let rest = 100 - main;
    const shares = [
      r.language ? { title: r.language, share: main } : null,
      ...r.others.map((title, i) => {
        const share =
          i === r.others.length - 1 ? rest : Math.round(rest * (0.4 + rng.float() * 0.4) * 10) / 10;
        rest = Math.round((rest - share) * 10) / 10;
        return { title, share };
      }),
    ].filter((s): s is { title: string; share: number } => !!s && s.share >= 0.1);
    const totalLines = rng.range(50_000, 3_000_000);
    const languageList = shares
      .map((s) => ({
        title: s.title,
        lineCount: Math.round((totalLines * s.share) / 100),
        colour: LANGUAGE_COLOURS[s.title] ?? "#cccccc",
        proportion: Math.round(s.share * 10) / 10,
      }))
      .sort((a, b) => b.proportion - a.proportion);
    const topic = rng.pick(TOPICS);
    repoComments.push(...makeComments("repo", id, demo.id, createdAt, rng.range(0, 5), topic, null));
    repoRows.push({
      id,
      originalId: String(rng.range(1_000_000, 900_000_000)),
      url: `https://github.com/${r.name}`,
      name: r.name,
      description: r.description,
      language: r.language,
      colour: LANGUAGE_COLOURS[r.language] ?? "",
      watchCount: Math.round(r.stars / rng.range(20, 40)),
      starCount: r.stars,
      forkCount: Math.round(r.stars / rng.range(4, 9)),
      ...trendingWindows(rng, r.stars),
      readme:
        `# ${r.name.split("/")[1]}\n\n${r.translation}\n\n## 特性\n\n- 开箱即用\n- 活跃的社区\n- 完善的文档\n\n` +
        "## 快速开始\n\n```bash\ngit clone " +
        `https://github.com/${r.name}.git` +
        "\n```\n",
      translatorIdList: distinctUsers(rng.range(1, 5)).map((u) => u.id),
      translation: { title: r.name.split("/")[1], description: r.translation },
      languageList,
      license: { name: r.license, url: `https://choosealicense.com/licenses/${r.license.toLowerCase()}/` },
      owner: { username: owner, avatar: "", url: `https://github.com/${owner}` },
      commentsCount: repoComments.filter((c) => c.row.targetId === id && !c.row.deletedAt).length,
      commitedAt: new Date(now.getTime() - rng.range(1, 72) * HOUR),
      createdAt,
      updatedAt: createdAt,
    });
  }
  const showcaseRows: Row<typeof showcases>[] = [];
  const showcaseRepoRows: Row<typeof showcaseRepos>[] = [];
  SHOWCASES.forEach((s, order) => {
    const createdAt = new Date(now.getTime() - (60 - order) * DAY);
    const id = rng.id(createdAt);
    const repoIds = s.repos.map((name) => repoIdByName.get(name)!);
    repoIds.forEach((repoId, i) => showcaseRepoRows.push({ showcaseId: id, repoId, order: i }));
    const langs = new Set(
      s.repos.map((name) => REPOS.find((r) => r.name === name)!.language).filter(Boolean),
    );
    showcaseRows.push({
      id,
      url: `/repos?showcase=${id}`,
      title: s.title,
      description: s.description,
      repoCount: repoIds.length,
      langCount: langs.size,
      order,
      createdAt,
      updatedAt: createdAt,
    });
  });
  await insertRows(db, repos, repoRows);
  await insertRows(db, showcases, showcaseRows);
  await insertRows(db, showcaseRepos, showcaseRepoRows);
  await insertRows(
    db,
    comments,
    repoComments.filter((c) => !c.row.firstCommentId).map((c) => c.row),
  );
  await insertRows(
    db,
    comments,
    repoComments.filter((c) => c.row.firstCommentId).map((c) => c.row),
  );
  await insertRows(
    db,
    commentLikes,
    repoComments.flatMap((c) => c.likes),
  );
  progress("repos", REPOS.length, REPOS.length);

  // ---- booklets, sections, orders, wallets, bills
  const bookletCount = Math.min(BOOKLETS.length, Math.max(3, Math.round(userCount / 10)));
  progress("booklets", 0, bookletCount);
  const bookletRows: Row<typeof booklets>[] = [];
  const sectionRows: Row<typeof bookletSections>[] = [];
  const orderRows: Row<typeof orders>[] = [];
  const billRows: Row<typeof bills>[] = [];
  const bookletComments: GeneratedComment[] = [];
  const prices = [990, 1990, 2990, 3990, 4990, 5990];
  const coverColours: [string, string][] = [
    ["#1e80ff", "#69c0ff"],
    ["#722ed1", "#b37feb"],
    ["#fa541c", "#ffc069"],
    ["#13c2c2", "#5cdbd3"],
  ];
  for (let b = 0; b <= bookletCount; b++) {
    // The last one is the demo's unfinished draft.
    const isDemoDraft = b === bookletCount;
    const spec = isDemoDraft
      ? {
          title: "TypeScript 全栈开发（编写中）",
          category: "frontend",
          kw: "TypeScript 类型体操",
          summary: "还在写，敬请期待。",
        }
      : BOOKLETS[b];
    const topic = TOPICS.find((t) => t.kw === spec.kw) ?? TOPICS[0];
    const author = b < 2 || isDemoDraft ? demo : userAt(xiaoceAuthors[rng.int(xiaoceAuthors.length)]);
    const createdAt = rng.dateBetween(
      new Date(Math.max(author.createdAt.getTime(), now.getTime() - 400 * DAY)),
      new Date(now.getTime() - 7 * DAY),
    );
    const id = rng.id(createdAt);
    const price = rng.pick(prices);
    const sectionTitles = [
      `开篇：为什么要学 ${topic.kw}`,
      ...topic.points.map((p) => p),
      "实战项目",
      "结语与展望",
    ].slice(0, isDemoDraft ? 3 : rng.range(6, 9));
    sectionTitles.forEach((title, order) => {
      const at = new Date(createdAt.getTime() + order * HOUR);
      sectionRows.push({
        id: rng.id(at),
        bookletId: id,
        title,
        content: articleMarkdown(rng, topic),
        isFree: order < 2,
        isHot: order === 2,
        order,
        createdAt: at,
        updatedAt: at,
      });
    });
    let buyCount = 0;
    if (!isDemoDraft) {
      const buyers = distinctUsers(
        Math.min(userCount - 1, rng.round(userCount * 0.08 * rng.popularity()) + 1),
        author.id,
      );
      if (author.id !== demo.id && b < 6 && !buyers.includes(demo)) buyers.push(demo);
      for (const u of buyers) {
        const at = later(createdAt);
        const status =
          u === demo
            ? "paid"
            : rng.pick(["paid", "paid", "paid", "paid", "paid", "paid", "pending", "closed"] as const);
        const orderId = rng.id(at);
        orderRows.push({
          id: orderId,
          userId: u.id,
          bookletId: id,
          amount: price,
          status,
          payType: rng.chance(0.6) ? "wxpay" : "alipay",
          createdAt: at,
          paidAt: status === "paid" ? new Date(at.getTime() + 60_000) : null,
        });
        if (status === "paid") {
          buyCount++;
          billRows.push({
            id: rng.id(at),
            userId: author.id,
            amount: Math.round(price * 0.7),
            type: "income",
            status: "succeeded",
            description: `《${spec.title}》销售收入`,
            orderId,
            createdAt: at,
            updatedAt: at,
          });
        }
      }
      bookletComments.push(
        ...makeComments("booklet", id, author.id, createdAt, rng.range(0, 6), topic, null),
      );
    }
    bookletRows.push({
      id,
      userId: author.id,
      categoryId: CATEGORY_ID[spec.category],
      title: spec.title,
      summary: spec.summary,
      price,
      cover: svgDataUrl(300, 420, spec.title.slice(0, 10), rng.pick(coverColours)),
      isHot: b < 3 && !isDemoDraft,
      isDraft: isDemoDraft,
      isFinished: !isDemoDraft && rng.chance(0.7),
      sectionsCount: sectionTitles.length,
      buyCount,
      createdAt,
      updatedAt: createdAt,
    });
  }
  // Wallets for users with wallet access; the demo has also withdrawn some of its income.
  const walletRows: Row<typeof wallets>[] = [];
  for (const i of xiaoceAuthors) {
    const u = userAt(i);
    const income = billRows.filter((b) => b.userId === u.id).reduce((sum, b) => sum + b.amount, 0);
    let balance = income;
    if (i === 0) {
      const withdrawn = Math.floor(income / 2);
      if (withdrawn > 0) {
        const at = new Date(now.getTime() - 10 * DAY);
        billRows.push({
          id: rng.id(at),
          userId: u.id,
          amount: -withdrawn,
          type: "withdraw",
          status: "succeeded",
          description: "提现到支付宝",
          createdAt: at,
          updatedAt: at,
        });
        balance -= withdrawn;
      }
      const at = new Date(now.getTime() - DAY);
      // A pending withdrawal holds its amount: it has left the balance already (ADR 008).
      const held = Math.min(1000, balance);
      balance -= held;
      billRows.push({
        id: rng.id(at),
        userId: u.id,
        amount: -held,
        type: "withdraw",
        status: "pending",
        description: "提现到支付宝（审核中）",
        createdAt: at,
        updatedAt: at,
      });
    }
    walletRows.push({
      userId: u.id,
      balance,
      hasWallet: true,
      alipayAccount: i === 0 ? DEMO_ACCOUNT.phone : "",
      realName: "",
      createdAt: u.createdAt,
      updatedAt: now,
    });
  }
  await insertRows(db, booklets, bookletRows);
  await Promise.all([insertRows(db, bookletSections, sectionRows), insertRows(db, orders, orderRows)]);
  await Promise.all([insertRows(db, wallets, walletRows), insertRows(db, bills, billRows)]);
  await insertRows(
    db,
    comments,
    bookletComments.filter((c) => !c.row.firstCommentId).map((c) => c.row),
  );
  await insertRows(
    db,
    comments,
    bookletComments.filter((c) => c.row.firstCommentId).map((c) => c.row),
  );
  await insertRows(
    db,
    commentLikes,
    bookletComments.flatMap((c) => c.likes),
  );
  progress("booklets", bookletCount, bookletCount);

  // ---- banners, system notifications, invitations, mail settings, tracking, notifications
  progress("extras", 0, 1);
  await insertRows(
    db,
    banners,
    BANNERS.map((b, i) => {
      const at = new Date(now.getTime() - (30 - i) * DAY);
      const [w, h] = b.position === "hero" ? [1200, 300] : [240, 200];
      return {
        id: rng.id(at),
        position: b.position,
        title: b.title,
        imageUrl: svgDataUrl(w, h, b.title, b.colours),
        url: b.url,
        order: i,
        active: true,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  const systemRows = SYSTEM_MESSAGES.map((message, i) => {
    const at = new Date(now.getTime() - (SYSTEM_MESSAGES.length - i) * 7 * DAY);
    return { id: rng.id(at), message, createdAt: at };
  });
  await insertRows(db, systemNotifications, systemRows);
  const readRows: Row<typeof systemNotificationReads>[] = [];
  for (const u of seedUsers) {
    const read = u === demo ? 3 : rng.range(0, systemRows.length);
    for (const s of systemRows.slice(0, read))
      readRows.push({ userId: u.id, systemNotificationId: s.id!, createdAt: later(s.createdAt) });
  }
  await insertRows(db, systemNotificationReads, readRows);
  const inviteRows: Row<typeof invitations>[] = [];
  for (let k = 0; k < 5; k++) {
    const at = new Date(now.getTime() - (20 - k) * DAY);
    const usedBy = k < 2 && userCount > 5 + k ? userAt(5 + k) : null;
    inviteRows.push({
      id: rng.id(at),
      code: (rng.hex8() + rng.hex8()).toUpperCase().slice(0, 10),
      senderId: demo.id,
      receiverName: usedBy ? userRows[5 + k].username : "",
      receiverEmail: usedBy ? (userRows[5 + k].email ?? "") : "",
      usedById: usedBy?.id ?? null,
      usedAt: usedBy ? new Date(at.getTime() + DAY) : null,
      createdAt: at,
    });
  }
  await insertRows(db, invitations, inviteRows);
  const mailRows: Row<typeof mailPushSettings>[] = [
    { userId: demo.id, follow: false, article: true, week: true, updatedAt: now },
  ];
  for (const u of seedUsers.slice(2)) {
    if (rng.chance(0.1))
      mailRows.push({
        userId: u.id,
        follow: rng.chance(0.5),
        article: rng.chance(0.8),
        week: rng.chance(0.6),
        updatedAt: later(u.createdAt),
      });
  }
  await insertRows(db, mailPushSettings, mailRows);
  const trackingRows: Row<typeof trackingEvents>[] = [];
  for (let k = 0; k < Math.min(2000, userCount * 3) && entryPool.length > 0; k++) {
    const u = randomUser();
    trackingRows.push({
      action: rng.pick(["view", "click", "like", "collect", "share"]),
      objectType: "entry",
      target: rng.pick(entryPool),
      category: rng.pick(Object.keys(CATEGORY_ID)),
      location: rng.pick(["/timeline", "/welcome", "/explore/all", "/tag/前端"]),
      referrer: rng.chance(0.3) ? "https://www.google.com/" : "",
      suid: rng.hex8() + rng.hex8(),
      uid: rng.chance(0.7) ? u.id : null,
      createdAt: rng.dateBetween(new Date(now.getTime() - 30 * DAY), now),
    });
  }
  await insertRows(db, trackingEvents, trackingRows);
  await insertRows(db, notifications, sink.rows);
  summary.notifications = sink.rows.length;
  progress("extras", 1, 1);

  // Counters were written from the generated rows; the user totals are filled in (and anything
  // missed is fixed) by the one definition in db/counters.ts.
  progress("counters", 0, 1);
  await repairCounters(db);
  progress("counters", 1, 1);
  // Entries went in as bulk INSERTs, past the write module that indexes one entry at a time: build
  // the search index of every findable entry in one batched pass.
  await reindexAllEntries(db, ({ done, total }) => progress("search", done, total));
  await db.execute(sql`analyze`);
  summary.milliseconds = Date.now() - started;
  return summary;
}

/** The small set npm start seeds into an empty database. */
export const SMALL_SEED: SeedOptions = { users: 30, entries: 300, seed: 42 };

/** Seeds SMALL_SEED (or `opts`) only when there are no users yet; true when it seeded. */
export async function seedIfEmpty(db: Db, opts: Partial<SeedOptions> = {}): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return false;
  await seed(db, { ...SMALL_SEED, ...opts });
  return true;
}
