import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { NuggetApp } from "../../app.ts";
import { loader as adminBannersLoader } from "../../../app/routes/admin/banners.tsx";
import { loader as exploreLoader } from "../../../app/routes/explore/explore.tsx";
import { loader as welcomeLoader } from "../../../app/routes/home/welcome.tsx";
import { useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { makeAdmin } from "../../../tests/support/factories.ts";
import { banners } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, auth?: Auth, body?: unknown) =>
  call(nugget.app, method, url, { auth, body });
const HOUR = 3_600_000;
/**
 * An order ahead of every banner earlier runs left in a shared database (lower each second), so a
 * test's banners are the first page of their position.
 */
const firstOrder = -(Math.floor(Date.now() / 1000) % 200_000_000) * 10;

const admin = () => makeAdmin(nugget);

/**
 * Banners in a position the other tests do not use would be ideal, but there are only two: so each
 * test marks its banners with a unique url fragment and reads only those from get_banner.
 */
const mark = () => `#t${randomBytes(6).toString("hex")}`;
async function shownWith(tag: string, position = "aside", now?: Date) {
  const page = now
    ? await nugget.services.banners.list({ position: position as "aside" | "hero" }, now)
    : (await api("GET", `/api/get_banner?position=${position}&platform=web&page=0&pageSize=20&src=web`)).d;
  return (page.list as { url: string; title: string }[])
    .filter((b) => b.url.endsWith(tag))
    .map((b) => b.title);
}

async function insert(tag: string, rows: Partial<typeof banners.$inferInsert>[]) {
  await db()
    .insert(banners)
    .values(
      rows.map((r, i) => ({
        id: newId(),
        position: "aside",
        title: `b${i}`,
        imageUrl: "/uploads/x.png",
        url: `/books${tag}`,
        ...r,
      })),
    );
}

describe("GET /api/get_banner", () => {
  it("shows active banners inside their window, by order", async () => {
    const tag = mark();
    const now = Date.now();
    await insert(tag, [
      { title: "third", order: 3 },
      { title: "first", order: -5 },
      { title: "inactive", order: 0, active: false },
      { title: "not yet", order: 0, startedAt: new Date(now + HOUR) },
      { title: "over", order: 0, endedAt: new Date(now - HOUR) },
      { title: "inside", order: 1, startedAt: new Date(now - HOUR), endedAt: new Date(now + HOUR) },
      { title: "hero one", position: "hero", order: 0 },
    ]);
    expect(await shownWith(tag)).toEqual(["first", "inside", "third"]);
    expect(await shownWith(tag, "hero")).toEqual(["hero one"]);
    // The window moves with the clock: two hours on, "inside" is over and "not yet" has begun.
    expect(await shownWith(tag, "aside", new Date(now + 2 * HOUR))).toEqual(["first", "not yet", "third"]);
  });

  it("pages from zero with canNext, and defaults to hero", async () => {
    const tag = mark();
    await insert(
      tag,
      [0, 1, 2, 3, 4].map((i) => ({ title: `p${i}`, order: firstOrder + i, position: "hero" })),
    );
    const first = await api("GET", "/api/get_banner?pageSize=2");
    expect(first.d.list.map((b: { title: string }) => b.title)).toEqual(["p0", "p1"]);
    expect(first.d.canNext).toBe(true);
    const second = await api("GET", "/api/get_banner?pageSize=2&page=1");
    expect(second.d.list.map((b: { title: string }) => b.title)).toEqual(["p2", "p3"]);
    expect(first.d.list[0]).toEqual({
      id: expect.any(String),
      position: "hero",
      title: "p0",
      imageUrl: "/uploads/x.png",
      url: `/books${tag}`,
      order: firstOrder,
      active: true,
      startedAt: null,
      endedAt: null,
    });
  });

  it("answers 400 naming the field for bad parameters", async () => {
    for (const [query, field] of [
      ["position=top", "position"],
      ["page=-1", "page"],
      ["pageSize=21", "pageSize"],
      ["pageSize=0", "pageSize"],
      ["platform=WEB!", "platform"],
      ["src=" + "x".repeat(17), "src"],
    ]) {
      const r = await api("GET", `/api/get_banner?${query}`);
      expect([r.status, r.s, r.d?.field], query).toEqual([400, 400, field]);
    }
  });
});

describe("managing banners", () => {
  const body = (tag: string) => ({
    position: "aside",
    title: "新活动",
    imageUrl: "https://cdn.example.com/a.png",
    url: `https://example.com/event${tag}`,
    order: 2,
  });

  it("is for admins only: 401 for visitors, 403 for users, nothing written", async () => {
    const user = await registerByEmail(nugget);
    const tag = mark();
    const [victim] = await db()
      .insert(banners)
      .values({ id: newId(), position: "aside", title: "keep", imageUrl: "/x.png", url: `/a${tag}` })
      .returning();
    for (const [who, status] of [
      [undefined, 401],
      [user.auth, 403],
    ] as const) {
      expect((await api("GET", "/api/banners", who)).status).toBe(status);
      expect((await api("POST", "/api/banners", who, body(tag))).status).toBe(status);
      expect((await api("PUT", `/api/banners/${victim.id}`, who, { title: "x" })).status).toBe(status);
      expect((await api("DELETE", `/api/banners/${victim.id}`, who)).status).toBe(status);
    }
    const rows = await db().select().from(banners).where(eq(banners.id, victim.id));
    expect(rows.map((r) => r.title)).toEqual(["keep"]);
    expect(await shownWith(tag)).toEqual(["keep"]);
  });

  it("lets an admin create, change, list and delete; get_banner follows", async () => {
    const a = await admin();
    const tag = mark();
    const created = await api("POST", "/api/banners", a.auth, body(tag));
    expect([created.status, created.s]).toEqual([200, 1]);
    expect(created.d).toMatchObject({
      position: "aside",
      title: "新活动",
      order: 2,
      active: true,
      startedAt: null,
    });
    expect(await shownWith(tag)).toEqual(["新活动"]);

    const later = new Date(Date.now() + HOUR).toISOString();
    const changed = await api("PUT", `/api/banners/${created.d.id}`, a.auth, {
      title: "改名",
      startedAt: later,
    });
    expect(changed.d).toMatchObject({
      title: "改名",
      startedAt: later,
      url: `https://example.com/event${tag}`,
    });
    expect(await shownWith(tag)).toEqual([]);
    const all = await api("GET", "/api/banners", a.auth);
    expect(all.d.filter((b: { id: string }) => b.id === created.d.id)).toHaveLength(1);

    await api("PUT", `/api/banners/${created.d.id}`, a.auth, { startedAt: null });
    expect(await shownWith(tag)).toEqual(["改名"]);
    await api("PUT", `/api/banners/${created.d.id}`, a.auth, { active: false });
    expect(await shownWith(tag)).toEqual([]);

    const removed = await api("DELETE", `/api/banners/${created.d.id}`, a.auth);
    expect([removed.s, removed.d]).toEqual([1, { id: created.d.id }]);
    expect(
      await db()
        .select()
        .from(banners)
        .where(inArray(banners.id, [created.d.id])),
    ).toEqual([]);
    const again = await api("DELETE", `/api/banners/${created.d.id}`, a.auth);
    expect([again.status, again.s]).toEqual([404, 404]);
    expect((await api("PUT", `/api/banners/${newId()}`, a.auth, { title: "x" })).status).toBe(404);
  });

  it("refuses bad fields naming them", async () => {
    const a = await admin();
    const tag = mark();
    const start = new Date(Date.now() + HOUR).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(tag), position: "top" }, "position"],
      [{ ...body(tag), url: "javascript:alert(1)" }, "url"],
      [{ ...body(tag), url: "//evil.example.com/" }, "url"],
      [{ ...body(tag), imageUrl: "data:text/html,<script>" }, "imageUrl"],
      [{ ...body(tag), title: "t".repeat(101) }, "title"],
      [{ ...body(tag), order: 1.5 }, "order"],
      [{ ...body(tag), startedAt: "tomorrow" }, "startedAt"],
      [{ ...body(tag), startedAt: start, endedAt: start }, "endedAt"],
      [{ title: "no position" }, "position"],
    ];
    for (const [b, field] of cases) {
      const r = await api("POST", "/api/banners", a.auth, b);
      expect([r.status, r.d?.field], JSON.stringify(b)).toEqual([400, field]);
    }
    const created = await api("POST", "/api/banners", a.auth, { ...body(tag), startedAt: start });
    // A PUT checks the window against the stored start too.
    const backwards = await api("PUT", `/api/banners/${created.d.id}`, a.auth, {
      endedAt: new Date(Date.now()).toISOString(),
    });
    expect([backwards.status, backwards.d?.field]).toEqual([400, "endedAt"]);
    expect((await api("PUT", "/api/banners/nope", a.auth, {})).d?.field).toBe("id");
  });
});

/** A page loader's context as the SSR handler builds it, for `who` (null: a visitor). */
function contextOf(who: { user: { id: string } } | null, role = "user") {
  return {
    services: nugget.services,
    caller: { userId: who?.user.id ?? null, sessionId: null, ip: "10.0.0.1", userAgent: "test" },
    viewer: who ? { id: who.user.id, username: "x", role } : null,
  } as unknown as AppLoadContext;
}

/** A loader's answer, or the status of the response it threw (401, a 403's redirect to / …). */
async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    await work;
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("the pages' banners (loaders)", () => {
  it("home and explore carry the hero banners beside the sidebar's aside ones, the same for everyone", async () => {
    const tag = mark();
    await insert(tag, [
      { title: "hero b", position: "hero", order: firstOrder + 1 },
      { title: "hero a", position: "hero", order: firstOrder },
      { title: "stopped", position: "hero", order: firstOrder, active: false },
      { title: "side", position: "aside", order: firstOrder },
    ]);
    const args = { params: {}, request: new Request("http://test/explore/all"), context: contextOf(null) };
    const explore = await exploreLoader(args as unknown as Parameters<typeof exploreLoader>[0]);
    const ours = (list: { url: string; title: string }[]) =>
      list.filter((b) => b.url.endsWith(tag)).map((b) => b.title);
    expect(ours(explore.hero)).toEqual(["hero a", "hero b"]);
    expect(ours(explore.banners)).toEqual(["side"]);
    // More than the 2 shown, so that two remain when a reader closed some (up to 8).
    expect(explore.hero.length).toBeLessThanOrEqual(8);
    const welcome = await welcomeLoader({
      ...args,
      request: new Request("http://test/"),
    } as unknown as Parameters<typeof welcomeLoader>[0]);
    expect(ours(welcome.hero)).toEqual(["hero a", "hero b"]);
  });

  it("/admin/banners lists every banner for admins only: 401 for visitors, users back to / (403)", async () => {
    const tag = mark();
    await insert(tag, [{ title: "stopped", position: "hero", active: false }]);
    const user = await registerByEmail(nugget);
    const a = await admin();
    const args = (context: AppLoadContext) =>
      ({ params: {}, request: new Request("http://test/admin/banners"), context }) as unknown as Parameters<
        typeof adminBannersLoader
      >[0];
    expect(await statusOf(adminBannersLoader(args(contextOf(null))))).toBe(401);
    // Spec §6: a refused page sends the user to / with 没有权限 (fromService's 403).
    expect(await statusOf(adminBannersLoader(args(contextOf(user))))).toBe(302);
    const page = await adminBannersLoader(args(contextOf(a, "admin")));
    expect(page.banners.filter((b) => b.url.endsWith(tag)).map((b) => [b.title, b.active])).toEqual([
      ["stopped", false],
    ]);
  });
});
