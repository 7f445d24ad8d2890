import { describe, expect, it, vi } from "vitest";
import { uniqueIp, useTestApp } from "./support/app.ts";
import { call } from "./support/client.ts";
import { makeEntry, makeTag, makeUsers } from "./support/factories.ts";
import { driftAmong } from "./support/drift.ts";
import type { NuggetApp } from "../server/app.ts";

// Issue 29 (M2): comments and likes written at once by many people on the same few entries used
// to deadlock — a comment locked its users `FOR UPDATE`, which waits for the key-share lock a row
// referring to a user takes (the like, its notification), while the like updated the same users —
// and the loser answered 500 (9 to 20 of some 1,200 writes here). Now both take their users
// through users' `lockUsers`, in id order, after the entry, and a deadlock or serialization
// failure still met is run again, then answers 503. Follows, tag subscriptions, publishing and the
// views' batches move users' rows too, and join in.
// Twenty writers for twenty seconds; PGlite is one connection, where nothing can deadlock.

// The writers post far past the per-account allowances (30 comments, 120 toggles a minute); read
// once, when the limits' module loads, so set before the imports and taken back after.
const savedLimits = vi.hoisted(() => {
  const saved = process.env.RATE_LIMITS;
  process.env.RATE_LIMITS = "comment=1000000/60,toggle=1000000/60";
  return saved;
});
if (savedLimits === undefined) delete process.env.RATE_LIMITS;
else process.env.RATE_LIMITS = savedLimits;

const WRITERS = 20;
const SECONDS = 20;
const PEOPLE = 8;
const ENTRIES_EACH = 2;

describe.skipIf(!process.env.DATABASE_URL)(
  "comments, likes and the other writes of users' rows at once",
  () => {
    let nugget: NuggetApp;
    useTestApp((n) => (nugget = n));

    it(`answer no 500 from ${WRITERS} writers over ${SECONDS} s, and keep their counters`, async () => {
      const db = nugget.database.db;
      const people = await makeUsers(nugget, PEOPLE);
      const tagIds = [(await makeTag(db)).id, (await makeTag(db)).id, (await makeTag(db)).id];
      const entryIds: string[] = [];
      for (const p of people) {
        for (let i = 0; i < ENTRIES_EACH; i++) entryIds.push((await makeEntry(db, p.user.id, {}, tagIds)).id);
      }
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      /** A write made without HTTP (a publish, a flush of views), counted as the envelope would answer it. */
      const direct = (work: () => Promise<unknown>) =>
        work().then(
          () => count(200),
          (err: { status?: number }) => count(err.status ?? 500),
        );
      const until = Date.now() + SECONDS * 1000;

      // Each writer is one of the people, mostly commenting on and liking everyone's entries — every
      // such write moves two users' counters (the writer's and the author's), in both directions
      // between pairs — and now and then following someone, subscribing to a tag or publishing an
      // entry under the shared tags (the tags' counts, then the author's).
      async function writer(me: (typeof people)[number]) {
        const auth = me.auth;
        while (Date.now() < until) {
          const entryId = pick(entryIds);
          const dice = Math.random();
          const on = Math.random() < 0.6;
          if (dice < 0.45) {
            count(
              (
                await call(nugget.app, "POST", "/api/comment", {
                  auth,
                  body: { content: "并发评论", targetId: entryId, targetType: "entry" },
                })
              ).status,
            );
          } else if (dice < 0.85) {
            count(
              (await call(nugget.app, on ? "PUT" : "DELETE", `/api/user/like/entry/${entryId}`, { auth }))
                .status,
            );
          } else if (dice < 0.92) {
            const other = pick(people.filter((p) => p !== me)).user.id;
            count(
              (
                await call(nugget.app, "POST", on ? "/api/follow" : "/api/unfollow", {
                  auth,
                  body: { ids: other },
                })
              ).status,
            );
          } else if (dice < 0.98) {
            count(
              (await call(nugget.app, on ? "PUT" : "DELETE", `/api/tag/subscribe/${pick(tagIds)}`, { auth }))
                .status,
            );
          } else {
            await direct(async () => entryIds.push((await makeEntry(db, me.user.id, {}, tagIds)).id));
          }
        }
      }
      // Views meanwhile, written in batches (entries, their authors, the viewers) as often as writes come.
      async function viewer() {
        while (Date.now() < until) {
          const me = pick(people);
          await call(nugget.app, "GET", `/api/getEntryView?entryId=${pick(entryIds)}`, {
            auth: me.auth,
            ip: uniqueIp(),
          });
          await direct(() => nugget.services.entries.views.flush());
        }
      }
      await Promise.all([...Array.from({ length: WRITERS }, (_, i) => writer(people[i % PEOPLE])), viewer()]);

      const answered = Object.fromEntries(statuses);
      const writes = [...statuses.values()].reduce((a, b) => a + b, 0);
      console.info(`${writes} writes in ${SECONDS} s:`, answered);
      expect(statuses.get(500) ?? 0, JSON.stringify(answered)).toBe(0);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(WRITERS * 5);
      const counters = [
        "comments_count",
        "collected_entries_count",
        "total_collections_count",
        "collection_count",
        "followers_count",
        "followees_count",
        "subscribed_tags_count",
        "subscribers_count",
        "entries_count",
        "posted_entries_count",
      ];
      const mine = [...people.map((p) => p.user.id), ...entryIds, ...tagIds];
      expect(await driftAmong(db, mine, counters)).toEqual([]);
    }, 120_000);
  },
);
