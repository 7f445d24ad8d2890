import { describe, expect, it, vi } from "vitest";
import { useTestApp } from "./support/app.ts";
import { call, type Auth } from "./support/client.ts";
import { makeEntry, makeUsers } from "./support/factories.ts";
import { driftAmong } from "./support/drift.ts";
import type { NuggetApp } from "../server/app.ts";

// Issue 29 (M2): comments and likes written at once by many people on the same few entries used
// to deadlock — a comment locked its users `FOR UPDATE`, which waits for the key-share lock a row
// referring to a user takes (the like, its notification), while the like updated the same users —
// and the loser answered 500 (15 of 2,495 writes here). Now both take their users through users'
// `lockUsers`, in id order, after the entry, and a deadlock or serialization failure still met is
// run again, then answers 503.
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

describe.skipIf(!process.env.DATABASE_URL)("comments and likes written at once", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n));

  it(`answer no 500 from ${WRITERS} writers over ${SECONDS} s, and keep their counters`, async () => {
    const people = await makeUsers(nugget, PEOPLE);
    const entryIds: string[] = [];
    for (const p of people) {
      for (let i = 0; i < ENTRIES_EACH; i++)
        entryIds.push((await makeEntry(nugget.database.db, p.user.id)).id);
    }
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const statuses = new Map<number, number>();
    const until = Date.now() + SECONDS * 1000;

    // Each writer is one of the people, commenting on and liking everyone's entries: every write
    // moves two users' counters (the writer's and the author's), in both directions between pairs.
    async function writer(auth: Auth) {
      while (Date.now() < until) {
        const entryId = pick(entryIds);
        const r =
          Math.random() < 0.5
            ? await call(nugget.app, "POST", "/api/comment", {
                auth,
                body: { content: "并发评论", targetId: entryId, targetType: "entry" },
              })
            : await call(
                nugget.app,
                Math.random() < 0.6 ? "PUT" : "DELETE",
                `/api/user/like/entry/${entryId}`,
                {
                  auth,
                },
              );
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    }
    await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(people[i % PEOPLE].auth)));

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
    ];
    expect(
      await driftAmong(nugget.database.db, [...people.map((p) => p.user.id), ...entryIds], counters),
    ).toEqual([]);
  }, 120_000);
});
