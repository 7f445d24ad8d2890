import { sql } from "drizzle-orm";
import { CATEGORY_ID } from "../reference-data.ts";
import { heatIndexes } from "../heat.ts";
import {
  commentLikes,
  comments,
  entries,
  entryLikes,
  entryTags,
  voteAnswers,
  voteOptions,
} from "../schema/index.ts";
import { LINK_DESCRIPTIONS, LINK_HOSTS, TOOLS, TOPICS, VOTE_QUESTIONS } from "./corpus.ts";
import { CHUNK, DAY, type Row, type Seeding } from "./context.ts";
import { makeComments } from "./comments.ts";
import { insertRows } from "./insert-rows.ts";
import type { SeededTags } from "./tags.ts";
import { articleMarkdown, entryTitle, fill, plainSummary, slug } from "./text.ts";

/** A sample of published entry ids for collection sets and tracking events. */
const POOL_SIZE = 20000;

interface EntryChunk {
  entries: Row<typeof entries>[];
  tags: Row<typeof entryTags>[];
  likes: Row<typeof entryLikes>[];
  options: Row<typeof voteOptions>[];
  answers: Row<typeof voteAnswers>[];
  roots: Row<typeof comments>[];
  replies: Row<typeof comments>[];
  commentLikes: Row<typeof commentLikes>[];
}

/**
 * Entries (column articles, shared links, votes, tools) with their tags, likes, views, vote
 * options and answers, comments and replies, chunk by chunk: the next chunk is generated while
 * the last one is written. Returns a uniform sample of the published entries' ids.
 */
export async function seedEntries(seeding: Seeding, { topicTagIds }: SeededTags): Promise<string[]> {
  const { db, rng, now, year, userCount, entryCount, commentMean, summary, progress, later } = seeding;
  const { sink, popularUser, randomUser, distinctUsers } = seeding;
  const entryPool: string[] = [];
  let published = 0;
  /** Views per viewer, for users.viewed_entries_count (written once all entries are in). */
  const viewedBy = new Map<string, number>();

  const makeEntryChunk = (size: number): EntryChunk => {
    const chunk: EntryChunk = {
      entries: [],
      tags: [],
      likes: [],
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
      // Views are counters only (no row each); the draws stay as they were so the rest of
      // the seeded data does not move.
      for (let v = 0; v < viewCount; v++) {
        rng.id(later(createdAt, 1));
        if (rng.chance(0.6)) {
          const viewer = randomUser().id;
          viewedBy.set(viewer, (viewedBy.get(viewer) ?? 0) + 1);
        }
      }
      summary.views += viewCount;
      const generated = draft
        ? []
        : makeComments(seeding, "entry", id, author.id, createdAt, rng.round(pop * commentMean), topic, id);
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
      insertRows(db, voteOptions, chunk.options),
      insertRows(db, comments, chunk.roots),
    ]);
    await Promise.all([insertRows(db, voteAnswers, chunk.answers), insertRows(db, comments, chunk.replies)]);
    await insertRows(db, commentLikes, chunk.commentLikes);
    summary.likes += chunk.likes.length;
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
  const viewers = [...viewedBy];
  for (let i = 0; i < viewers.length; i += 5000) {
    const part = viewers.slice(i, i + 5000);
    await db.execute(sql`
      update users u set viewed_entries_count = v.n
      from unnest(${sql.param(part.map(([id]) => id))}::char(24)[], ${sql.param(part.map(([, n]) => n))}::int[])
        as v(id, n)
      where u.id = v.id`);
  }
  return entryPool;
}
