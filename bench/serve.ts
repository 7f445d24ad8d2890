// The app process of `npm run bench` (forked by bench/run.ts), so the load generator does not share
// its event loop and the app's own memory can be reported: the app with the anonymous page cache
// (as deployed, in-process store), the same app without it, and a bare Fastify JSON route as the
// yardstick, each on its own port. Tells the parent the three addresses, and its peak RSS at the end.
import Fastify from "fastify";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const buildDir = process.env.NUGGET_BUILD_DIR ?? "build";
const database = await openDatabase({ databaseUrl, dataDir: ":memory:" });
const config = loadConfig(process.env, {
  databaseUrl,
  redisUrl: undefined,
  logLevel: "fatal",
  devOutbox: true,
  seedOnEmpty: false,
  trustProxy: true,
  // npm run bench sets NODE_ENV=production (React's production build, as a deployment runs it);
  // no mail jobs while measuring.
  mailDigests: false,
  counterRepair: false,
  trackingRetentionDays: 0,
});
const cached = await buildApp({
  config: { ...config, pageCache: { ...config.pageCache, enabled: true } },
  database,
  buildDir,
});
// Nothing kept: neither pages nor search rankings.
const uncached = await buildApp({
  config: { ...config, pageCache: { ...config.pageCache, enabled: false }, searchRankingTtl: 0 },
  database,
  buildDir,
});
const bare = Fastify({ logger: false });
bare.get("/", async () => ({ hello: "world" }));
// The second yardstick: the same bare route sending the bytes of a cached explore page as a browser
// gets them (gzip). What a cache hit costs beyond moving its bytes is the distance to this one.
await cached.app.inject({ url: "/explore/all", headers: { "accept-encoding": "gzip" } });
const explorePage = await cached.app.inject({ url: "/explore/all", headers: { "accept-encoding": "gzip" } });
const explorePageBytes = explorePage.rawPayload;
const explorePageEncoding = String(explorePage.headers["content-encoding"] ?? "identity");
bare.get("/explore-bytes", async (_request, reply) =>
  reply
    .header("content-type", "text/html; charset=utf-8")
    .header("content-encoding", explorePageEncoding)
    .send(explorePageBytes),
);

let peakRss = process.memoryUsage().rss;
const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
process.send!({
  cached: await cached.app.listen({ port: 0, host: "127.0.0.1" }),
  uncached: await uncached.app.listen({ port: 0, host: "127.0.0.1" }),
  bare: await bare.listen({ port: 0, host: "127.0.0.1" }),
});
process.on("message", async (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  // Let the last requests of the last scenario finish before the database goes.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await cached.app.close();
  await uncached.app.close();
  await bare.close();
  await database.close();
  process.send!({ peakRss }, () => process.exit(0));
});
