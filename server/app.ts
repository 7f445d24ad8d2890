import type { IncomingMessage } from "node:http";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { openDatabase, type Database } from "../db/client.ts";
import { ensureReferenceData } from "../db/reference-data.ts";
import type { Config } from "./config.ts";
import { memoryKv, redisKv, type Kv } from "./lib/kv.ts";
import { fallbackRateLimitStore } from "./lib/rate-limit-store.ts";
import { connectRedis, outageLogHook, RedisOutage } from "./lib/redis.ts";
import { createSignalBus } from "./lib/signals.ts";
import { COUNTER_REPAIR_CRON, startQueue, type JobQueue } from "./lib/queue.ts";
import { repairDrift } from "../db/counters.ts";
import type { FollowerFanOut } from "./services/notifications/notify.ts";
import type { FollowMail } from "./services/follow/follow.ts";
import { createMailer } from "./lib/mailer.ts";
import { Outbox } from "./lib/outbox.ts";
import { createSmsProvider, type SmsProvider } from "./lib/sms.ts";
import { installErrorHandler } from "./plugins/envelope.ts";
import { unknownLimitNames } from "./lib/limit-overrides.ts";
import { installInputGuard } from "./plugins/input-guard.ts";
import { installHealth } from "./plugins/health.ts";
import { installReadRouting } from "./plugins/read-routing.ts";
import { installDrain, type Drain } from "./plugins/drain.ts";
import { installMetrics } from "./plugins/metrics.ts";
import { installSession } from "./plugins/session.ts";
import { parseQuery } from "./lib/reader.ts";
import { installPageCache, serverWithFront, type PageCacheFront } from "./plugins/page-cache.ts";
import type { CacheMatcher, CacheTarget } from "./plugins/page-cache-rules.ts";
import { longestLife } from "./plugins/page-cache-rules.ts";
import { installBufferedCompression } from "./plugins/compress.ts";
import { memoryPageStore, PageCache, redisPageStore } from "./lib/page-cache.ts";
import { createServices, type Services } from "./services/index.ts";
import { MAIL_DIGESTS_CRON, runMailDigests } from "./services/mailpush/schedule.ts";
import { dropExpiredEvents, TRACKING_RETENTION_CRON } from "./services/tracking/retention.ts";
import {
  dropPartitionsBefore,
  ensureAllMonthlyPartitions,
  MONTHLY_PARTITIONS_CRON,
} from "../db/partitions.ts";
import { UPLOAD_CLEANUP_CRON, type VariantJob } from "./services/uploads/uploads.ts";
import { authRoutes } from "./services/auth/routes.ts";
import { userRoutes } from "./services/users/routes.ts";
import { entryRoutes } from "./services/entries/routes.ts";
import { tagRoutes } from "./services/tags/routes.ts";
import { searchRoutes } from "./services/search/routes.ts";
import { refreshChampionLists, SEARCH_CHAMPIONS_CRON } from "./services/search-index/index.ts";
import { hasRumIndex } from "./services/search/queries.ts";
import { publishRoutes } from "./services/publish/routes.ts";
import { parserRoutes } from "./services/parser/routes.ts";
import { likeRoutes } from "./services/likes/routes.ts";
import { voteRoutes } from "./services/votes/routes.ts";
import { commentRoutes } from "./services/comments/routes.ts";
import { postRoutes } from "./services/posts/routes.ts";
import { pinRoutes } from "./services/pins/routes.ts";
import { repoRoutes } from "./services/repos/routes.ts";
import { followRoutes } from "./services/follow/routes.ts";
import { blockRoutes } from "./services/blocks/routes.ts";
import { inviteRoutes } from "./services/invites/routes.ts";
import { mailPushRoutes } from "./services/mailpush/routes.ts";
import { notificationRoutes } from "./services/notifications/routes.ts";
import { uploadRoutes } from "./services/uploads/routes.ts";
import { collectionRoutes } from "./services/collections/routes.ts";
import { bookletRoutes } from "./services/booklets/routes.ts";
import { orderRoutes } from "./services/orders/routes.ts";
import { walletRoutes } from "./services/wallet/routes.ts";
import { oauthRoutes } from "./services/oauth/routes.ts";
import { bannerRoutes } from "./services/banners/routes.ts";
import { jobRoutes } from "./services/jobs/routes.ts";
import { moderationRoutes } from "./services/moderation/routes.ts";
import { trackingRoutes } from "./services/tracking/routes.ts";
import { accountDataRoutes } from "./services/account-data/routes.ts";
import { ACCOUNT_HOUSEKEEPING_CRON, type ExportJob } from "./services/account-data/index.ts";
import { syndicationRoutes } from "./services/syndication/routes.ts";
import { installDevPages } from "./dev/index.ts";
import { installSsr } from "./ssr.ts";

export interface BuildOptions {
  config: Config;
  /** An already-open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Serve the React Router build from this folder; omit for an API-only app (API tests). */
  buildDir?: string;
  /** Replace the SMS gateway (tests can watch codes through the outbox instead). */
  sms?: SmsProvider;
  /** Where the log's lines go instead of stdout (tests that count them). */
  logStream?: { write(line: string): void };
}

export interface NuggetApp {
  app: FastifyInstance;
  /** The anonymous page cache, or null with PAGE_CACHE=0. */
  pageCache: PageCache | null;
  /** What the page cache takes a read for, compiled from the routes' declarations (null: never cached). */
  cacheTarget: (method: string, url: string) => CacheTarget | null;
  /** What every GET route and page declared to the page cache (empty with PAGE_CACHE=0). */
  cacheDeclarations: CacheMatcher["declarations"];
  services: Services;
  database: Database;
  outbox: Outbox | undefined;
  kv: Kv;
  jobs: JobQueue;
  /** Draining for a shutdown (server/main.ts starts it on SIGTERM; /readyz then answers 503). */
  drain: Drain;
}

const API_DESCRIPTION = `Nugget 的 JSON API（规格 §7）。

**信封**：每个响应都是 \`{s, m, d}\`：\`s = 1\` 表示成功，数据在 \`d\`；否则 \`m\` 是中文错误信息，\`d\` 可能是 \`{field}\`，指出出错的参数。

**状态码**：400/401/403/404/410/429 以同名 HTTP 状态返回，\`s\` 与之相同；注册错误码 10013（用户名已占用）、10014（手机号已注册）、10019（邮箱已注册）、10017（验证码错误）以 HTTP 200 返回，码在 \`s\`（§8）。服务器错误为 500，从不泄露内部信息。

**认证**：API 客户端使用登录返回的三元组 (uid, clientId, token)，可放在请求头 \`uid\`、\`client\`、\`token\`，或作为查询/表单字段 \`uid\`、\`token\`、\`device_id\`。网页使用 httpOnly 会话 Cookie；带 Cookie 的修改请求必须附带 \`x-csrf-token\` 头，其值等于可读 Cookie \`nugget_csrf\`。

**请求体**：JSON 或 application/x-www-form-urlencoded 均可。`;

/** Builds the whole app without listening (fastify/demo style), so tests can call app.inject. */
export async function buildApp(opts: BuildOptions): Promise<NuggetApp> {
  const { config } = opts;
  const database = opts.database ?? (await openDatabase(config));
  const ownsDatabase = !opts.database;
  // The nine categories and built-in tags exist on every database, whatever else it holds.
  await ensureReferenceData(database.db);
  const outbox = config.devOutbox ? new Outbox() : undefined;

  // The page cache's hits are answered in front of Fastify (plugins/page-cache.ts) once it is installed.
  let front: PageCacheFront | null = null;
  // A read for nobody is routed as the URL the page cache keeps it under (plugins/page-cache.ts).
  let rewriteUrl: ((req: IncomingMessage) => string) | null = null;
  // The pages' declared policies reach the page cache's matcher once the build is loaded.
  let declarePages: ((routes: ServerBuild["routes"]) => void) | null = null;
  let cacheTarget: NuggetApp["cacheTarget"] = () => null;
  let cacheDeclarations: NuggetApp["cacheDeclarations"] = () => [];
  // A Redis outage is logged once each way; what fails meanwhile is counted (server/lib/redis.ts).
  const redisOutage = new RedisOutage();
  const app = Fastify({
    serverFactory: serverWithFront(() => front),
    rewriteUrl: (req) => (rewriteUrl ? rewriteUrl(req) : (req.url ?? "/")),
    // The one query parser: the page cache's front and the session read a query as routes do.
    routerOptions: { querystringParser: parseQuery },
    logger: {
      level: config.logLevel,
      hooks: { logMethod: outageLogHook(redisOutage) },
      ...(opts.logStream && { stream: opts.logStream }),
    },
    trustProxy: config.trustProxy,
    // While closing for a shutdown, a request that still arrives on an open connection is served,
    // not answered 503: the balancer would hand a 503 to the client (plugins/drain.ts).
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: "array", allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // One Redis connection for the shared store, the page cache and the rate limits: an outage is
  // logged once each way and recovered from by itself (server/lib/redis.ts).
  redisOutage.useLog({ warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, redisOutage) : undefined;
  const kv = redis ? redisKv(redis) : memoryKv();

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outbox,
    log: (m) => app.log.warn(m),
  });
  const sms = opts.sms ?? createSmsProvider(process.env, outbox, config.siteName);
  const pageCache = config.pageCache.enabled
    ? new PageCache(
        redis
          ? redisPageStore(redis, config.pageCache.prefix, {
              maxBytes: config.pageCache.redisMaxBytes,
              lifeSeconds: longestLife(config.pageCache),
            })
          : memoryPageStore(config.pageCache.maxBytes),
        (err) =>
          redisOutage.failed(err) || app.log.warn({ err }, "page cache unavailable; rendering instead"),
      )
    : null;
  const jobs = await startQueue(database, app.log);
  // Live unread counts reach the streams of every instance through it (Redis, else PostgreSQL).
  const signals = await createSignalBus({
    redis,
    redisOutage,
    database,
    databaseUrl: config.databaseUrl,
    log: { warn: (m) => app.log.warn(m), info: (m) => app.log.info(m) },
  });
  const services = createServices({
    db: database.db,
    kv,
    mailer,
    sms,
    config,
    jobs,
    pageCache,
    signals,
  });
  // Open event streams would hold app.close() (and a SIGTERM's drain) forever: they end first, and
  // the browsers reconnect to another instance.
  app.addHook("preClose", async () => services.notifications.closeStreams());
  // This instance works the queues too; every instance does, pg-boss hands each job to one.
  await jobs.work("notify-followers", (job: FollowerFanOut) =>
    services.notifications.fanOutToFollowers(job).then(() => undefined),
  );
  await jobs.work("follow-mail", async (job: FollowMail) => {
    await services.digests.followed(job.followerId, job.followeeId);
  });
  await jobs.work("upload-variants", async (job: VariantJob) => {
    await services.uploads.makeVariants(job.key);
  });
  await jobs.work("account-export", (job: ExportJob) => services.accountData.runExport(job));

  const drain = installDrain(app);
  // Hits over a socket are answered in front of Fastify (`front`); what it passes on, and every
  // inject, meets the page cache's hook first of all: before cookies are parsed, headers set or the
  // session looked up (a stored page keeps the headers its render was sent with).
  if (pageCache) {
    ({
      front,
      rewriteUrl,
      declarePages,
      targetOf: cacheTarget,
      declarations: cacheDeclarations,
    } = installPageCache(app, pageCache, config.pageCache, {
      personal: { kv, recentSession: services.auth.recentSession },
      draining: () => drain.draining,
    }));
  }
  await app.register(fastifyCookie);
  // With a read replica, each request decides here where its plain reads go (ADR 012).
  if (database.replica) {
    installReadRouting(app, {
      stickySeconds: config.replicaStickySeconds,
      secure: config.publicUrl.startsWith("https://"),
    });
  }
  await app.register(fastifyFormbody);
  // CSP is set per HTML response with its own script nonce (server/ssr.ts).
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Pages keep their handle on the OAuth popup while it visits the provider's site (ADR 010).
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // HSTS means something only over HTTPS; on a plain-HTTP local site it would only confuse.
    strictTransportSecurity: config.publicUrl.startsWith("https://") ? { maxAge: 31_536_000 } : false,
  });
  // Route limits (login, registration, SMS, mail) shared across instances through Redis when configured.
  // Without Redis, or while it is away, each instance counts on its own (rate-limit-store.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? { store: fallbackRateLimitStore(redis, "nugget:rl:") as unknown as FastifyRateLimitStoreCtor }
      : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      s: 429,
      m: `请求太频繁，请 ${ctx.after} 后再试`,
      d: null,
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.siteName} API`, version: "1", description: API_DESCRIPTION },
      servers: [{ url: config.publicUrl }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  installErrorHandler(app);
  for (const name of unknownLimitNames()) {
    app.log.warn(`RATE_LIMITS 中的「${name}」不是已知的限额名称，已忽略（名称见 README「安全」一节）`);
  }
  installInputGuard(app, { publicUrl: config.publicUrl });
  installHealth(app, { database, kv, redisConfigured: Boolean(redis), draining: () => drain.draining });
  const metrics = installMetrics(app, {
    token: config.metricsToken,
    database,
    jobs,
    eventStreams: () => services.notifications.liveStreams(),
  });
  if (front) front.onServed = metrics.countPageCache;
  installSession(app, services);
  // After the page cache's hooks: it keeps the plain body (and gives each copy its own nonce);
  // compression runs on what is finally sent. Buffered bodies are compressed in one call
  // (plugins/compress.ts); the plugin takes streams and large bodies. Pre-compressed static files
  // pass through as they are.
  installBufferedCompression(app);
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    // Pages are compressed on every response that misses the page cache: brotli quality 1 makes
    // an 80 KB page smaller than gzip -6 does (15 KB) in a quarter of the time (0.24 ms vs 0.9 ms
    // here); quality 4 saved another 2 KB for 0.8 ms. Static files are pre-compressed at 11.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 6 },
  });

  await app.register(authRoutes(services, config), { prefix: "/api" });
  await app.register(userRoutes(services, config), { prefix: "/api" });
  await app.register(entryRoutes(services), { prefix: "/api" });
  await app.register(tagRoutes(services), { prefix: "/api" });
  await app.register(searchRoutes(services), { prefix: "/api" });
  await app.register(publishRoutes(services), { prefix: "/api" });
  await app.register(parserRoutes(services), { prefix: "/api" });
  await app.register(likeRoutes(services), { prefix: "/api" });
  await app.register(voteRoutes(services), { prefix: "/api" });
  await app.register(commentRoutes(services), { prefix: "/api" });
  await app.register(postRoutes(services), { prefix: "/api" });
  await app.register(pinRoutes(services), { prefix: "/api" });
  await app.register(repoRoutes(services), { prefix: "/api" });
  await app.register(followRoutes(services), { prefix: "/api" });
  await app.register(blockRoutes(services), { prefix: "/api" });
  await app.register(inviteRoutes(services), { prefix: "/api" });
  await app.register(mailPushRoutes(services), { prefix: "/api" });
  await app.register(notificationRoutes(services), { prefix: "/api" });
  await app.register(uploadRoutes(services, config));
  await app.register(collectionRoutes(services), { prefix: "/api" });
  await app.register(bookletRoutes(services), { prefix: "/api" });
  await app.register(orderRoutes(services), { prefix: "/api" });
  await app.register(walletRoutes(services), { prefix: "/api" });
  await app.register(oauthRoutes(services, config), { prefix: "/api" });
  await app.register(bannerRoutes(services), { prefix: "/api" });
  await app.register(jobRoutes(services), { prefix: "/api" });
  await app.register(moderationRoutes(services), { prefix: "/api" });
  await app.register(trackingRoutes(services), { prefix: "/api" });
  await app.register(syndicationRoutes(services));
  await app.register(accountDataRoutes(services, config), { prefix: "/api" });
  // Periodic work: one job per time across all instances (server/lib/queue.ts), run by the
  // instances that have it switched on. Switched off, an instance neither schedules nor runs it; it
  // does not unschedule either, since another instance may want it (README: dropping one for good).
  if (config.mailDigests) {
    await jobs.work("mail-digests", async () => {
      app.log.info(await runMailDigests(services.digests), "mail digests done");
    });
    await jobs.schedule("mail-digests", MAIL_DIGESTS_CRON);
  }
  if (config.counterRepair) {
    await jobs.work("counter-repair", async () => {
      const fixed = await repairDrift(database.db);
      // What drifted is a bug somewhere: name the first few so it can be found.
      if (fixed.length) app.log.warn({ fixed: fixed.length, first: fixed.slice(0, 20) }, "counters repaired");
      else app.log.info("counters checked: no drift");
    });
    await jobs.schedule("counter-repair", COUNTER_REPAIR_CRON);
  }
  if (config.trackingRetentionDays > 0) {
    const days = config.trackingRetentionDays;
    await jobs.work("tracking-retention", async () => {
      app.log.info({ dropped: await dropExpiredEvents(database.db, days), days }, "tracking retention done");
    });
    await jobs.schedule("tracking-retention", TRACKING_RETENTION_CRON);
  }
  // Next months' partitions of the monthly tables, made ahead (they are also made at every start).
  await jobs.work("monthly-partitions", async () => {
    const made = await ensureAllMonthlyPartitions(database.db);
    const days = config.notificationRetentionDays;
    const dropped =
      days > 0
        ? await dropPartitionsBefore(database.db, "notifications", new Date(Date.now() - days * 86_400_000))
        : [];
    app.log.info({ made, dropped }, "monthly partitions checked");
  });
  await jobs.schedule("monthly-partitions", MONTHLY_PARTITIONS_CRON);
  if (config.uploadOrphanHours > 0) {
    const hours = config.uploadOrphanHours;
    await jobs.work("upload-cleanup", async () => {
      app.log.info({ removed: await services.uploads.cleanup(hours), hours }, "upload cleanup done");
    });
    await jobs.schedule("upload-cleanup", UPLOAD_CLEANUP_CRON);
  }
  await jobs.work("search-champions", async () => {
    const db = database.db;
    app.log.info(
      await refreshChampionLists(db, { rum: await hasRumIndex(db) }),
      "search champion lists built",
    );
  });
  await jobs.schedule("search-champions", SEARCH_CHAMPIONS_CRON);
  if (config.accountHousekeeping) {
    // Every hour: expired export files go, and accounts past their 14 days are erased.
    await jobs.work("account-housekeeping", async () => {
      const removed = await services.accountData.cleanupExports();
      const erased = await services.accountData.eraseDue();
      app.log.info({ removed, erased }, "account housekeeping done");
    });
    await jobs.schedule("account-housekeeping", ACCOUNT_HOUSEKEEPING_CRON);
  }
  // The outbox, the 模拟支付 cashier and the OAuth consent screen, each only with its stand-in on.
  installDevPages(app, { services, outbox, siteName: config.siteName });
  const ssr = opts.buildDir ? await installSsr(app, services, config, path.resolve(opts.buildDir)) : null;
  if (ssr) declarePages?.(ssr.routes);
  if (!ssr)
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ s: 404, m: "接口不存在", d: null }));

  app.addHook("onClose", async () => {
    // Renders whose readers left are not held by any connection: they end before what they use closes.
    if (ssr && !(await ssr.settled(10_000))) app.log.warn("renders still running at shutdown after 10 s");
    // Then, while the database is open: buffered tracking events and counted views are written, not lost; jobs in
    // hand end or go back to the queue.
    await services.tracking.close();
    await services.entries.views.close();
    await jobs.stop();
    services.uploads.close();
    mailer.close();
    await kv.close();
    await signals.close();
    await redis?.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });
  return { app, services, database, outbox, kv, pageCache, cacheTarget, cacheDeclarations, jobs, drain };
}
