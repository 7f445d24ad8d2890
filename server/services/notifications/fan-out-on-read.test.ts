import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { notificationBroadcasts, notifications } from "../../../db/schema/index.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { followUsers, makeEntry } from "../../../tests/support/factories.ts";
import { countUnreadMany } from "./queries.ts";

// Issue 14: an author with FAN_OUT_ON_READ_FOLLOWERS followers (3 here) announces a new entry with one
// broadcast row that followers read; their lists and counts stay exact, merged with ordinary rows.
let nugget: NuggetApp;
useTestApp((n) => (nugget = n), { fanOutOnReadFollowers: 3 });

const db = () => nugget.database.db;
const api = (method: "GET" | "POST", url: string, auth: Auth, body?: unknown) =>
  call(nugget.app, method, url, { auth, body, ip: uniqueIp() });
const register = async () => (await registerByEmail(nugget)).auth;
const tick = () => new Promise((r) => setTimeout(r, 5));
const userUnread = async (auth: Auth) =>
  (await api("GET", "/api/getUserNotificationNum", auth)).d.user as number;

interface Listed {
  id: string;
  type: string;
  check: boolean;
  users: { id: string }[];
  submitEntry: { id: string } | null;
}

/** Every notification of `auth`, `limit` a page, with the pages' sizes. */
async function listAll(auth: Auth, limit: number) {
  const seen: Listed[] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i++) {
    const r = await api(
      "GET",
      `/api/getUserNotification?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
      auth,
    );
    expect(r.status, r.m).toBe(200);
    seen.push(...r.d.list);
    if (!r.d.canNext) break;
    before = r.d.pointer;
  }
  return seen;
}

/** Publishes an entry of `author` and runs its notify-followers job as the worker would. */
async function publish(author: Auth, title: string) {
  await tick();
  const entry = await makeEntry(db(), author.uid, { title });
  const job = { authorId: author.uid, entryId: entry.id, secondsHex: entry.id.slice(0, 8) };
  const batches = await nugget.services.notifications.fanOutToFollowers(job);
  return { entry, job, batches };
}

describe("fan-out on read for authors with very many followers", () => {
  it("announces with one row, and followers' lists and counts hold it exactly", async () => {
    const star = await register();
    const fans = [await register(), await register(), await register()];
    for (const f of fans) await followUsers(nugget, f, [star.uid]);
    // An ordinary notification of the first fan, to be merged with the broadcasts.
    const friend = await register();
    await followUsers(nugget, friend, [fans[0]!.uid]);

    const published = [];
    for (const title of ["第一篇", "第二篇", "第三篇"]) published.push(await publish(star, title));
    // No row per follower: one broadcast each, and running the job again adds nothing.
    expect(published.map((p) => p.batches)).toEqual([0, 0, 0]);
    await nugget.services.notifications.fanOutToFollowers(published[0]!.job);
    const ids = published.map((p) => p.entry.id);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(inArray(notifications.entryId, ids), eq(notifications.type, "submitEntry"))),
    ).toEqual([]);
    expect(
      await db().select().from(notificationBroadcasts).where(inArray(notificationBroadcasts.entryId, ids)),
    ).toHaveLength(3);

    // The first fan: three broadcasts and the follow, newest first, paged 2 at a time without
    // repeats or gaps.
    expect(await userUnread(fans[0]!)).toBe(4);
    const all = await listAll(fans[0]!, 2);
    expect(all.map((n) => n.type)).toEqual(["submitEntry", "submitEntry", "submitEntry", "follow"]);
    expect(all.slice(0, 3).map((n) => n.submitEntry?.id)).toEqual([...ids].reverse());
    expect(all.slice(0, 3).every((n) => n.users[0]?.id === star.uid && !n.check)).toBe(true);
    // The live streams' recount for many users answers the same.
    const many = await countUnreadMany(
      db(),
      fans.map((f) => f.uid),
    );
    expect(many.map((c) => c.user)).toEqual([4, 3, 3]);

    // Someone who follows after these entries hears only of the next one.
    const late = await register();
    await tick();
    await followUsers(nugget, late, [star.uid]);
    expect(await userUnread(late)).toBe(0);
    const fourth = await publish(star, "第四篇");
    expect(await userUnread(late)).toBe(1);
    expect((await listAll(late, 20)).map((n) => n.submitEntry?.id)).toEqual([fourth.entry.id]);

    // Read all: every broadcast so far is read; the next one is unread again.
    const readAll = await api("POST", "/api/setUserNotificationNum", fans[1]!);
    expect(readAll.d.user).toBe(0);
    expect((await listAll(fans[1]!, 20)).every((n) => n.check)).toBe(true);
    const fifth = await publish(star, "第五篇");
    expect(await userUnread(fans[1]!)).toBe(1);
    expect((await listAll(fans[1]!, 20))[0]).toMatchObject({
      check: false,
      submitEntry: { id: fifth.entry.id },
    });

    // A deleted entry leaves lists and counts at once.
    expect((await api("POST", "/api/entryDel", star, { entryId: fifth.entry.id })).s).toBe(1);
    expect(await userUnread(fans[1]!)).toBe(0);
    expect((await listAll(fans[1]!, 20)).map((n) => n.submitEntry?.id)).not.toContain(fifth.entry.id);
    // Someone who does not follow the author hears nothing.
    expect(await userUnread(friend)).toBe(0);
    // A follower who mutes the author no longer hears of their entries, in the list or the count.
    expect(await userUnread(fans[2]!)).toBe(4);
    expect((await api("POST", "/api/mute", fans[2]!, { uid: star.uid })).s).toBe(1);
    expect(await userUnread(fans[2]!)).toBe(0);
    expect(await listAll(fans[2]!, 20)).toEqual([]);
  });

  it("keeps a row per follower for an author below the threshold", async () => {
    const author = await register();
    const fan = await register();
    await followUsers(nugget, fan, [author.uid]);
    const { entry, batches } = await publish(author, "普通作者");
    expect(batches).toBeGreaterThan(0);
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.entryId, entry.id), eq(notifications.userId, fan.uid)));
    expect(rows).toHaveLength(1);
    expect(await userUnread(fan)).toBe(1);
  });
});
