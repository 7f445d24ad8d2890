import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, inArray } from "drizzle-orm";
import type { NuggetApp } from "../../app.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth, openApiPaths } from "../../../tests/support/client.ts";
import { trackingEvents } from "../../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import type { Deps } from "../deps.ts";
import { TRACKING } from "../../lib/rate-limits.ts";
import { createTrackingService } from "./tracking.ts";
import { dropExpiredEvents } from "./retention.ts";
import { listPartitions } from "../../../db/partitions.ts";
import { loadConfig } from "../../config.ts";
import { MAX_COLLECTOR_IDS } from "./schema.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const db = () => nugget.database.db;
/** Every test marks its events with its own suid and reads only those. */
const newSuid = () => `t-${randomBytes(8).toString("hex")}`;
const get = (url: string, opts: { auth?: Auth; ip?: string } = {}) =>
  call(nugget.app, "GET", url, { auth: opts.auth, ip: opts.ip ?? uniqueIp() });
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function eventsOf(suid: string) {
  await nugget.services.tracking.flush();
  return db().select().from(trackingEvents).where(eq(trackingEvents.suid, suid)).orderBy(trackingEvents.id);
}

describe("GET /api/gen_suid", () => {
  it("hands out a new opaque URL-safe id each call", async () => {
    const a = await get("/api/gen_suid?src=web");
    const b = await get("/api/gen_suid");
    expect([a.status, a.s]).toEqual([200, 1]);
    expect(a.d.suid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(b.d.suid).not.toBe(a.d.suid);
    const bad = await get("/api/gen_suid?src=NOT%20OK");
    expect([bad.status, bad.d?.field]).toEqual([400, "src"]);
  });
});

describe("GET /api/log", () => {
  it("queues an event without touching the database, and flush writes exactly it", async () => {
    const suid = newSuid();
    const entryId = newId();
    const r = await get(
      `/api/log?${qs({ action: "click", objectType: "entry", target: entryId, value: "v1", category: "frontend", location: "/welcome", referrer: "https://example.com/", source: "web", suid })}`,
    );
    expect([r.status, r.s, r.d]).toEqual([200, 1, { recorded: 1, uid: null }]);
    // Not written yet: the call did not wait on the database.
    expect(await db().select().from(trackingEvents).where(eq(trackingEvents.suid, suid))).toEqual([]);
    const rows = await eventsOf(suid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "click",
      objectType: "entry",
      target: entryId,
      value: "v1",
      category: "frontend",
      location: "/welcome",
      referrer: "https://example.com/",
      source: "web",
      suid,
      uid: null,
    });
    // Flushing again writes nothing twice.
    await nugget.services.tracking.flush();
    expect(await eventsOf(suid)).toHaveLength(1);
  });

  it("takes every spec action on its object and a page view without a target", async () => {
    const suid = newSuid();
    const target = newId();
    const calls = [
      ...["click", "like", "unlike", "collect", "uncollect", "view", "share"].map((action) => ({
        action,
        objectType: "entry",
      })),
      { action: "follow", objectType: "collection" },
      { action: "unfollow", objectType: "collection" },
      { action: "click", objectType: "banner" },
    ];
    for (const c of calls) {
      const r = await get(`/api/log?${qs({ ...c, target, suid })}`);
      expect([r.status, r.s], JSON.stringify(c)).toEqual([200, 1]);
    }
    const view = await get(
      `/api/log?${qs({ action: "view", objectType: "page", location: "/explore/all", suid })}`,
    );
    expect(view.s).toBe(1);
    // objectType defaults to entry.
    expect((await get(`/api/log?${qs({ action: "share", target, suid })}`)).s).toBe(1);
    const rows = await eventsOf(suid);
    expect(rows.map((e) => `${e.action}/${e.objectType}`)).toEqual([
      ...calls.map((c) => `${c.action}/${c.objectType}`),
      "view/page",
      "share/entry",
    ]);
  });

  it("takes the spec's form, the object's id as value, when target is absent", async () => {
    const suid = newSuid();
    const entryId = newId();
    const r = await get(`/api/log?${qs({ action: "click", objectType: "entry", value: entryId, suid })}`);
    expect([r.status, r.s]).toEqual([200, 1]);
    // A value that is no id is not an object: the call still needs a target.
    const bad = await get(`/api/log?${qs({ action: "click", value: "top", suid })}`);
    expect([bad.status, bad.d?.field]).toEqual([400, "target"]);
    const rows = await eventsOf(suid);
    expect(rows.map((e) => [e.action, e.objectType, e.target, e.value])).toEqual([
      ["click", "entry", entryId, entryId],
    ]);
  });

  it("answers 400 naming the field for bad input, and records nothing", async () => {
    const suid = newSuid();
    const target = newId();
    const cases: [Record<string, string>, string][] = [
      [{ target, suid }, "action"],
      [{ action: "hack", target, suid }, "action"],
      [{ action: "follow", objectType: "entry", target, suid }, "objectType"],
      [{ action: "like", objectType: "user", target, suid }, "objectType"],
      [{ action: "like", suid }, "target"],
      [{ action: "like", target: "abc", suid }, "target"],
      [{ action: "like", target, suid: "has space" }, "suid"],
      [{ action: "like", target, suid: "x".repeat(65) }, "suid"],
      [{ action: "like", target, suid, value: "v".repeat(201) }, "value"],
      [{ action: "like", target, suid, location: "/".repeat(501) }, "location"],
      [{ action: "like", target, suid, referrer: "r".repeat(501) }, "referrer"],
      [{ action: "like", target, suid, category: "c".repeat(65) }, "category"],
      [{ action: "like", target, suid, source: "WEB!" }, "source"],
      [{ action: "like", target, suid, uid: "not-an-id" }, "uid"],
    ];
    for (const [params, field] of cases) {
      const r = await get(`/api/log?${qs(params)}`);
      expect([r.status, r.s, r.d?.field], JSON.stringify(params)).toEqual([400, 400, field]);
    }
    expect(await eventsOf(suid)).toEqual([]);
  });

  it("stores the session's user, never a uid from the query", async () => {
    const me = await registerByEmail(nugget);
    const other = await registerByEmail(nugget);
    const suid = newSuid();
    const target = newId();
    const mine = await get(`/api/log?${qs({ action: "like", target, suid, uid: me.user.id })}`, {
      auth: me.auth,
    });
    expect(mine.d).toEqual({ recorded: 1, uid: me.user.id });
    // Someone else's uid from a logged-in caller: the event is still the caller's.
    const spoofed = await get(`/api/log?${qs({ action: "unlike", target, suid, uid: other.user.id })}`, {
      auth: me.auth,
    });
    expect([spoofed.s, spoofed.d.uid]).toEqual([1, me.user.id]);
    // …and from a visitor it is nobody's.
    const anonymous = await get(`/api/log?${qs({ action: "share", target, suid, uid: other.user.id })}`);
    expect([anonymous.s, anonymous.d.uid]).toEqual([1, null]);
    const rows = await eventsOf(suid);
    expect(rows.map((e) => [e.action, e.uid])).toEqual([
      ["like", me.user.id],
      ["unlike", me.user.id],
      ["share", null],
    ]);
  });
});

describe("GET /api/collector", () => {
  it("records one impression per distinct entry id", async () => {
    const suid = newSuid();
    const me = await registerByEmail(nugget);
    const ids = [newId(), newId(), newId()];
    const r = await get(
      `/api/collector?${qs({ ids: [...ids, ids[0]].join("|"), suid, location: "/timeline" })}`,
      {
        auth: me.auth,
      },
    );
    expect([r.s, r.d]).toEqual([1, { recorded: 3, uid: me.user.id }]);
    const rows = await eventsOf(suid);
    expect(rows.map((e) => [e.action, e.objectType, e.target, e.location, e.uid])).toEqual(
      ids.map((id) => ["impression", "entry", id, "/timeline", me.user.id]),
    );
  });

  it(`takes at most ${MAX_COLLECTOR_IDS} ids and refuses malformed lists naming ids`, async () => {
    const suid = newSuid();
    const full = Array.from({ length: MAX_COLLECTOR_IDS }, () => newId());
    expect((await get(`/api/collector?${qs({ ids: full.join("|"), suid })}`)).d.recorded).toBe(
      MAX_COLLECTOR_IDS,
    );
    for (const ids of ["", "abc", `${newId()}|`, `${newId()},${newId()}`, [...full, newId()].join("|")]) {
      const r = await get(`/api/collector?${qs({ ids, suid })}`);
      expect([r.status, r.d?.field], ids.slice(0, 60)).toEqual([400, "ids"]);
    }
    expect(await get(`/api/collector?suid=${suid}`)).toMatchObject({ status: 400, d: { field: "ids" } });
    expect(await eventsOf(suid)).toHaveLength(MAX_COLLECTOR_IDS);
  });
});

describe("GET /api/punch", () => {
  it("records a punch with sub_location as its category and src as its source", async () => {
    const suid = newSuid();
    const r = await get(`/api/punch?${qs({ sub_location: "header", location: "/books", src: "web", suid })}`);
    expect([r.s, r.d]).toEqual([1, { recorded: 1, uid: null }]);
    const rows = await eventsOf(suid);
    expect(rows.map((e) => [e.action, e.objectType, e.category, e.location, e.source])).toEqual([
      ["punch", "page", "header", "/books", "web"],
    ]);
    const bad = await get(`/api/punch?${qs({ sub_location: "s".repeat(65), suid })}`);
    expect([bad.status, bad.d?.field]).toEqual([400, "sub_location"]);
  });
});

describe("POST /api/increment", () => {
  it("records the collection statistic as an event, never moves the real counts, and refuses bad input", async () => {
    const owner = await registerByEmail(nugget);
    const set = await call(nugget.app, "POST", "/api/collectionset", {
      body: { title: `统计 ${newSuid()}` },
      auth: owner.auth,
    });
    const csId = set.d.id as string;
    const post = (body: Record<string, string>, auth?: Auth) =>
      call(nugget.app, "POST", "/api/increment", { body, auth, form: true, ip: uniqueIp() });
    // The spec's form fields; +1 on followers twice changes no count.
    for (let i = 0; i < 2; i++) {
      const r = await post({ num: "1", event: "csFollow", csId, src: "web" }, owner.auth);
      expect([r.status, r.s]).toEqual([200, 1]);
      expect(r.d).toEqual({ recorded: 1, uid: owner.user.id, csId, entryCount: 0, followerCount: 0 });
    }
    expect((await post({ num: "-1", event: "csNum", csId })).d).toMatchObject({
      uid: null,
      followerCount: 0,
    });
    await nugget.services.tracking.flush();
    const rows = await db().select().from(trackingEvents).where(eq(trackingEvents.target, csId));
    expect(rows.map((r) => [r.action, r.objectType, r.value, r.uid]).sort()).toEqual(
      [
        ["increment", "collection", "csFollow:+1", owner.user.id],
        ["increment", "collection", "csFollow:+1", owner.user.id],
        ["increment", "collection", "csNum:-1", null],
      ].sort(),
    );

    for (const [body, field] of [
      [{ num: "2", event: "csFollow", csId }, "num"],
      [{ num: "0", event: "csFollow", csId }, "num"],
      [{ num: "1", event: "csLike", csId }, "event"],
      [{ num: "1", event: "csFollow", csId: "nope" }, "csId"],
      [{ event: "csFollow", csId }, "num"],
      // Wider than its column (16): it would have failed the INSERT of everyone's events with it.
      [{ num: "1", event: "csFollow", csId, src: "s".repeat(17) }, "src"],
    ] as const) {
      const r = await post(body);
      expect([r.status, r.s, r.d?.field]).toEqual([400, 400, field]);
    }
    const unknown = await post({ num: "1", event: "csPost", csId: newId() });
    expect([unknown.status, unknown.s]).toEqual([404, 404]);
  });
});

describe("tracking limits and robustness", () => {
  it(`allows ${TRACKING.max} calls a minute per address, then 429`, async () => {
    const ip = uniqueIp();
    const suid = newSuid();
    for (let i = 0; i < TRACKING.max; i++) {
      const r = await get(`/api/log?${qs({ action: "view", objectType: "page", suid })}`, { ip });
      if (r.status !== 200) throw new Error(`call ${i}: ${r.status}`);
    }
    const over = await get(`/api/log?${qs({ action: "view", objectType: "page", suid })}`, { ip });
    expect([over.status, over.s]).toEqual([429, 429]);
    // Another address is not affected.
    expect((await get("/api/gen_suid")).s).toBe(1);
    expect(await eventsOf(suid)).toHaveLength(TRACKING.max);
  });

  it("never answers 5xx, whatever the query string", async () => {
    const paths = ["/api/log", "/api/collector", "/api/punch", "/api/gen_suid"];
    const keys = fc.constantFrom(
      "action",
      "objectType",
      "target",
      "value",
      "category",
      "referrer",
      "location",
      "source",
      "suid",
      "uid",
      "ids",
      "sub_location",
      "src",
      "token",
      "__proto__",
      "constructor",
    );
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary", maxLength: 600 }),
      fc.constantFrom("like", "entry", newId(), ""),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.oneof(keys, fc.string()), value), { maxLength: 8 }),
        fc.string(),
        async (path, pairs, raw) => {
          const query = new URLSearchParams(pairs).toString();
          // The raw string as a client would send it: anything but spaces and # goes as is.
          const rawQuery = raw.replace(/[\s#]/g, (c) => encodeURIComponent(c));
          for (const url of [`${path}?${query}`, `${path}?${rawQuery}`]) {
            const res = await nugget.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });
            if (res.statusCode >= 500) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the event buffer", () => {
  const caller = { userId: null, sessionId: null, ip: "10.0.0.1", userAgent: "" };
  const deps = () => ({ db: db() }) as unknown as Deps;
  const page = (suid: string) => ({ action: "view" as const, objectType: "page" as const, suid });
  const rowsOf = (suid: string) => db().select().from(trackingEvents).where(eq(trackingEvents.suid, suid));

  it("writes on its own after flushMs, and at once when a batch is full", async () => {
    const timed = createTrackingService(deps(), { flushMs: 30, flushEvents: 1000 });
    const suid = newSuid();
    timed.log(page(suid), caller);
    expect(timed.pending()).toBe(1);
    await expect.poll(async () => (await rowsOf(suid)).length, { timeout: 3000 }).toBe(1);

    const batched = createTrackingService(deps(), { flushMs: 60_000, flushEvents: 5 });
    const batch = newSuid();
    for (let i = 0; i < 5; i++) batched.log(page(batch), caller);
    await expect.poll(async () => (await rowsOf(batch)).length, { timeout: 3000 }).toBe(5);
    await timed.close();
    await batched.close();
  });

  it("close() writes what is left and then takes no more", async () => {
    const service = createTrackingService(deps(), { flushMs: 60_000 });
    const suid = newSuid();
    service.collector({ ids: [newId(), newId()].join("|"), suid }, caller);
    await service.close();
    expect(await rowsOf(suid)).toHaveLength(2);
    service.log(page(suid), caller);
    expect(service.pending()).toBe(0);
  });

  it("logs a failed write instead of throwing, and drops the oldest past its cap", async () => {
    const errors: unknown[] = [];
    const warnings: unknown[] = [];
    const broken = {
      insert: () => {
        throw new Error("database down");
      },
    };
    const service = createTrackingService({ db: broken } as unknown as Deps, {
      flushMs: 60_000,
      maxBuffered: 3,
    });
    service.useLogger({ error: (o) => errors.push(o), warn: (o) => warnings.push(o) });
    for (let i = 0; i < 5; i++) service.log(page("x"), caller);
    expect(service.pending()).toBe(3);
    expect(warnings).toHaveLength(2);
    await expect(service.flush()).resolves.toBeUndefined();
    expect(errors).toEqual([expect.objectContaining({ lost: 3 })]);
    expect(service.pending()).toBe(0);
    await service.close();
  });

  it("drops only the event the database refuses, never the rest of its batch, and says so once", async () => {
    const errors: { lost?: number }[] = [];
    const service = createTrackingService(deps(), { flushMs: 60_000, flushEvents: 10_000 });
    service.useLogger({ error: (o) => errors.push(o), warn: () => {} });
    const suid = newSuid();
    for (let i = 0; i < 6; i++) service.log(page(suid), caller);
    // Past the schema's bounds (a caller inside the server): wider than the column's 16.
    service.increment({ num: 1, event: "csNum", csId: newId(), src: "s".repeat(20) }, caller);
    for (let i = 0; i < 5; i++) service.log(page(suid), caller);
    await service.flush();
    expect(await rowsOf(suid)).toHaveLength(11);
    expect(errors).toEqual([expect.objectContaining({ lost: 1 })]);
    await service.close();
  });

  it("writes a large backlog in several INSERTs, all of it", async () => {
    const service = createTrackingService(deps(), { flushMs: 60_000, flushEvents: 10_000 });
    const suid = newSuid();
    const ids = Array.from({ length: MAX_COLLECTOR_IDS }, () => newId());
    for (let i = 0; i < 50; i++) service.collector({ ids: ids.join("|"), suid }, caller);
    await service.flush();
    const rows = await db()
      .select({ target: trackingEvents.target })
      .from(trackingEvents)
      .where(inArray(trackingEvents.suid, [suid]));
    expect(rows).toHaveLength(50 * MAX_COLLECTOR_IDS);
    await service.close();
  });
});

describe("retention (TRACKING_RETENTION_DAYS)", () => {
  it("drops whole months past the window, never the current one", async () => {
    const parts = await listPartitions(db(), "tracking_events");
    // The migration's partition of everything before a month, and months ahead of now.
    expect(parts[0]!.name).toMatch(/^tracking_events_before_\d{4}_\d{2}$/);
    expect(parts.at(-1)!.until.getTime()).toBeGreaterThan(Date.now() + 40 * 86_400_000);
    // An event of today and one of 200 days ago are both written (the old one into the first partition).
    const suid = newSuid();
    const old = new Date(Date.now() - 200 * 86_400_000);
    await db()
      .insert(trackingEvents)
      .values([
        { action: "view", objectType: "page", suid, value: "old", createdAt: old },
        { action: "view", objectType: "page", suid, value: "now" },
      ]);
    // The first partition also holds this month's events, so a 180-day window keeps it for now
    // (db/partitions.test.ts drops months on a table of its own: this one is shared with other files).
    expect(await dropExpiredEvents(db(), 180)).toEqual([]);
    const left = await db().select().from(trackingEvents).where(eq(trackingEvents.suid, suid));
    expect(left.map((r) => r.value).sort()).toEqual(["now", "old"]);
    expect(loadConfig({}).trackingRetentionDays).toBe(180);
    expect(loadConfig({ TRACKING_RETENTION_DAYS: "0" }).trackingRetentionDays).toBe(0);
    expect(loadConfig({ TRACKING_RETENTION_DAYS: "30" }).trackingRetentionDays).toBe(30);
  });
});

describe("OpenAPI", () => {
  it("documents the tracking calls and the banner calls", async () => {
    const paths = await openApiPaths(nugget.app);
    for (const [path, method] of [
      ["/api/log", "get"],
      ["/api/collector", "get"],
      ["/api/punch", "get"],
      ["/api/gen_suid", "get"],
      ["/api/get_banner", "get"],
      ["/api/banners", "post"],
      ["/api/banners/{id}", "put"],
      ["/api/banners/{id}", "delete"],
    ]) {
      expect(paths[path]?.[method]?.description, `${method} ${path}`).toBeTruthy();
    }
  });
});
