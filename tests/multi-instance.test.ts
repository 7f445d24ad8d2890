import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_TAGS, CATEGORY_ID } from "../db/reference-data.ts";
import { uniqueEmail, uniqueIp, uniqueUsername } from "./support/app.ts";
import { BUILD_DIR, built } from "./support/app.ts";
import { freePorts, NGINX, startNginx, type RunningNginx } from "./support/nginx.ts";
import { startS3 } from "./support/s3.ts";
import { REGISTRATIONS } from "../server/lib/rate-limits.ts";
import { waitFor } from "./support/wait.ts";

/**
 * Issue 9, many instances: two real app processes (server/main.ts, the production build) on one
 * PostgreSQL and one Redis, behind nginx running deploy/nginx.conf, all on loopback ports. Talking to
 * A and B directly and through nginx, it proves what an operator relies on: sessions, rate limits,
 * notifications, jobs and the page cache are shared, and SIGTERM drains an instance without one
 * request through nginx failing. PGlite cannot be shared between processes: PostgreSQL only.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const cannot =
  !DATABASE_URL || !REDIS_URL
    ? "needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis shared by the instances)"
    : !fs.existsSync(NGINX)
      ? `needs nginx at ${NGINX} (apt-get install nginx)`
      : !built
        ? `needs the build in ${BUILD_DIR} (npm run build)`
        : null;

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

/** A real instance, as an operator starts it, trusting only the loopback balancer's forwarded headers. */
function startInstance(
  name: string,
  port: number,
  publicUrl: string,
  env: Record<string, string> = {},
): Instance {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    DATABASE_URL,
    REDIS_URL,
    NUGGET_BUILD_DIR: BUILD_DIR,
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "warn",
    // The shared test database holds every test file's users: no demo data, no mail to them, no
    // periodic job rewriting their rows.
    SEED_ON_EMPTY: "0",
    MAIL_DIGESTS: "0",
    COUNTER_REPAIR: "0",
    TRACKING_RETENTION_DAYS: "0",
    ...env,
  };
  // Vitest's NODE_ENV=test would make React render with its development build.
  delete childEnv.NODE_ENV;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { name, url: `http://127.0.0.1:${port}`, process: child, output: () => output, exit };
}

async function waitReady(instance: Instance, ms = 50_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null)
      throw new Error(
        `${instance.name} exited (${instance.process.exitCode ?? instance.process.signalCode}):\n${instance.output()}`,
      );
    const status = await fetch(`${instance.url}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`${instance.name} not ready after ${ms} ms:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Auth {
  uid: string;
  client: string;
  token: string;
}
interface Reply {
  status: number;
  s: number;
  m: string;
  d: any;
  headers: Headers;
  session: string | undefined;
}

/** One API call the way a client makes it, from `ip` as the balancer reports it. */
async function api(
  base: string,
  method: "GET" | "POST" | "DELETE",
  url: string,
  o: { body?: unknown; auth?: Auth; cookie?: string; ip?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { "x-forwarded-for": o.ip ?? uniqueIp() };
  if (o.body !== undefined) headers["content-type"] = "application/json";
  if (o.auth) Object.assign(headers, { uid: o.auth.uid, client: o.auth.client, token: o.auth.token });
  if (o.cookie) headers.cookie = o.cookie;
  const res = await fetch(base + url, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : {};
  const session = res.headers
    .getSetCookie()
    .map((c) => /^nugget_session=([^;]*)/.exec(c)?.[1])
    .find((v) => v);
  return { status: res.status, s: json.s, m: json.m, d: json.d, headers: res.headers, session };
}

describe.skipIf(cannot)(`two instances behind nginx${cannot ? ` — skipped: ${cannot}` : ""}`, () => {
  let a: Instance;
  let b: Instance;
  let nginx: RunningNginx | undefined;
  let nginxStarted: Promise<unknown> | undefined;
  let db: pg.Client;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;

  beforeAll(async () => {
    const [portA, portB, portNginx] = await freePorts(3);
    const publicUrl = `http://127.0.0.1:${portNginx}`;
    // Uploads in one bucket both instances use (a real S3-compatible server, s3rver).
    s3 = await startS3(`nugget-multi-${randomBytes(4).toString("hex")}`);
    const bucket = {
      S3_ENDPOINT: s3.config.endpoint!,
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey!,
    };
    // A leaves in the last test: it keeps serving (and answering /readyz 503) for one second first.
    a = startInstance("A", portA, publicUrl, { ...bucket, DRAIN_DELAY: "1", DRAIN_TIMEOUT: "10" });
    b = startInstance("B", portB, publicUrl, bucket);
    db = new pg.Client({ connectionString: DATABASE_URL });
    // Kept as soon as it runs, so afterAll stops it even when an instance fails to start.
    nginxStarted = startNginx({
      listen: portNginx,
      upstreams: [portA, portB],
      clientDir: path.join(BUILD_DIR, "client"),
    }).then((running) => (nginx = running));
    await Promise.all([nginxStarted, waitReady(a), waitReady(b), db.connect()]);
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.process.exitCode === null && instance.process.signalCode === null) {
        instance.process.kill("SIGTERM");
        const timer = setTimeout(() => instance.process.kill("SIGKILL"), 15_000);
        await instance.exit;
        clearTimeout(timer);
      }
    }
    await nginxStarted?.catch(() => undefined);
    await nginx?.stop();
    await db?.end().catch(() => undefined);
    await s3?.close();
  }, 30_000);

  /** A new account, registered through `base` from an address of its own. */
  async function register(base: string) {
    const email = uniqueEmail();
    const password = "secret-pass-1";
    const r = await api(base, "POST", "/api/v1/createUser", {
      body: { username: uniqueUsername(), email, password },
    });
    expect(r.s, r.m).toBe(1);
    return { email, password, auth: { uid: r.d.user.id, client: r.d.clientId, token: r.d.token } as Auth };
  }

  it("a session made through A works through B and through nginx, and ends everywhere", async () => {
    const person = await register(a.url);
    const login = await api(a.url, "POST", "/api/auth/type/email", {
      body: { email: person.email, password: person.password },
    });
    expect([login.status, login.s], login.m).toEqual([200, 1]);
    expect(login.session).toBeTruthy();
    const auth: Auth = { uid: login.d.user.id, client: login.d.clientId, token: login.d.token };
    const cookie = `nugget_session=${login.session}`;

    for (const [base, who] of [
      [b.url, { cookie }],
      [nginx!.url, { cookie }],
      [nginx!.url, { auth }],
    ] as const) {
      const me = await api(base, "GET", "/api/v1/getUserInfo", who);
      expect([me.status, me.d?.id]).toEqual([200, person.auth.uid]);
    }
    // A signed-in list through A: the second read is answered in front of A's Fastify, from the
    // session A confirmed moments ago (page-cache-overlay.ts).
    const list = "/api/get_entry_by_rank?limit=5";
    await api(a.url, "GET", list, { auth });
    expect((await api(a.url, "GET", list, { auth })).headers.get("x-cache")).toBe("overlay-hit");
    // Logging out on B ends the session A made, and A stops trusting what it remembered of it.
    expect((await api(b.url, "DELETE", "/api/auth", { auth })).status).toBe(200);
    expect((await api(a.url, "GET", "/api/v1/getUserInfo", { cookie })).status).toBe(401);
    // The message goes through Redis: A hears it within moments, not after the 30 s it would trust it.
    await expect
      .poll(async () => (await api(a.url, "GET", list, { auth })).headers.get("x-cache"), { timeout: 3000 })
      .toBeNull();
  });

  it("a rate limit counts across both instances, per client address through nginx", async () => {
    // Registration attempts per address (REGISTRATIONS in server/lib/rate-limits.ts). An empty
    // body is refused (400) after it has been counted.
    const ip = `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < REGISTRATIONS.max; i++) {
      statuses.push(
        (await api(i % 2 ? b.url : a.url, "POST", "/api/v1/createUser", { body: {}, ip })).status,
      );
    }
    expect(statuses).toEqual(Array(REGISTRATIONS.max).fill(400));
    for (const base of [a.url, b.url, nginx!.url]) {
      const r = await api(base, "POST", "/api/v1/createUser", { body: {}, ip });
      expect([base, r.status, r.s]).toEqual([base, 429, 429]);
    }
    // Through nginx, another client (its own X-Forwarded-For, which nginx appends to) is not limited.
    expect((await api(nginx!.url, "POST", "/api/v1/createUser", { body: {} })).status).toBe(400);
  });

  it("a notification written through A shows in B's unread count", async () => {
    const author = await register(a.url);
    const fan = await register(b.url);
    const followed = await api(a.url, "POST", "/api/follow", {
      auth: fan.auth,
      body: { ids: author.auth.uid },
    });
    expect(followed.status, followed.m).toBe(200);
    const counts = await api(b.url, "GET", "/api/getUserNotificationNum", { auth: author.auth });
    expect([counts.status, counts.d?.user]).toEqual([200, 1]);
  });

  it(
    "a job sent through A runs exactly once, on whichever instance takes it",
    { timeout: 90_000 },
    async () => {
      const author = await register(a.url);
      const fan = await register(b.url);
      await api(b.url, "POST", "/api/follow", { auth: fan.auth, body: { ids: author.auth.uid } });
      const draft = await api(a.url, "POST", "/api/drafts", {
        auth: author.auth,
        body: { title: "两个实例的任务", content: "正文 **内容**" },
      });
      expect(draft.status, draft.m).toBe(200);
      // Publishing enqueues notify-followers in its transaction; both instances work that queue.
      const published = await api(a.url, "POST", `/api/drafts/${draft.d.id}/publish`, {
        auth: author.auth,
        body: { categoryId: CATEGORY_ID.frontend, tagIds: [BUILT_IN_TAGS[0].id] },
      });
      expect(published.status, published.m).toBe(200);
      const entryId = (published.d.id ?? published.d.articleId ?? published.d.entryId) as string;

      const jobs = async () =>
        (
          await db.query<{ state: string }>(
            "select state::text as state from pgboss.job where name = 'notify-followers' and data->>'entryId' = $1",
            [entryId],
          )
        ).rows.map((r) => r.state);
      // Generous: on a loaded machine the workers' 2 s polls and the instances' start-up queue up.
      await waitFor(
        "the job to complete",
        async () => ((await jobs()).includes("completed") ? true : undefined),
        {
          ms: 45_000,
        },
      );
      // Both workers poll every 2 s: give the other one its turns to (wrongly) run it again.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(await jobs()).toEqual(["completed"]);
      const told = await db.query<{ n: number }>(
        "select count(*)::int as n from notifications where entry_id = $1 and type = 'submitEntry'",
        [entryId],
      );
      expect(told.rows[0].n).toBe(1);
      expect((await api(nginx!.url, "GET", "/api/getUserNotificationNum", { auth: fan.auth })).d.user).toBe(
        1,
      );
    },
  );

  it("an anonymous page cached by A is a hit on B; nginx adds its one-second microcache and serves assets", async () => {
    const person = await register(b.url);
    const page = `/user/${person.auth.uid}`;
    const first = await fetch(a.url + page);
    expect([first.status, first.headers.get("x-cache")]).toEqual([200, "miss"]);
    const second = await fetch(b.url + page);
    expect([second.status, second.headers.get("x-cache")]).toEqual([200, "hit"]);
    expect(await second.text()).toContain("</html>");

    // Through nginx: the first request fills the microcache, the next within the second reads it.
    const viaNginx = [await fetch(nginx!.url + page), await fetch(nginx!.url + page)];
    expect(viaNginx.map((r) => r.status)).toEqual([200, 200]);
    // (HIT; STALE or UPDATING if the machine took over a second between the two.)
    expect(viaNginx[1].headers.get("x-microcache")).toMatch(/^(HIT|STALE|UPDATING)$/);
    // Logged in: never from (or into) the microcache.
    const loggedIn = await fetch(nginx!.url + page, {
      headers: { token: person.auth.token, uid: person.auth.uid },
    });
    expect(loggedIn.headers.get("x-microcache")).toBe("BYPASS");

    const asset = fs.readdirSync(path.join(BUILD_DIR, "client/assets")).find((f) => f.endsWith(".js"))!;
    const served = await fetch(`${nginx!.url}/assets/${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toContain("immutable");
  });

  // The S3 driver is being built alongside: with S3_* set on both instances, an
  // image uploaded through A (POST /api/upload) must be served through B and through nginx.
  it(
    "an upload made through A is served through B and nginx, variants included (S3 driver)",
    { timeout: 60_000 },
    async () => {
      const person = await register(a.url);
      const image = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: { r: 30, g: 128, b: 255 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("file", new Blob([image], { type: "image/png" }), "blue.png");
      const res = await fetch(`${a.url}/api/upload`, {
        method: "POST",
        headers: {
          uid: person.auth.uid,
          client: person.auth.client,
          token: person.auth.token,
          "x-forwarded-for": uniqueIp(),
        },
        body: form,
      });
      const uploaded = (await res.json()) as { s: number; d: { url: string } };
      expect(uploaded.s).toBe(1);
      expect(uploaded.d.url).toMatch(/^\/uploads\//);
      for (const base of [b.url, nginx!.url]) {
        const served = await fetch(base + uploaded.d.url);
        expect([base, served.status, served.headers.get("content-type")]).toEqual([base, 200, "image/png"]);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect([meta.width, meta.height]).toEqual([1600, 1200]);
      }
      // The large variant (fits 1280×960), made by whichever instance's worker took the job.
      const large = uploaded.d.url.replace(/\.png$/, "@large.png");
      // A worker polls its queue every few seconds; on a loaded machine (CI's second pass runs every
      // file at once on one PostgreSQL) the job can take a while to be picked up.
      const variant = await waitFor(
        "the large variant",
        async () => {
          const r = await fetch(b.url + large);
          if (r.status !== 200) return undefined;
          const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
          return meta.width === 1280 ? meta : undefined;
        },
        { ms: 45_000 },
      );
      expect([variant.width, variant.height]).toEqual([1280, 960]);
    },
  );

  it("SIGTERM drains A: /readyz says 503, nothing through nginx fails, A exits 0", async () => {
    const person = await register(b.url);
    const cookie = `nugget_session=${person.auth.token}`;
    // Requests that reach the instances (logged in: no cache answers them): a JSON read and a
    // server-rendered page, four at a time, until told to stop.
    const failures: string[] = [];
    let done = 0;
    let stop = false;
    const loop = async (url: string, headers: Record<string, string>) => {
      while (!stop) {
        try {
          const r = await fetch(nginx!.url + url, { headers });
          await r.arrayBuffer();
          if (r.status !== 200) failures.push(`${r.status} ${url}`);
        } catch (err) {
          failures.push(`${(err as Error).message} ${url}`);
        }
        done++;
      }
    };
    const triple = { uid: person.auth.uid, client: person.auth.client, token: person.auth.token };
    const loops = [
      loop("/api/getUserNotificationNum", triple),
      loop("/api/getUserNotificationNum", triple),
      loop(`/user/${person.auth.uid}`, { cookie }),
      loop("/", { cookie }),
    ];
    await waitFor("requests through nginx", async () => (done >= 20 ? true : undefined));
    const logBefore = nginx!.accessLog().length;

    a.process.kill("SIGTERM");
    const ready = await waitFor("A to say it is draining", async () => {
      const r = await fetch(`${a.url}/readyz`).catch(() => null);
      return r?.status === 503 ? ((await r.json()) as { d: unknown }).d : undefined;
    });
    expect(ready).toEqual({ draining: true });
    const code = await Promise.race([
      a.exit,
      new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 20_000)),
    ]);
    const doneAtExit = done;
    await waitFor("more requests after A left", async () => (done >= doneAtExit + 20 ? true : undefined));
    stop = true;
    await Promise.all(loops);

    expect(code, a.output()).toBe(0);
    expect(failures).toEqual([]);
    // nginx's log: A answered before the signal; at the end B answers everything (a request that
    // found A gone was retried on B: its line names both).
    const [addrA, addrB] = [a.url, b.url].map((u) => `127.0.0.1:${new URL(u).port}`);
    const lines = nginx!.accessLog().map((line) => {
      const [status, addrs] = line.split("|");
      return { status, last: addrs.split(", ").at(-1), tried: addrs.split(", ").length };
    });
    expect(lines.slice(0, logBefore).some((l) => l.last === addrA)).toBe(true);
    expect(lines.filter((l) => l.status >= "500")).toEqual([]);
    // (The logged-in home page answers with a redirect, which fetch followed.)
    for (const line of lines.slice(-10))
      expect(line).toMatchObject({ status: expect.stringMatching(/^[23]0\d$/), last: addrB });
    console.info(
      `drain: ${done} requests through nginx, none failed; ${lines.filter((l) => l.tried > 1).length} retried on B`,
    );
  }, 45_000);
});
