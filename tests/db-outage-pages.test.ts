import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { buildApp, type NuggetApp } from "../server/app.ts";
import { PAGE_UNAVAILABLE } from "../server/lib/page-services.ts";
import { BUILD_DIR, built } from "./support/app.ts";
import { registerByEmail } from "./support/client.ts";
import { makeEntry } from "./support/factories.ts";
import { testConfig } from "./support/test-config.ts";

/**
 * A TCP relay in front of the test's PostgreSQL: `cut()` drops every connection and refuses new
 * ones, as a database that went away does; `mend()` lets them through again.
 */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: Object.assign(new URL(target), { port: String(port) }).toString(),
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    mend: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Pages while the database is away: 503 with the error view in Chinese, as the API answers 503
//. PostgreSQL only: an embedded PGlite cannot go away.
describe.skipIf(!process.env.DATABASE_URL || !built)("pages while the database is away", () => {
  let link: Awaited<ReturnType<typeof relay>>;
  let database: Database;
  let nugget: NuggetApp;
  let entryId: string;
  let cookie: string;
  beforeAll(async () => {
    link = await relay(new URL(process.env.DATABASE_URL!));
    database = await openDatabase({ databaseUrl: link.url, dataDir: ":memory:" });
    nugget = await buildApp({ config: testConfig(), database, buildDir: BUILD_DIR });
    const author = await registerByEmail(nugget);
    entryId = (await makeEntry(database.db, author.user.id)).id;
    const login = await nugget.app.inject({
      method: "POST",
      url: "/api/auth/type/email",
      payload: { email: author.email, password: author.password },
    });
    cookie = String(login.headers["set-cookie"]);
  }, 30_000);
  afterAll(async () => {
    await link.mend().catch(() => {});
    await nugget?.app.close();
    await database?.close();
    await link?.close();
  });

  it("answers 503 with the error view, and pages again once it is back", async () => {
    await link.cut();
    for (const [url, headers] of [
      [`/entry/${entryId}`, {}],
      ["/", {}],
      // A signed-in reader's session cannot be read: the page's 503 too, not the API's JSON.
      [`/entry/${entryId}`, { cookie }],
      // A page for signed-in readers only: its 503 as well, not "please log in".
      ["/notification", { cookie }],
    ] as const) {
      const res = await nugget.app.inject({ url, headers });
      expect([url, res.statusCode, res.headers["content-type"]]).toEqual([
        url,
        503,
        "text/html; charset=utf-8",
      ]);
      expect(res.body).toContain(PAGE_UNAVAILABLE);
      expect(res.body).toContain('class="error-view"');
      expect(res.headers["retry-after"]).toBe("5");
    }
    // A navigation's data request says the same.
    const navigation = await nugget.app.inject({ url: `/entry/${entryId}.data` });
    expect(navigation.statusCode).toBe(503);
    expect(navigation.body).toContain(PAGE_UNAVAILABLE);
    // The API keeps its envelope.
    const api = await nugget.app.inject({ url: `/api/getEntry?entryId=${entryId}` });
    expect([api.statusCode, api.json().s]).toEqual([503, 503]);

    await link.mend();
    let back = 0;
    for (let i = 0; i < 50 && back !== 200; i++) {
      back = (await nugget.app.inject({ url: `/entry/${entryId}`, headers: { cookie } })).statusCode;
      if (back !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(back).toBe(200);
  });
});
