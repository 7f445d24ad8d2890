import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { NuggetApp } from "../../app.ts";
import { testApp, uniqueIp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { openUnreadStream, type OpenStream, type UnreadEvent } from "../../../tests/support/event-stream.ts";
import { makeEntry } from "../../../tests/support/factories.ts";
import { MAX_STREAMS_PER_USER } from "./live.ts";

// The live unread counts over a real socket: an app listening on loopback, read with
// fetch as a browser's EventSource would. On PGlite the signals stay in the process; on PostgreSQL
// they go through Redis (REDIS_URL) or LISTEN/NOTIFY, and the last block proves it across two apps.

let site: NuggetApp & { url: string };
const opened: OpenStream[] = [];

beforeAll(async () => {
  const nugget = await testApp();
  site = { ...nugget, url: await nugget.app.listen({ port: 0, host: "127.0.0.1" }) };
});
afterAll(async () => {
  opened.forEach((s) => s.close());
  await site?.app.close();
  await site?.database.close();
});

const api = (
  app: NuggetApp,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  auth?: Auth,
  body?: unknown,
) => call(app.app, method, url, { auth, body, ip: uniqueIp() });
const register = async (app: NuggetApp = site) => (await registerByEmail(app)).auth;

async function stream(url: string, auth?: Auth, headers?: Record<string, string>) {
  const s = await openUnreadStream(url, auth, headers);
  opened.push(s);
  return s;
}

/**
 * The next event whose user count is `user`. Other test files on a shared PostgreSQL may post
 * system notifications meanwhile, so events that only move `system` are skipped.
 */
async function nextWithUser(s: OpenStream, user: number, ms = 5000): Promise<UnreadEvent> {
  const deadline = Date.now() + ms;
  for (;;) {
    const e = await s.next(Math.max(1, deadline - Date.now()));
    expect(e.total).toBe(e.user + e.system);
    if (e.user === user) return e;
  }
}

/**
 * Through `app`, `fan` likes then comments on the viewer's `entryId` and the viewer reads all:
 * the viewer's stream `s` says 1, then 2, then 0.
 */
async function likeCommentRead(
  app: NuggetApp,
  s: OpenStream,
  viewer: Auth,
  fan: Auth,
  entryId: string,
  content: string,
) {
  expect((await api(app, "PUT", `/api/user/like/entry/${entryId}`, fan)).status).toBe(200);
  expect((await nextWithUser(s, 1)).user).toBe(1);
  const c = await api(app, "POST", "/api/comment", fan, { targetId: entryId, content });
  expect(c.s, c.m).toBe(1);
  expect((await nextWithUser(s, 2)).user).toBe(2);
  await api(app, "POST", "/api/setUserNotificationNum", viewer);
  expect((await nextWithUser(s, 0)).user).toBe(0);
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("GET /api/notifications/stream", () => {
  it("answers the 401 envelope without a login, and is never a cacheable page", async () => {
    const res = await fetch(`${site.url}/api/notifications/stream`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { s: number }).s).toBe(401);
  });

  it("streams uncompressed, uncached events: the counts first, then each change", async () => {
    const viewer = await register();
    const fan = await register();
    const entry = await makeEntry(site.database.db, viewer.uid);
    const s = await stream(site.url, viewer, { "accept-encoding": "br, gzip, deflate" });
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(s.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(s.response.headers.get("x-accel-buffering")).toBe("no");
    expect(s.response.headers.get("content-encoding")).toBeNull();

    const first = await s.next();
    expect(first.user).toBe(0);
    const counts = await api(site, "GET", "/api/getUserNotificationNum", viewer);
    expect(first).toEqual(counts.d);

    // Another reader likes the viewer's entry, then comments on it: each moves the bell; reading
    // them (as from another tab) brings it back to zero.
    await likeCommentRead(site, s, viewer, fan, entry.id, "写得好");
  });

  it("pushes a system notification to every open stream, and reading it from another tab", async () => {
    const admin = await register();
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.uid));
    const a = await register();
    const b = await register();
    await api(site, "POST", "/api/checkAllSystemNotification", a);
    await api(site, "POST", "/api/checkAllSystemNotification", b);
    const sa = await stream(site.url, a);
    const sb = await stream(site.url, b);
    const sa2 = await stream(site.url, a); // a second tab of a
    for (const s of [sa, sb, sa2]) expect((await s.next()).system).toBe(0);

    const posted = await api(site, "POST", "/api/systemNotification", admin, { message: "今晚维护" });
    expect(posted.s, posted.m).toBe(1);
    for (const s of [sa, sb, sa2]) expect((await s.next()).system).toBeGreaterThanOrEqual(1);

    await api(site, "POST", "/api/checkAllSystemNotification", a);
    for (const s of [sa, sa2]) {
      let e = await s.next();
      // A system notification of another test file may land in between; reading all ends at 0.
      while (e.system !== 0) e = await s.next();
      expect(e).toMatchObject({ system: 0, total: e.user });
    }
  });

  it("coalesces a burst into few events and sends nothing when the counts did not move", async () => {
    const viewer = await register();
    const entry = await makeEntry(site.database.db, viewer.uid);
    const fans = await Promise.all([1, 2, 3, 4, 5].map(() => register()));
    const s = await stream(site.url, viewer);
    expect((await s.next()).user).toBe(0);
    await Promise.all(
      fans.map((fan, i) =>
        api(site, "POST", "/api/comment", fan, { targetId: entry.id, content: `评论 ${i}` }),
      ),
    );
    expect((await nextWithUser(s, 5)).user).toBe(5);
    await new Promise((r) => setTimeout(r, 400));
    // Five comments in a burst: one or two recounts (a flush may fall in the middle), never five.
    const extra = s.pending().filter((e) => e.user !== 5);
    expect(extra.length).toBeLessThanOrEqual(1);

    // The viewer's own comment tells nobody: no event.
    await api(site, "POST", "/api/comment", viewer, { targetId: entry.id, content: "谢谢大家" });
    await new Promise((r) => setTimeout(r, 400));
    expect(s.pending().filter((e) => e.user !== 5)).toEqual([]);
  });

  it("forgets a stream when the client goes away", async () => {
    const viewer = await register();
    const before = site.services.notifications.liveStreams();
    const s = await stream(site.url, viewer);
    await s.next();
    expect(site.services.notifications.liveStreams()).toBe(before + 1);
    s.close();
    await waitFor(() => site.services.notifications.liveStreams() === before);
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams an account: a new one closes the oldest`, async () => {
    const viewer = await register();
    const before = site.services.notifications.liveStreams();
    const tabs: OpenStream[] = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) {
      tabs.push(await stream(site.url, viewer));
      await tabs[i].next();
    }
    // The oldest was told it was replaced and ended; the newest five stay and count.
    await expect(tabs[0].next(3000)).rejects.toThrow("the stream ended");
    expect(site.services.notifications.liveStreams()).toBe(before + MAX_STREAMS_PER_USER);
    await api(site, "POST", "/api/setUserNotificationNum", viewer);
    const fan = await register();
    const entry = await makeEntry(site.database.db, viewer.uid);
    expect((await api(site, "PUT", `/api/user/like/entry/${entry.id}`, fan)).status).toBe(200);
    for (const tab of tabs.slice(1)) expect((await nextWithUser(tab, 1)).user).toBe(1);
    // Another account's streams are its own.
    const other = await stream(site.url, await register());
    await other.next();
    tabs.forEach((t) => t.close());
    await waitFor(() => site.services.notifications.liveStreams() === before + 1);
  });

  it("does not signal a notification whose transaction rolled back", async () => {
    const viewer = await register();
    const fan = await register();
    const entry = await makeEntry(site.database.db, viewer.uid);
    const s = await stream(site.url, viewer);
    expect((await s.next()).user).toBe(0);
    const { notify } = await import("./notify.ts");
    await expect(
      site.database.db.transaction(async (tx) => {
        await notify(tx, { userId: viewer.uid, actorId: fan.uid, type: "comment", entryId: entry.id });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((r) => setTimeout(r, 400));
    expect(s.pending().filter((e) => e.user !== 0)).toEqual([]);
    // And one that commits does.
    await site.database.db.transaction((tx) =>
      notify(tx, { userId: viewer.uid, actorId: fan.uid, type: "comment", entryId: entry.id }),
    );
    expect((await nextWithUser(s, 1)).user).toBe(1);
  });

  it("ends open streams when the app closes, so closing never waits for them", async () => {
    const other = await testApp();
    const url = await other.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const viewer = await register(other);
      const s = await stream(url, viewer);
      await s.next();
      const started = Date.now();
      await other.app.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await expect(s.next(2000)).rejects.toThrow(/ended|no counts/);
    } finally {
      await other.database.close();
    }
  });
});

// Two instances on one PostgreSQL (and one Redis when REDIS_URL is set): a notification written
// through A reaches a stream held by B. Then the same without Redis: PostgreSQL LISTEN/NOTIFY.
const variants = process.env.DATABASE_URL
  ? [
      ...(process.env.REDIS_URL ? [{ name: "through Redis pub/sub", overrides: {} }] : []),
      { name: "through PostgreSQL LISTEN/NOTIFY", overrides: { redisUrl: undefined } },
    ]
  : [];

describe.skipIf(!variants.length).each(variants)("across instances $name", ({ overrides }) => {
  let a: NuggetApp;
  let b: NuggetApp & { url: string };
  beforeAll(async () => {
    a = await testApp(overrides);
    const built = await testApp(overrides);
    b = { ...built, url: await built.app.listen({ port: 0, host: "127.0.0.1" }) };
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await a?.database.close();
    await b?.database.close();
  });

  it("pushes on B what was written through A", async () => {
    expect(b.services.notifications).not.toBe(a.services.notifications);
    const viewer = await register(a);
    const fan = await register(a);
    const entry = await makeEntry(a.database.db, viewer.uid);
    const s = await stream(b.url, viewer);
    expect((await s.next()).user).toBe(0);
    // Liked, commented on and read through A: B's stream follows.
    await likeCommentRead(a, s, viewer, fan, entry.id, "从 A 来的评论");
  });
});
