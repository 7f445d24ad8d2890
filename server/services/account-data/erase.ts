/**
 * What happens to an erased account's content, through the owning services' public calls so every
 * counter (likes, comments, followers, tag and collection counts) moves as it would for the user's
 * own clicks. Follows both ways and tag subscriptions always go; with `delete`, so do entries,
 * articles, pins, comments, collection sets and the likes the user gave. Every step reads what is
 * still there, so running it again does only what is left.
 */
import type { Db } from "../../../db/client.ts";
import type { Caller } from "../deps.ts";
import * as q from "./queries.ts";

type Fn<A extends unknown[]> = (...args: A) => Promise<unknown>;

/** The public calls of the content services the erasure uses (handed in by createServices). */
export interface ContentServices {
  follow: { dropAllFollows(userId: string): Promise<number> };
  tags: { unsubscribe: Fn<[string, Caller]> };
  collections: { remove: Fn<[string, Caller]>; unfollow: Fn<[string, Caller]> };
  likes: { withdraw: Fn<["entry" | "pin" | "comment", string, string]> };
  posts: { removePost: Fn<[string, Caller]>; deleteDraft: Fn<[string, Caller]> };
  publish: { remove: Fn<[string, Caller]> };
  pins: { remove: Fn<[string, Caller]> };
  comments: { remove: Fn<[string, Caller]> };
}

const BATCH = 100;

/** Runs `step` on batches from `read` until it answers none (each step removes what it read). */
async function drain<T>(read: () => Promise<T[]>, step: (row: T) => Promise<unknown>) {
  for (;;) {
    const rows = await read();
    if (!rows.length) return;
    for (const row of rows) await step(row);
  }
}

export async function eraseContent(s: ContentServices, db: Db, userId: string, content: "delete" | "keep") {
  // The services' own calls, as the account itself (its sessions are gone: nobody else acts as it).
  const self: Caller = { userId, sessionId: null, ip: "account-erasure", userAgent: "" };
  await s.follow.dropAllFollows(userId);
  await drain(
    async () => (await q.tagSubscriptionsPage(db, userId, null)).slice(0, BATCH),
    (t) => s.tags.unsubscribe(t.id, self),
  );
  await drain(
    async () => (await q.followedSetsPage(db, userId, null)).slice(0, BATCH),
    (c) => s.collections.unfollow(c.id, self),
  );
  if (content === "keep") return;
  await drain(
    () => q.liveEntryIds(db, userId, BATCH),
    (e) =>
      e.type === "post"
        ? e.status === "draft"
          ? s.posts.deleteDraft(e.id, self)
          : s.posts.removePost(e.id, self)
        : s.publish.remove(e.id, self),
  );
  await drain(
    () => q.livePinIds(db, userId, BATCH),
    (p) => s.pins.remove(p.id, self),
  );
  await drain(
    () => q.liveCommentIds(db, userId, BATCH),
    (c) => s.comments.remove(c.id, self),
  );
  await drain(
    () => q.collectionIds(db, userId, BATCH),
    (c) => s.collections.remove(c.id, self),
  );
  await drain(
    async () => {
      const liked = await q.likedIds(db, userId, BATCH);
      return [
        ...liked.entry.map((id) => ["entry", id] as const),
        ...liked.pin.map((id) => ["pin", id] as const),
        ...liked.comment.map((id) => ["comment", id] as const),
      ];
    },
    ([type, id]) => s.likes.withdraw(type, id, userId),
  );
}
