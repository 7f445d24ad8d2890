import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, type Auth } from "../../../tests/support/client.ts";
import { makeComment, makeEntry, makePin, makeTag, touchedRows } from "../../../tests/support/factories.ts";
import { driftAmong, followCounts } from "../../../tests/support/drift.ts";
import { follows, userBlocks } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { countUnreadMany } from "../notifications/queries.ts";
import { BLOCKED_BY_THEM, BLOCKED_BY_YOU } from "./blocks.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const api = (method: "GET" | "POST" | "PUT", url: string, auth?: Auth, body?: unknown) =>
  call(nugget.app, method, url, { auth, body, ip: uniqueIp() });
const { touched, register } = touchedRows(() => nugget);
const set = (what: "mute" | "unmute" | "block" | "unblock", auth: Auth | undefined, uid: string) =>
  api("POST", `/api/${what}`, auth, { uid });

/** The ids of a tag's newest entries as `auth` sees them. */
async function tagFeed(tagId: string, auth?: Auth) {
  const r = await api("GET", `/api/entries?sort=newest&tag=${tagId}&limit=50`, auth);
  expect(r.status, r.m).toBe(200);
  return r.d.list.map((e: { id: string }) => e.id) as string[];
}

const counts = (id: string) => followCounts(db(), id);

const unread = async (auth: Auth) => (await api("GET", "/api/getUserNotificationNum", auth)).d.user as number;
const notices = async (auth: Auth) =>
  (await api("GET", "/api/getUserNotification?limit=50", auth)).d.list as { users: { id: string }[] }[];

describe("POST /api/mute, /api/block and their undoing", () => {
  it("needs a login, refuses oneself (400 naming uid), a malformed id (400) and an unknown user (404)", async () => {
    const me = await register();
    for (const what of ["mute", "unmute", "block", "unblock"] as const) {
      const anon = await set(what, undefined, me.user.id);
      expect([anon.status, anon.s]).toEqual([401, 401]);
      const self = await set(what, me.auth, me.user.id);
      expect([self.status, self.s, self.d?.field]).toEqual([400, 400, "uid"]);
      const bad = await set(what, me.auth, "not-an-id");
      expect([bad.status, bad.s]).toEqual([400, 400]);
      const missing = await api("POST", `/api/${what}`, me.auth, {});
      expect([missing.status, missing.s]).toEqual([400, 400]);
      const unknown = await set(what, me.auth, newId());
      expect([unknown.status, unknown.s]).toEqual([404, 404]);
    }
    const rows = await db().select().from(userBlocks).where(eq(userBlocks.userId, me.user.id));
    expect(rows).toEqual([]);
  });

  it("answers the caller's setting; a block includes the mute; unmute leaves a block, unblock lifts all", async () => {
    const me = await register();
    const them = await register();
    const uid = them.user.id;
    expect((await set("mute", me.auth, uid)).d).toEqual({ uid, muted: true, blocked: false });
    expect((await set("mute", me.auth, uid)).d).toEqual({ uid, muted: true, blocked: false });
    expect((await set("block", me.auth, uid)).d).toEqual({ uid, muted: true, blocked: true });
    expect((await set("mute", me.auth, uid)).d).toEqual({ uid, muted: true, blocked: true });
    expect((await set("unmute", me.auth, uid)).d).toEqual({ uid, muted: true, blocked: true });
    expect((await set("unblock", me.auth, uid)).d).toEqual({ uid, muted: false, blocked: false });
    const rows = await db()
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.userId, me.user.id), eq(userBlocks.targetId, uid)));
    expect(rows).toEqual([]);
  });
});

describe("a mute", () => {
  it("hides their entries, pins and comments from my lists only, and unmuting brings them back", async () => {
    const me = await register();
    const them = await register();
    const bystander = await register();
    const tag = await makeTag(db());
    const theirs = await makeEntry(db(), them.user.id, {}, [tag.id]);
    const others = await makeEntry(db(), bystander.user.id, {}, [tag.id]);
    const pin = await makePin(nugget, them.auth);
    const comment = await makeComment(nugget, them.auth, others.id);
    const reply = await makeComment(nugget, them.auth, others.id, {
      firstComment: await makeComment(nugget, bystander.auth, others.id),
    });

    const pinIds = async (auth: Auth) =>
      ((await api("GET", "/api/pins?limit=50", auth)).d.list as { id: string }[]).map((p) => p.id);
    const threadIds = async (auth: Auth) => {
      const r = await api("GET", `/api/comments/entry/${others.id}`, auth);
      return (r.d.comments as { id: string; topSubCommentList: { id: string }[] }[]).flatMap((c) => [
        c.id,
        ...c.topSubCommentList.map((s) => s.id),
      ]);
    };
    expect(await tagFeed(tag.id, me.auth)).toEqual([others.id, theirs.id]);
    expect(await pinIds(me.auth)).toContain(pin);
    expect(await threadIds(me.auth)).toEqual(expect.arrayContaining([comment, reply]));

    await set("mute", me.auth, them.user.id);
    expect(await tagFeed(tag.id, me.auth)).toEqual([others.id]);
    expect(await pinIds(me.auth)).not.toContain(pin);
    const thread = await threadIds(me.auth);
    expect(thread).not.toContain(comment);
    expect(thread).not.toContain(reply);
    // Everyone else, visitors too, still sees them.
    expect(await tagFeed(tag.id, bystander.auth)).toEqual([others.id, theirs.id]);
    expect(await tagFeed(tag.id)).toEqual([others.id, theirs.id]);
    expect(await threadIds(bystander.auth)).toEqual(expect.arrayContaining([comment, reply]));
    // Nor among an article's related entries (same tag), for me only.
    const related = async (auth?: Auth) =>
      ((await api("GET", `/api/get_related_entry?entryId=${others.id}`, auth)).d as { id: string }[]).map(
        (e) => e.id,
      );
    expect(await related(me.auth)).not.toContain(theirs.id);
    expect(await related(bystander.auth)).toContain(theirs.id);
    expect(await related()).toContain(theirs.id);
    // Their own list, opened on purpose, still shows them.
    const own = await api("GET", `/api/entries?sort=newest&userId=${them.user.id}`, me.auth);
    expect(own.d.list.map((e: { id: string }) => e.id)).toEqual([theirs.id]);

    // Nor are they suggested to follow (the 推荐关注 card), though they write in a tag I follow.
    expect((await api("PUT", `/api/tag/subscribe/${tag.id}`, me.auth)).s).toBe(1);
    const suggested = async () =>
      ((await api("GET", "/api/getByTag?limit=20", me.auth)).d as { id: string }[]).map((u) => u.id);
    expect(await suggested()).not.toContain(them.user.id);

    await set("unmute", me.auth, them.user.id);
    expect(await suggested()).toContain(them.user.id);
    expect(await related(me.auth)).toContain(theirs.id);
    expect(await tagFeed(tag.id, me.auth)).toEqual([others.id, theirs.id]);
    expect(await pinIds(me.auth)).toContain(pin);
    expect(await threadIds(me.auth)).toEqual(expect.arrayContaining([comment, reply]));
  });

  it("hides their entries and their account from my search only, and unmuting brings them back", async () => {
    const me = await register();
    const them = await register();
    const bystander = await register();
    const word = `qzx${newId().slice(-8)}`;
    const theirs = await makeEntry(db(), them.user.id, { title: `${word} 他们写的` });
    const others = await makeEntry(db(), bystander.user.id, { title: `${word} 旁人写的` });
    const search = async (q: string, auth?: Auth) => {
      const r = await api("GET", `/api/search?query=${encodeURIComponent(q)}`, auth);
      expect(r.status, r.m).toBe(200);
      return {
        entries: (r.d.entries.list as { id: string }[]).map((e) => e.id).sort(),
        users: (r.d.users as { id: string }[]).map((u) => u.id),
      };
    };
    const both = [theirs.id, others.id].sort();
    expect((await search(word, me.auth)).entries).toEqual(both);
    expect((await search(them.user.username, me.auth)).users).toContain(them.user.id);

    await set("mute", me.auth, them.user.id);
    expect((await search(word, me.auth)).entries).toEqual([others.id]);
    expect((await search(them.user.username, me.auth)).users).not.toContain(them.user.id);
    // Everyone else, visitors too, still finds them.
    expect((await search(word, bystander.auth)).entries).toEqual(both);
    expect((await search(word)).entries).toEqual(both);
    expect((await search(them.user.username)).users).toContain(them.user.id);

    await set("unmute", me.auth, them.user.id);
    expect((await search(word, me.auth)).entries).toEqual(both);
    expect((await search(them.user.username, me.auth)).users).toContain(them.user.id);
  });

  it("stops their notifications: earlier ones hidden and uncounted, later ones never written; exact counts", async () => {
    const me = await register();
    const them = await register();
    const friend = await register();
    const mine = await makeEntry(db(), me.user.id);
    const other = await makeEntry(db(), me.user.id);
    await makeComment(nugget, them.auth, mine.id);
    await makeComment(nugget, friend.auth, mine.id);
    expect(await unread(me.auth)).toBe(2);

    await set("mute", me.auth, them.user.id);
    expect(await unread(me.auth)).toBe(1);
    // The live streams' batch recount (notifications/live.ts) agrees with the bell.
    expect((await countUnreadMany(db(), [me.user.id]))[0].user).toBe(1);
    expect((await notices(me.auth)).map((n) => n.users[0].id)).toEqual([friend.user.id]);
    // Their like of another entry, their follow: not written at all; the friend's like still counts.
    expect((await api("PUT", `/api/user/like/entry/${other.id}`, them.auth)).status).toBe(200);
    expect((await api("POST", "/api/follow", them.auth, { ids: me.user.id })).status).toBe(200);
    expect((await api("PUT", `/api/user/like/entry/${other.id}`, friend.auth)).status).toBe(200);
    expect(await unread(me.auth)).toBe(2);
    const list = await notices(me.auth);
    expect(list).toHaveLength(2);
    expect(list.flatMap((n) => n.users.map((u) => u.id))).not.toContain(them.user.id);

    await set("unmute", me.auth, them.user.id);
    // The earlier comment shows again; what happened while muted was never written.
    expect(await unread(me.auth)).toBe(3);
  });
});

describe("a block", () => {
  it("refuses their comments on my content and replies to my comments (403), not on others' threads", async () => {
    const me = await register();
    const them = await register();
    const host = await register();
    const entry = await makeEntry(db(), me.user.id);
    const hosted = await makeEntry(db(), host.user.id);
    const myComment = await makeComment(nugget, me.auth, hosted.id);
    const pin = await makePin(nugget, me.auth);
    await set("block", me.auth, them.user.id);

    const comment = (body: Record<string, unknown>) =>
      api("POST", "/api/comment", them.auth, { content: "你好", targetType: "entry", ...body });
    for (const r of [
      await comment({ targetId: entry.id }),
      await comment({ targetId: hosted.id, firstComment: myComment }),
      await comment({ targetId: pin, targetType: "pin" }),
    ]) {
      expect([r.status, r.s, r.m]).toEqual([403, 403, BLOCKED_BY_THEM]);
    }
    // Someone else's entry, not answering me: allowed.
    const elsewhere = await comment({ targetId: hosted.id });
    expect(elsewhere.status, elsewhere.m).toBe(200);
    // And I may still comment on theirs (a block keeps them away from me, not me from them).
    const theirs = await makeEntry(db(), them.user.id);
    expect(
      (
        await api("POST", "/api/comment", me.auth, {
          content: "嗯",
          targetType: "entry",
          targetId: theirs.id,
        })
      ).status,
    ).toBe(200);
  });

  it("removes follows both ways with exact counters and refuses new follows either way", async () => {
    const me = await register();
    const them = await register();
    expect((await api("POST", "/api/follow", me.auth, { ids: them.user.id })).status).toBe(200);
    expect((await api("POST", "/api/follow", them.auth, { ids: me.user.id })).status).toBe(200);
    expect(await counts(me.user.id)).toEqual({ followersCount: 1, followeesCount: 1 });

    await set("block", me.auth, them.user.id);
    expect(await counts(me.user.id)).toEqual({ followersCount: 0, followeesCount: 0 });
    expect(await counts(them.user.id)).toEqual({ followersCount: 0, followeesCount: 0 });
    const rows = await db().select().from(follows).where(eq(follows.followerId, them.user.id));
    expect(rows).toEqual([]);

    const theyFollow = await api("POST", "/api/follow", them.auth, { ids: me.user.id });
    expect([theyFollow.status, theyFollow.s, theyFollow.m]).toEqual([403, 403, BLOCKED_BY_THEM]);
    const iFollow = await api("POST", "/api/follow", me.auth, { ids: them.user.id });
    expect([iFollow.status, iFollow.s, iFollow.m]).toEqual([403, 403, BLOCKED_BY_YOU]);
    expect(await counts(me.user.id)).toEqual({ followersCount: 0, followeesCount: 0 });
    expect(await driftAmong(db(), touched, ["users.followers_count", "users.followees_count"])).toEqual([]);

    await set("unblock", me.auth, them.user.id);
    expect((await api("POST", "/api/follow", them.auth, { ids: me.user.id })).status).toBe(200);
    expect(await counts(me.user.id)).toEqual({ followersCount: 1, followeesCount: 0 });
  });
});

describe("GET /api/blocks", () => {
  it("pages my muted and blocked people apart, newest first, without repeats; 401 and 400 for bad input", async () => {
    const me = await register();
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await register());
    for (const p of people.slice(0, 3)) await set("block", me.auth, p.user.id);
    await set("mute", me.auth, people[3].user.id);

    const seen: string[] = [];
    let before = "";
    for (let i = 0; i < 5; i++) {
      const r = await api(
        "GET",
        `/api/blocks?kind=block&limit=2${before ? `&before=${encodeURIComponent(before)}` : ""}`,
        me.auth,
      );
      expect(r.status, r.m).toBe(200);
      for (const u of r.d.list) expect(u).toMatchObject({ kind: "block", username: expect.any(String) });
      seen.push(...r.d.list.map((u: { id: string }) => u.id));
      // A block set between pages lands before the first page: the next page neither repeats nor skips.
      if (i === 0) await set("block", me.auth, people[4].user.id);
      if (!r.d.canNext) break;
      before = r.d.pointer;
    }
    expect(seen).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.user.id)
        .reverse(),
    );
    const muted = await api("GET", "/api/blocks?kind=mute", me.auth);
    expect(muted.d.list.map((u: { id: string }) => u.id)).toEqual([people[3].user.id]);

    expect((await api("GET", "/api/blocks?kind=mute")).status).toBe(401);
    for (const q of ["", "?kind=other", "?kind=mute&limit=0", "?kind=mute&before=nonsense"]) {
      const r = await api("GET", `/api/blocks${q}`, me.auth);
      expect([r.status, r.s], q).toEqual([400, 400]);
    }
  });
});
