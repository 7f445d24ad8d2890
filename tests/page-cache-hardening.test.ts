import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { BUILD_DIR, built, uniqueIp, useTestApp, withPageCache } from "./support/app.ts";
import { registerByEmail } from "./support/client.ts";

/**
 * Issue 29's page cache findings, over a socket (the front before Fastify) and through inject (the
 * hooks): H1, a HEAD that stored an empty page for everyone; H2, a signed-in page stored as the
 * public copy because the cache and the session read the Cookie header with two parsers; M1, every
 * made-up query string a page of its own.
 */
describe.skipIf(!built)("page cache hardening", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), withPageCache(), BUILD_DIR);

  const address = async () =>
    nugget.app.server.listening
      ? `http://127.0.0.1:${(nugget.app.server.address() as AddressInfo).port}`
      : nugget.app.listen({ port: 0, host: "127.0.0.1" });

  /** One request over a real socket, as a browser or curl sends it. */
  async function send(
    method: "GET" | "HEAD",
    path: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
    const base = await address();
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  }
  const purgeAll = () => nugget.pageCache!.purge(["*"]);

  describe("H1: a HEAD never becomes the stored page", () => {
    for (const path of ["/zhuanlan", "/zhuanlan?k=1", "/explore/all.data"]) {
      it(`HEAD then GET of ${path} over a socket is a full page`, async () => {
        await purgeAll();
        const head = await send("HEAD", path);
        expect(head.status).toBe(200);
        expect(head.body).toBe("");
        const get = await send("GET", path);
        expect(get.status).toBe(200);
        expect(get.headers["x-cache"]).toBe("miss");
        expect(get.body.length).toBeGreaterThan(500);
        expect(Number(get.headers["content-length"] ?? get.body.length)).toBeGreaterThan(500);
        // Stored now by the GET: a HEAD is answered from it, the GET's length and no body.
        const again = await send("HEAD", path);
        expect(again.headers["x-cache"]).toBe("hit");
        expect(Number(again.headers["content-length"])).toBe(Buffer.byteLength(get.body));
        expect(again.body).toBe("");
        const hit = await send("GET", path);
        expect(hit.headers["x-cache"]).toBe("hit");
        expect(hit.body.length).toBe(get.body.length);
      });
    }

    it("HEAD then GET through the hooks (inject) is a full page", async () => {
      await purgeAll();
      const head = await nugget.app.inject({ method: "HEAD", url: "/pins", remoteAddress: uniqueIp() });
      expect(head.statusCode).toBe(200);
      expect(head.headers["set-cookie"]).toBeUndefined();
      const get = await nugget.app.inject({ method: "GET", url: "/pins", remoteAddress: uniqueIp() });
      expect(get.headers["x-cache"]).toBe("miss");
      expect(get.body.length).toBeGreaterThan(500);
      const hit = await nugget.app.inject({ method: "GET", url: "/pins", remoteAddress: uniqueIp() });
      expect(hit.headers["x-cache"]).toBe("hit");
      expect(hit.body.length).toBe(get.body.length);
    });
  });

  describe("H2: a signed-in render is never stored", () => {
    it("takes `nugget_session= <token>` (a space after =) as the login it is", async () => {
      const reader = await registerByEmail(nugget);
      await purgeAll();
      const signedIn = await send("GET", "/about", { cookie: `nugget_session= ${reader.auth.token}` });
      expect(signedIn.status).toBe(200);
      // The session plugin reads it as a login, and so does the cache: not a shared answer.
      expect(signedIn.body).toContain(reader.email);
      expect(signedIn.headers["cache-control"]).toBe("private, no-cache");
      expect(signedIn.headers["x-cache"]).toBeUndefined();
      const visitor = await send("GET", "/about");
      expect(visitor.headers["x-cache"]).toBe("miss");
      expect(visitor.body).not.toContain(reader.email);
      expect(visitor.body).not.toContain(reader.auth.uid);
    });

    /** Ways of writing a session cookie (or the API's triple) that some parser may read and another not. */
    const spellings = (token: string, uid: string) => {
      const name = fc.constantFrom(
        "nugget_session",
        "NUGGET_SESSION",
        "Nugget_Session",
        " nugget_session",
        "nugget_session ",
        "nugget_session\t",
      );
      const equals = fc.constantFrom("=", "= ", " =", " = ", "=\t", "==");
      const value = fc.constantFrom(
        token,
        token,
        `"${token}"`,
        `${token} `,
        ` "${token}" `,
        encodeURIComponent(token).replace(/[a-f]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
        `${token};`,
        `${token},x=1`,
        "",
        "%",
        `${token}%zz`,
      );
      const separator = fc.constantFrom("; ", ";", ";;", " ; ", ", ", ";\t");
      const other = fc.constantFrom("", "theme=dark", "x=1", "nugget_session=bogus", "nugget_session=", "a");
      const cookie = fc
        .tuple(name, equals, value, separator, other, fc.boolean())
        .map(([n, eq, v, sep, o, first]) => {
          const own = `${n}${eq}${v}`;
          if (!o) return own;
          return first ? `${own}${sep}${o}` : `${o}${sep}${own}`;
        });
      // Mostly the cookie alone: a triple's token would decide before any cookie is read.
      const triple = fc.oneof(
        { weight: 3, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.record(
            { token: fc.constantFrom(token, ` ${token}`, ""), uid: fc.constantFrom(uid, "", "x") },
            { requiredKeys: [] },
          ),
        },
      );
      const query = fc.constantFrom(
        "",
        "",
        "",
        "",
        "",
        `?token=${token}`,
        `?TOKEN=${token}`,
        `?%74oken=${token}`,
        `?token=${token}&token=${token}`,
        `?token=&uid=${uid}`,
        `?token=${encodeURIComponent(token)}&uid=${uid}`,
        "?k=1",
      );
      return fc.record({ cookie: fc.option(cookie, { nil: undefined, freq: 8 }), triple, query });
    };

    it("whatever the spelling of the cookie, the header triple or the query, stores no page made for a reader", async () => {
      const reader = await registerByEmail(nugget);
      const seen = { signedIn: 0, anonymous: 0 };
      await fc.assert(
        fc.asyncProperty(spellings(reader.auth.token, reader.auth.uid), async ({ cookie, triple, query }) => {
          await purgeAll();
          const headers: Record<string, string> = { ...triple };
          if (cookie !== undefined) headers.cookie = cookie;
          const answer = await send("GET", `/about${query}`, headers);
          const forReader = answer.body.includes(reader.email);
          if (forReader) {
            seen.signedIn++;
            expect(answer.headers["cache-control"]).toBe("private, no-cache");
            expect(answer.headers["x-cache"]).toBeUndefined();
          } else seen.anonymous++;
          // What every visitor is handed next never holds the reader's page (a visitor's own
          // URL: the query above may carry the reader's token, which makes whoever sends it them).
          for (const visitorPath of ["/about", "/about?k=2"]) {
            const visitor = await send("GET", visitorPath);
            expect(visitor.body).not.toContain(reader.email);
          }
        }),
        { numRuns: 60, seed: 29 },
      );
      // The spellings reached both sides: a property over only one of them would prove little.
      expect(seen.signedIn).toBeGreaterThan(0);
      expect(seen.anonymous).toBeGreaterThan(0);
    }, 120_000);
  });

  describe("M1: made-up query strings do not make pages of their own", () => {
    it("serves ?k=N from the one stored page, rendered once, and keeps the parameters a page reads", async () => {
      await purgeAll();
      const before = nugget.pageCache!.renders;
      const first = await send("GET", "/zhuanlan?k=0");
      expect(first.headers["x-cache"]).toBe("miss");
      for (let k = 1; k <= 60; k++) {
        const r = await send("GET", `/zhuanlan?k=${k}&utm_source=x${k}`);
        expect(r.headers["x-cache"]).toBe("hit");
      }
      expect(nugget.pageCache!.renders - before).toBe(1);
      // A parameter the page reads is a page of its own.
      const sorted = await send("GET", "/zhuanlan?sort=hottest&k=1");
      expect(sorted.headers["x-cache"]).toBe("miss");
      expect((await send("GET", "/zhuanlan?sort=hottest&k=2")).headers["x-cache"]).toBe("hit");
      // An API list keeps what its querystring schema names, and nothing else.
      const api = await send("GET", "/api/get_entry_by_rank?limit=3&k=1");
      expect(api.headers["x-cache"]).toBe("miss");
      expect((await send("GET", "/api/get_entry_by_rank?limit=3&k=2")).headers["x-cache"]).toBe("hit");
      expect((await send("GET", "/api/get_entry_by_rank?limit=4&k=2")).headers["x-cache"]).toBe("miss");
    });
  });
});
