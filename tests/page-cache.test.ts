import { randomBytes } from "node:crypto";
import { get as httpGet, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import {
  BUILD_DIR,
  built,
  countingTestApp,
  testApp,
  uniqueIp,
  useTestApp,
  withPageCache,
} from "./support/app.ts";
import { call, registerByEmail } from "./support/client.ts";
import { makeEntry, makeTag, makeUsers } from "./support/factories.ts";
import { sessions } from "../db/schema/index.ts";
import { eq } from "drizzle-orm";

/** The anonymous page cache end to end: SSR pages and JSON lists through the whole app. */
describe.skipIf(!built)("anonymous page cache", () => {
  let nugget: NuggetApp;
  const settings = withPageCache();

  useTestApp((n) => (nugget = n), settings, BUILD_DIR);

  /**
   * A URL no stored page answers yet: every stored page purged. (A made-up query parameter no
   * longer makes a key of its own: the cache keeps only the parameters a route reads.)
   */
  const fresh = async (url: string) => {
    await nugget.pageCache!.purge(["*"]);
    return url;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    nugget.app.inject({ method: "GET", url, headers, remoteAddress: uniqueIp() });
  /** The app over a socket (the page cache's front answers there; inject goes past it). */
  const listening = async () =>
    nugget.app.server.listening
      ? `http://127.0.0.1:${(nugget.app.server.address() as AddressInfo).port}`
      : nugget.app.listen({ port: 0, host: "127.0.0.1" });
  const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

  it("serves a public page as a miss, then a hit with a fresh nonce, no cookie and public caching", async () => {
    const url = await fresh("/explore/all");
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    const second = await get(url);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body.length).toBeGreaterThan(1000);
    for (const r of [first, second]) {
      expect(r.headers["set-cookie"]).toBeUndefined();
      expect(String(r.headers["cache-control"])).toMatch(
        /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
      );
      // Accept-Encoding too, though this client asked for none: a shared cache must not hand
      // this plain copy's key a compressed one, or the other way round (plugins/compress.ts).
      expect(r.headers.vary).toBe("Cookie, Accept-Encoding");
      // The nonce in the header is the one every script in the page carries.
      const nonce = nonceOf(r.headers["content-security-policy"]);
      expect(nonce).toBeTruthy();
      expect(r.body).toContain(`nonce="${nonce}"`);
    }
    const nonces = new Set<string | undefined>(
      [first, second].map((r) => nonceOf(r.headers["content-security-policy"])),
    );
    for (let i = 0; i < 5; i++) nonces.add(nonceOf((await get(url)).headers["content-security-policy"]));
    expect(nonces.size).toBe(7);
    // Browsers take gzip: a hit answers a pre-compressed stream carrying its own nonce.
    const zipped = await get(url, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["x-cache"]).toBe("hit");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Cookie, Accept-Encoding");
    const html = gunzipSync(zipped.rawPayload).toString();
    const zippedNonce = nonceOf(zipped.headers["content-security-policy"]);
    expect(html).toContain(`nonce="${zippedNonce}"`);
    expect(html.length).toBe(second.body.length);
    // Client navigations read loader data, cached the same way.
    const data = await fresh("/explore/all.data");
    expect((await get(data)).headers["x-cache"]).toBe("miss");
    expect((await get(data)).headers["x-cache"]).toBe("hit");
  });

  it("never serves or stores a page for a logged-in viewer, nor shows one person's state to another", async () => {
    const a = await registerByEmail(nugget);
    const b = await registerByEmail(nugget);
    const url = await fresh("/explore/all");
    const asA = await get(url, { cookie: `nugget_session=${a.auth.token}` });
    expect(asA.statusCode).toBe(200);
    expect(asA.headers["x-cache"]).toBeUndefined();
    expect(asA.headers["cache-control"]).toBe("private, no-cache");
    // The header's avatar menu is the logged-in person's own.
    const menuOf = (name: string) => `${name}的菜单`;
    expect(asA.body).toContain(menuOf(a.username));
    // A's render was not kept: the visitor renders their own, without A in it.
    const anon = await get(url);
    expect(anon.headers["x-cache"]).toBe("miss");
    expect(anon.body).not.toContain(menuOf(a.username));
    expect((await get(url)).headers["x-cache"]).toBe("hit");
    // B comes after the visitor's page is cached and still gets a page of their own.
    // The hit path reads the Cookie header before cookies are parsed: the session among others is found.
    const asB = await get(url, { cookie: `theme=dark; nugget_session=${b.auth.token}; x=1` });
    expect(asB.headers["x-cache"]).toBeUndefined();
    expect(asB.body).toContain(menuOf(b.username));
    expect(asB.body).not.toContain(menuOf(a.username));
    // An empty session cookie is nobody's: the visitor's copy.
    expect((await get(url, { cookie: "nugget_session=; theme=dark" })).headers["x-cache"]).toBe("hit");
    // The API's auth triple is a login too (a list without a viewer overlay: the categories).
    const api = await call(nugget.app, "GET", "/api/categories", { auth: a.auth });
    expect(api.headers["x-cache"]).toBeUndefined();
    expect(api.headers["cache-control"]).toBe("private, no-cache");
  });

  it("lays a signed-in reader's likes over a cached list, and renders for whoever just wrote", async () => {
    const db = nugget.database.db;
    const [author, a, b] = await makeUsers(nugget, 3);
    const tag = await makeTag(db);
    const x = await makeEntry(db, author.user.id, { title: "叠加甲" }, [tag.id]);
    const y = await makeEntry(db, author.user.id, { title: "叠加乙" }, [tag.id]);
    // A liked x earlier (through the service: no request of A's counts as a fresh write).
    await nugget.services.likes.like(x.id, {
      userId: a.user.id,
      sessionId: null,
      ip: "10.0.0.9",
      userAgent: "t",
    });
    const url = `/api/entries?sort=newest&tag=${tag.id}`;
    type Listed = { id: string; liked: boolean; isCollected: boolean; collectionCount: number };
    const likedOf = (d: { list: Listed[] }) =>
      Object.fromEntries(d.list.map((e) => [e.id, [e.liked, e.isCollected, e.collectionCount]]));

    // A signed-in miss renders the visitor's list once (kept for everyone) and lays A's likes on it.
    const asA = await call(nugget.app, "GET", url, { auth: a.auth });
    expect(asA.headers["x-cache"]).toBe("overlay-miss");
    expect(asA.headers["cache-control"]).toBe("private, no-cache");
    expect(likedOf(asA.d)).toEqual({ [x.id]: [true, true, 1], [y.id]: [false, false, 0] });
    const visitor = await get(url);
    expect(visitor.headers["x-cache"]).toBe("hit");
    expect(likedOf(visitor.json().d)).toEqual({ [x.id]: [false, false, 1], [y.id]: [false, false, 0] });

    // B reads the same cached list with B's own (no) likes, never A's.
    const asB = await call(nugget.app, "GET", url, { auth: b.auth });
    expect(asB.headers["x-cache"]).toBe("overlay-hit");
    expect(likedOf(asB.d)).toEqual({ [x.id]: [false, false, 1], [y.id]: [false, false, 0] });
    // Apart from the flags, the answer is the visitor's, byte for byte.
    expect({
      ...asB.d,
      list: asB.d.list.map((e: Listed) => ({ ...e, liked: false, isCollected: false })),
    }).toEqual(visitor.json().d);

    // With nothing of B's on the page, B gets the visitor's bytes, pre-compressed, as a private copy.
    const zipped = await nugget.app.inject({
      method: "GET",
      url,
      headers: { ...b.auth, "accept-encoding": "gzip" },
      remoteAddress: uniqueIp(),
    });
    expect([
      zipped.headers["x-cache"],
      zipped.headers["content-encoding"],
      zipped.headers["cache-control"],
    ]).toEqual(["overlay-hit", "gzip", "private, no-cache"]);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(visitor.json());

    // B likes y: B's lists render from now on, so the like and its count show at once.
    expect((await call(nugget.app, "PUT", `/api/user/like/entry/${y.id}`, { auth: b.auth })).s).toBe(1);
    const afterB = await call(nugget.app, "GET", url, { auth: b.auth });
    expect(afterB.headers["x-cache"]).toBeUndefined();
    expect(likedOf(afterB.d)).toEqual({ [x.id]: [false, false, 1], [y.id]: [true, true, 1] });
    // A wrote nothing: still the cached list, with A's likes.
    const againA = await call(nugget.app, "GET", url, { auth: a.auth });
    expect(againA.headers["x-cache"]).toBe("overlay-hit");
    expect(likedOf(againA.d)[x.id][0]).toBe(true);

    // Lists of the viewer's own subscriptions are never overlaid; a bad token is no viewer.
    const subscribed = await call(nugget.app, "GET", "/api/get_entry_by_timeline?category=subscribe", {
      auth: a.auth,
    });
    expect(subscribed.headers["x-cache"]).toBeUndefined();
    const forged = await call(nugget.app, "GET", url, { auth: { ...a.auth, token: "forged" } });
    expect(forged.headers["x-cache"]).toBeUndefined();
  });

  it("takes the authors a signed-in reader muted out of a cached feed, after the cache", async () => {
    const db = nugget.database.db;
    const [author, other, reader] = await makeUsers(nugget, 3);
    const tag = await makeTag(db);
    const theirs = await makeEntry(db, author.user.id, { title: "屏蔽甲" }, [tag.id]);
    const kept = await makeEntry(db, other.user.id, { title: "屏蔽乙" }, [tag.id]);
    // Muted through the service: no request of the reader's counts as a fresh write.
    await nugget.services.blocks.mute(author.user.id, {
      userId: reader.user.id,
      sessionId: null,
      ip: "10.0.0.9",
      userAgent: "t",
    });
    const url = `/api/entries?sort=newest&tag=${tag.id}`;
    const ids = (d: { list: { id: string }[] }) => d.list.map((e) => e.id);
    expect(ids((await get(url)).json().d)).toEqual([kept.id, theirs.id]);
    const asReader = await call(nugget.app, "GET", url, { auth: reader.auth });
    expect(asReader.headers["x-cache"]).toBe("overlay-hit");
    expect(ids(asReader.d)).toEqual([kept.id]);
    // The cached page's pointer stays: the next page goes on after the unfiltered one.
    expect(asReader.d.pointer).toBe((await get(url)).json().d.pointer);
    // A render for the reader (auth in the query: never laid over) ends with the same viewer step.
    const rendered = await call(
      nugget.app,
      "GET",
      `${url}&uid=${reader.auth.uid}&token=${reader.auth.token}&device_id=${reader.auth.client}`,
    );
    expect(rendered.headers["x-cache"]).toBeUndefined();
    expect(ids(rendered.d)).toEqual(ids(asReader.d));
    expect(rendered.d.pointer).toBe(asReader.d.pointer);
    // The author's own list is not filtered (the reader opened it on purpose).
    const own = await call(nugget.app, "GET", `/api/entries?sort=newest&userId=${author.user.id}`, {
      auth: reader.auth,
    });
    expect(ids(own.d)).toEqual([theirs.id]);
    // Anyone else reads the visitor's list as it is.
    const asOther = await call(nugget.app, "GET", url, { auth: other.auth });
    expect(ids(asOther.d)).toEqual([kept.id, theirs.id]);
    // An article's related entries (a list of the same tag) leave them out the same way.
    const related = `/api/get_related_entry?entryId=${kept.id}`;
    const relatedIds = (d: { id: string }[]) => d.map((e) => e.id);
    expect(relatedIds((await get(related)).json().d)).toEqual([theirs.id]);
    const relatedAsReader = await call(nugget.app, "GET", related, { auth: reader.auth });
    expect(relatedAsReader.headers["x-cache"]).toBe("overlay-hit");
    expect(relatedIds(relatedAsReader.d)).toEqual([]);
  });

  it("answers a reader it confirmed moments ago in front of Fastify, until their sessions end or they write", async () => {
    const db = nugget.database.db;
    const [author, reader, other] = await makeUsers(nugget, 3);
    const tag = await makeTag(db);
    const x = await makeEntry(db, author.user.id, { title: "前台甲" }, [tag.id]);
    const y = await makeEntry(db, author.user.id, { title: "前台乙" }, [tag.id]);
    await nugget.services.likes.like(x.id, {
      userId: reader.user.id,
      sessionId: null,
      ip: "10.0.0.9",
      userAgent: "t",
    });
    const url = `${await listening()}/api/entries?sort=newest&tag=${tag.id}`;
    const read = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; json: any }>((resolve, reject) =>
        httpGet(url, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            const text = res.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body;
            resolve({ headers: res.headers, json: JSON.parse(text.toString()) });
          });
        }).on("error", reject),
      );
    const triple = (u: typeof reader) => ({ uid: u.auth.uid, client: u.auth.client, token: u.auth.token });
    const liked = (r: { json: any }) =>
      r.json.d.list.map((e: { id: string; liked: boolean }) => [e.id, e.liked]);
    const mine = [
      [y.id, false],
      [x.id, true],
    ];

    // The first read confirms the session in the database (and renders the visitor's list once).
    const first = await read(triple(reader));
    expect([first.headers["x-cache"], liked(first)]).toEqual(["overlay-miss", mine]);
    const second = await read(triple(reader));
    expect([second.headers["x-cache"], second.headers["cache-control"], liked(second)]).toEqual([
      "overlay-hit",
      "private, no-cache",
      mine,
    ]);
    // The same reader by the web's cookie, among others; someone else still sees only their own.
    const byCookie = await read({ cookie: `theme=dark; nugget_session=${reader.auth.token}` });
    expect([byCookie.headers["x-cache"], liked(byCookie)]).toEqual(["overlay-hit", mine]);
    expect(liked(await read(triple(other)))).toEqual([
      [y.id, false],
      [x.id, false],
    ]);
    // A uid that is not the token's owner is nobody: never the owner's state.
    const wrongUid = await read({ ...triple(reader), uid: other.user.id });
    expect(wrongUid.headers["x-cache"]).toBeUndefined();
    expect(liked(wrongUid)).toEqual([
      [y.id, false],
      [x.id, false],
    ]);

    // The front answered without asking the database: a row removed behind auth's back is not
    // noticed (the session is trusted for RECENT_MS) …
    await db.delete(sessions).where(eq(sessions.userId, other.user.id));
    expect((await read(triple(other))).headers["x-cache"]).toBe("overlay-hit");
    // … while ending sessions through auth tells every instance at once: logout, and the
    // password change's end of every session.
    await nugget.services.auth.endSessions(db, other.user.id);
    expect((await read(triple(other))).headers["x-cache"]).toBeUndefined();
    expect((await call(nugget.app, "DELETE", "/api/auth", { auth: reader.auth })).s).toBe(1);
    const afterLogout = await read(triple(reader));
    expect(afterLogout.headers["x-cache"]).toBeUndefined();
    expect(liked(afterLogout)).toEqual([
      [y.id, false],
      [x.id, false],
    ]);

    // A reader who writes gets their lists rendered, so the like shows at once.
    const [writer] = await makeUsers(nugget, 1);
    expect((await read(triple(writer))).headers["x-cache"]).toBe("overlay-hit");
    expect((await call(nugget.app, "PUT", `/api/user/like/entry/${y.id}`, { auth: writer.auth })).s).toBe(1);
    const afterLike = await read(triple(writer));
    expect(afterLike.headers["x-cache"]).toBeUndefined();
    expect(liked(afterLike)).toEqual([
      [y.id, true],
      [x.id, false],
    ]);
  });

  it("renders a signed-in list once for 30 concurrent overlay misses", async () => {
    const reader = await registerByEmail(nugget);
    const url = await fresh("/api/get_entry_by_rank?limit=7");
    const before = nugget.pageCache!.renders;
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => call(nugget.app, "GET", url, { auth: reader.auth })),
    );
    expect(replies.every((r) => r.s === 1 && r.d.list.length > 0)).toBe(true);
    expect(nugget.pageCache!.renders - before).toBe(1);
  });

  it("keeps only 200s: not an error, nor a page that was not found", async () => {
    const bad = `/api/search?query=${"长".repeat(40)}`;
    expect((await get(bad)).statusCode).toBe(400);
    const again = await get(bad);
    expect(again.headers["x-cache"]).toBe("miss");
    expect(again.headers["cache-control"]).toBe("private, no-cache");
    const missing = `/post/${randomBytes(12).toString("hex")}`;
    expect((await get(missing)).statusCode).toBe(404);
    const missingAgain = await get(missing);
    expect(missingAgain.statusCode).toBe(404);
    // A flood of made-up ids renders each one (a lookup by key), stores none.
    expect(missingAgain.headers["x-cache"]).toBe("miss");
    expect(missingAgain.headers["cache-control"]).toBe("private, no-cache");
  });

  it("drops a deleted entry from its cached pages and from cached lists at once", async () => {
    const author = await registerByEmail(nugget);
    const tag = await makeTag(nugget.database.db);
    const entry = await makeEntry(nugget.database.db, author.user.id, { title: "将被删除的文章" }, [tag.id]);
    const page = `/entry/${entry.id}`;
    const list = `/api/entries?sort=newest&tag=${tag.id}`;
    const tagPage = `/tag/${encodeURIComponent(tag.title)}`;
    for (const url of [page, list, tagPage]) {
      await get(url);
      const hit = await get(url);
      expect(hit.headers["x-cache"], url).toBe("hit");
      expect(hit.body, url).toContain("将被删除的文章");
    }
    const del = await call(nugget.app, "POST", "/api/entryDel", {
      body: { entryId: entry.id },
      auth: author.auth,
    });
    expect(del.s).toBe(1);
    const gone = await get(page);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain("将被删除的文章");
    const listAfter = await get(list);
    expect(listAfter.headers["x-cache"]).toBe("miss");
    expect(listAfter.json().d.list ?? listAfter.json().d).not.toContainEqual(
      expect.objectContaining({ id: entry.id }),
    );
    expect((await get(tagPage)).body).not.toContain("将被删除的文章");
  });

  it("renders once for 50 concurrent misses of one page", async () => {
    const url = await fresh("/explore/all");
    const before = nugget.pageCache!.renders;
    const replies = await Promise.all(Array.from({ length: 50 }, () => get(url)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(replies.filter((r) => r.headers["x-cache"] === "miss")).toHaveLength(1);
    expect(nugget.pageCache!.renders - before).toBe(1);
  });

  it("serves a stale page while refreshing it in the background", async () => {
    const quick = await testApp(
      { pageCache: { ...settings.pageCache!, ttl: { list: 1, detail: 1, search: 1, api: 1 }, swr: 60 } },
      BUILD_DIR,
    );
    try {
      const url = await fresh("/explore/all");
      const at = (u: string) => quick.app.inject({ method: "GET", url: u, remoteAddress: uniqueIp() });
      expect((await at(url)).headers["x-cache"]).toBe("miss");
      await new Promise((r) => setTimeout(r, 1100));
      expect((await at(url)).headers["x-cache"]).toBe("stale");
      for (let i = 0; i < 50 && quick.pageCache!.renders < 2; i++)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 100));
      expect((await at(url)).headers["x-cache"]).toBe("hit");
    } finally {
      await quick.app.close();
      await quick.database.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)("shares hits between two instances on one Redis", async () => {
    const other = await testApp(settings, BUILD_DIR);
    try {
      const url = await fresh("/explore/all");
      expect((await get(url)).headers["x-cache"]).toBe("miss");
      const there = await other.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });
      expect(there.headers["x-cache"]).toBe("hit");
      // A purge on one instance is seen by the other at once.
      await other.pageCache!.purge(["*"]);
      expect((await get(url)).headers["x-cache"]).toBe("miss");
    } finally {
      await other.app.close();
      await other.database.close();
    }
  });

  it("answers hits over a socket before Fastify: the render's headers, a fresh nonce, gzip as asked, never to a login", async () => {
    const address = await listening();
    const url = `${address}${await fresh("/explore/all")}`;
    const raw = (headers: Record<string, string> = {}) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
        httpGet(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject),
      );
    const first = await raw();
    expect(first.headers["x-cache"]).toBe("miss");
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const hit = await raw({ "accept-encoding": "gzip" });
      expect(hit.headers["x-cache"]).toBe("hit");
      expect(hit.headers["content-encoding"]).toBe("gzip");
      expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(hit.headers["cache-control"]).toMatch(/^public, /);
      // helmet's headers came with the render and are replayed.
      expect(hit.headers["x-content-type-options"]).toBe("nosniff");
      const nonce = nonceOf(hit.headers["content-security-policy"])!;
      expect(gunzipSync(hit.body).toString()).toContain(`nonce="${nonce}"`);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
    // A session cookie passes the front by: whoever it is, they are not served the visitor's copy.
    const a = await registerByEmail(nugget);
    const asA = await raw({ cookie: `theme=dark; nugget_session=${a.auth.token}` });
    expect(asA.headers["x-cache"]).toBeUndefined();
    expect(asA.headers["cache-control"]).toBe("private, no-cache");
    // As does the auth triple in the query, its keys decoded as the session plugin decodes them.
    expect((await raw()).headers["x-cache"]).toBe("hit");
    const viaQuery = await fetch(
      `${url}&%74oken=${a.auth.token}&%75id=${a.auth.uid}&client=${a.auth.client}`,
    );
    expect(viaQuery.headers.get("x-cache")).not.toBe("hit");
  });

  it("renders a stored page it cannot write instead of failing the request or the process", async () => {
    const address = await listening();
    const path = await fresh("/explore/all");
    const rule = nugget.cacheTarget("GET", path)!.rule;
    const store = nugget.pageCache!.store;
    const { gens } = await store.read(path, rule.scopes);
    // A header Node refuses to send (a line break in its value).
    await store.write(
      path,
      {
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8", "x-broken": "a\nb" },
        body: Buffer.from("<!doctype html><p>stored</p>"),
        nonce: null,
        storedAt: Date.now(),
        freshMs: 60_000,
        gens,
      },
      60_000,
    );
    for (const read of [() => fetch(address + path), () => nugget.app.inject({ url: path })]) {
      const res = await read();
      const status = "status" in res ? res.status : res.statusCode;
      expect(status).toBe(200);
      const body =
        "text" in res && typeof res.text === "function" ? await res.text() : (res as { body: string }).body;
      expect(body).not.toContain("<p>stored</p>");
      expect(body).toContain("</html>");
    }
    expect((await fetch(`${address}/healthz`)).status).toBe(200);
  });

  // Last: the instance stays draining.
  it("closes the connection after a hit while the instance drains, as after any answer", async () => {
    const url = await fresh("/explore/all");
    await get(url);
    expect((await get(url)).headers.connection).not.toBe("close");
    nugget.drain.start();
    const hit = await get(url);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers.connection).toBe("close");
  });
});

/** Signed-in reads of cached feeds ask whom the reader hides only of readers who hide someone. */
describe("the mute filter's query on signed-in reads of cached feeds", () => {
  let counting: Awaited<ReturnType<typeof countingTestApp>>;
  beforeAll(async () => {
    counting = await countingTestApp(withPageCache());
  });
  afterAll(async () => {
    await counting?.nugget.app.close();
    await counting?.nugget.database.close();
  });

  it("is not sent for a reader who muted nobody, and is once they have", async () => {
    const { nugget, record } = counting;
    const db = nugget.database.db;
    const [author, reader] = [await registerByEmail(nugget), await registerByEmail(nugget)];
    const tag = await makeTag(db);
    const entry = await makeEntry(db, author.user.id, { title: "静音查询" }, [tag.id]);
    const url = `/api/entries?sort=newest&tag=${tag.id}`;
    await nugget.app.inject({ method: "GET", url, remoteAddress: uniqueIp() }); // cached for visitors
    const read = async () => {
      let answer: Awaited<ReturnType<typeof call<{ list: { id: string }[] }>>> | undefined;
      const texts = await record(async () => {
        answer = await call<{ list: { id: string }[] }>(nugget.app, "GET", url, { auth: reader.auth });
      });
      expect(answer!.headers["x-cache"]).toBe("overlay-hit");
      return {
        ids: answer!.d.list.map((e) => e.id),
        hiddenQueries: texts.filter((t) => /^select "target_id" from "user_blocks"/.test(t)).length,
      };
    };
    expect(await read()).toEqual({ ids: [entry.id], hiddenQueries: 0 });
    await nugget.services.blocks.mute(author.user.id, {
      userId: reader.user.id,
      sessionId: null,
      ip: "10.0.0.9",
      userAgent: "t",
    });
    expect(await read()).toEqual({ ids: [], hiddenQueries: 1 });
  });

  it("asks many readers' likes on their lists in one statement, each reader answered with their own", async () => {
    const { nugget, record } = counting;
    const db = nugget.database.db;
    const [author, ...readers] = await makeUsers(nugget, 7);
    const made: { id: string }[] = [];
    for (let i = 0; i < 4; i++) made.push(await makeEntry(db, author.user.id, { title: `批量${i}` }));
    const list = made.map((e) => ({ id: e.id, liked: false, isCollected: false }));
    // Reader i likes entry i (for i < 4); the others like nothing.
    for (let i = 0; i < 4; i++)
      await nugget.services.likes.like(made[i].id, {
        userId: readers[i].user.id,
        sessionId: null,
        ip: "10.0.0.9",
        userAgent: "t",
      });
    const caller = (userId: string) => ({ userId, sessionId: null, ip: "10.0.0.9", userAgent: "t" });
    let answers: { id: string; liked: boolean }[][] = [];
    const texts = await record(async () => {
      answers = await Promise.all(
        readers.map((r) => nugget.services.entries.personalize(list, caller(r.user.id))),
      );
    });
    expect(texts.filter((t) => /from "entry_likes"/.test(t))).toHaveLength(1);
    answers.forEach((answer, i) =>
      expect(answer.filter((e) => e.liked).map((e) => e.id)).toEqual(i < 4 ? [made[i].id] : []),
    );
    // Nothing of the reader's on the list: the same array back (the visitor's bytes go out as they are).
    expect(answers[5]).toBe(list);
  });
});
