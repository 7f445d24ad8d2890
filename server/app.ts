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
import { startQueue, type JobQueue } from "./lib/queue.ts";
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
import { installModule } from "./services/module.ts";
import { serviceModules } from "./services/modules.ts";
import { platformModule } from "./platform-jobs.ts";
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

  // Each service's routes and jobs (its module.ts), then the jobs that keep the database itself.
  const ctx = { services, config, db: database.db, log: app.log };
  for (const m of [...serviceModules, platformModule]) await installModule(app, jobs, m, ctx);
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
