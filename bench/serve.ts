// One server process of `npm run bench` (forked by bench/run.ts, three times), so the load generator
// does not share its event loop and each app instance's own memory can be reported. BENCH_ROLE says
// which: "cached" (the app with the anonymous page cache, in-process store, as deployed), "uncached"
// (the same app without it: what a logged-in reader or a cache miss costs), or "bare" (a bare Fastify
// JSON route, the yardstick). Tells the parent its address, and its peak RSS when told to stop.
import http from "node:http";
import Fastify from "fastify";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { benchConfig } from "./config.ts";

const role = process.env.BENCH_ROLE as "cached" | "uncached" | "bare";
const buildDir = process.env.NUGGET_BUILD_DIR ?? "build";

/** The raw bytes of a GET as a browser taking gzip gets them (fetch would inflate them). */
function rawGet(url: string): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            body: Buffer.concat(chunks),
            encoding: String(res.headers["content-encoding"] ?? "identity"),
          }),
        );
      })
      .on("error", reject);
  });
}

async function start(): Promise<{ url: string; close: () => Promise<void> }> {
  if (role === "bare") {
    const bare = Fastify({ logger: false });
    bare.get("/", async () => ({ hello: "world" }));
    // The second yardstick: the same bare route sending the bytes of a cached explore page as a
    // browser gets them (gzip). What a cache hit costs beyond moving its bytes is the distance to it.
    const explore = process.env.BENCH_EXPLORE_URL!;
    await rawGet(explore);
    const page = await rawGet(explore);
    bare.get("/explore-bytes", async (_request, reply) =>
      reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-encoding", page.encoding)
        .send(page.body),
    );
    return { url: await bare.listen({ port: 0, host: "127.0.0.1" }), close: () => bare.close() };
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL!;
  const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
  const config = benchConfig(databaseUrl, "fatal");
  const nugget = await buildApp({
    config:
      role === "cached"
        ? { ...config, pageCache: { ...config.pageCache, enabled: true } }
        : // Nothing kept: neither pages nor search rankings.
          { ...config, pageCache: { ...config.pageCache, enabled: false }, searchRankingTtl: 0 },
    database,
    buildDir,
  });
  return {
    url: await nugget.app.listen({ port: 0, host: "127.0.0.1" }),
    close: async () => {
      await nugget.app.close();
      await database.close();
    },
  };
}

const server = await start();
let peakRss = process.memoryUsage().rss;
const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
process.send!({ url: server.url });
process.on("message", async (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  // Let the last requests of the last scenario finish before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await server.close();
  process.send!({ peakRss }, () => process.exit(0));
});
