/**
 * A lost Redis degrades the site, never ends it: the app runs against a redis-server of
 * this test's own, which the test kills and starts again. Reads and pages keep answering; what needs
 * the shared store (login windows, captchas) answers 503 「服务繁忙，请稍后再试」 within a second;
 * rate limits and operation allowances fall back to per-instance counts; /readyz tells the balancer; everything comes back
 * by itself when Redis does. Started while Redis is down, the app starts degraded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type NuggetApp } from "../server/app.ts";
import { OPERATION_LIMITS } from "../server/lib/operation-limits.ts";
import { SERVICE_BUSY } from "../server/lib/redis.ts";
import { testApp, testDatabase, uniqueIp, withPageCache } from "./support/app.ts";
import { call, registerByEmail } from "./support/client.ts";
import { makeEntry } from "./support/factories.ts";
import { testConfig } from "./support/test-config.ts";
import { until } from "./support/wait.ts";

/** A line of the app's log (pino's JSON). */
type LogLine = { msg: string; req?: unknown; res?: unknown };

const REDIS_SERVER = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => fs.existsSync(p));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER!,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  if (!(await until(() => answers(port), 10_000, 100)))
    throw new Error(`redis-server on ${port} did not start`);
  return child;
}

async function stopRedis(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** A call and how long it took. */
async function timed(work: () => Promise<Awaited<ReturnType<typeof call>>>) {
  const started = Date.now();
  const r = await work();
  return { r, ms: Date.now() - started };
}

describe.skipIf(!REDIS_SERVER)("Redis lost and back (own redis-server)", () => {
  let port: number;
  let redis: ChildProcess | undefined;
  let nugget: NuggetApp;
  let person: Awaited<ReturnType<typeof registerByEmail>>;
  let reader: Awaited<ReturnType<typeof registerByEmail>>;
  let entryId: string;
  const logged: LogLine[] = [];
  /** The lines logged since `from`, but Fastify's two a request. */
  const linesSince = (from: number) => logged.slice(from).filter((line) => !line.req && !line.res);

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    // Logging at info as in production, into `logged` (the outage's lines are counted).
    nugget = await buildApp({
      config: testConfig({ redisUrl: `redis://127.0.0.1:${port}`, logLevel: "info", ...withPageCache() }),
      database: await testDatabase(),
      logStream: { write: (line) => logged.push(JSON.parse(line) as LogLine) },
    });
    person = await registerByEmail(nugget);
    reader = await registerByEmail(nugget);
    entryId = (await makeEntry(nugget.database.db, person.auth.uid, { title: "Redis 断开时也能读" })).id;
  }, 30_000);
  afterAll(async () => {
    await nugget?.app.close();
    await nugget?.database.close();
    if (redis && redis.exitCode === null) await stopRedis(redis);
  });

  const login = () =>
    call(nugget.app, "POST", "/api/auth/type/email", {
      body: { email: person.email, password: person.password },
      ip: uniqueIp(),
    });

  it("works normally while Redis is up", async () => {
    expect((await login()).s).toBe(1);
    expect((await call(nugget.app, "GET", "/api/v1/getRandCode")).s).toBe(1);
    const ready = await call(nugget.app, "GET", "/readyz");
    expect([ready.status, ready.d]).toEqual([200, { database: "ok", redis: "ok" }]);
  });

  it("keeps reads answering and fails what needs Redis fast with 503, then recovers by itself", async () => {
    const before = logged.length;
    await stopRedis(redis!);

    // Reads: a public list (page cache store away: rendered instead), search (its rate limit
    // counts in this process), one entry, counting a view (not counted, not failed).
    for (const url of [
      "/api/get_entry_by_rank?limit=5",
      "/api/search?query=Redis",
      `/api/getEntry?entryId=${entryId}`,
      `/api/getEntryView?entryId=${entryId}`,
    ]) {
      const { r, ms } = await timed(() => call(nugget.app, "GET", url, { ip: uniqueIp() }));
      expect([url, r.status, r.s]).toEqual([url, 200, 1]);
      expect(ms).toBeLessThan(1000);
    }
    // Logged-in reads and writes that need only the database go on too.
    // (A reader's like notifies the author: the live count's signal cannot reach other instances.)
    const liked = await call(nugget.app, "PUT", `/api/user/like/entry/${entryId}`, { auth: reader.auth });
    expect([liked.status, liked.s]).toEqual([200, 1]);
    // Allowances kept per operation count in this process meanwhile, at the same limits.
    const guess = (old_password: string) =>
      call(nugget.app, "POST", "/api/v1/changePassword", {
        auth: person.auth,
        body: { old_password, new_password: "new-password-1" },
      });
    for (let i = 0; i < OPERATION_LIMITS.password.max; i++)
      expect((await guess(`guess-${i}`)).status).toBe(400);
    expect((await guess(person.password)).status).toBe(429);

    // What needs the shared store: a clear 503 within a second, no 500, no hang.
    for (const work of [login, () => call(nugget.app, "GET", "/api/v1/getRandCode")]) {
      const { r, ms } = await timed(work);
      expect([r.status, r.s, r.m]).toEqual([503, 503, SERVICE_BUSY]);
      expect(ms).toBeLessThan(1000);
    }
    const ready = await call(nugget.app, "GET", "/readyz");
    expect([ready.status, ready.d]).toEqual([503, { database: "ok", redis: "down" }]);
    expect((await call(nugget.app, "GET", "/healthz")).status).toBe(200);

    // Redis returns (empty: it keeps nothing): everything works again without a restart.
    redis = await startRedis(port);
    expect(await until(async () => (await login()).s === 1, 10_000, 100)).toBe(true);
    expect((await call(nugget.app, "GET", "/api/v1/getRandCode")).s).toBe(1);
    expect((await call(nugget.app, "GET", "/readyz")).status).toBe(200);

    // Two lines for the whole outage, however much failed in it (the page cache's store, the
    // signed-in write's mark, the captcha, the login window…): when it began and when it ended.
    await until(async () => linesSince(before).length >= 2, 5000, 50);
    expect(linesSince(before).map((line) => line.msg)).toEqual([
      expect.stringContaining("Redis 不可用"),
      expect.stringMatching(/^Redis 已恢复：断开约 \d+ 秒，其间 [1-9]\d* 次操作失败/),
    ]);
  }, 30_000);

  it("starts degraded while Redis is down, and comes up when it does", async () => {
    const laterPort = await freePort();
    const started = Date.now();
    const degraded = await testApp({ redisUrl: `redis://127.0.0.1:${laterPort}` });
    try {
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await call(degraded.app, "GET", "/api/get_entry_by_rank?limit=5")).s).toBe(1);
      expect((await call(degraded.app, "GET", "/api/v1/getRandCode")).status).toBe(503);
      const late = await startRedis(laterPort);
      try {
        expect(
          await until(
            async () => (await call(degraded.app, "GET", "/api/v1/getRandCode")).s === 1,
            10_000,
            100,
          ),
        ).toBe(true);
      } finally {
        await stopRedis(late);
      }
    } finally {
      await degraded.app.close();
      await degraded.database.close();
    }
  }, 40_000);
});
