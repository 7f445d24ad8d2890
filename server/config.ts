import { randomBytes } from "node:crypto";
import path from "node:path";
import { HEX_ID } from "../shared/ids.ts";
import type { OAuthConfig } from "./lib/oauth.ts";
import type { PageCacheSettings } from "./plugins/page-cache-rules.ts";
import { pemFromEnv, type PaymentConfig } from "./lib/payments/index.ts";
import type { WechatConfig } from "./lib/wechat/index.ts";

/** An S3-compatible bucket for uploads (server/lib/storage.ts). */
export interface S3Config {
  /** S3_ENDPOINT: a custom endpoint (MinIO, OSS, COS …), addressed path-style; unset for AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  /** S3_REGION, default us-east-1. */
  region: string;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; unset: the SDK's own chain (instance role, ~/.aws). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /**
   * S3_PUBLIC_URL: where browsers read the bucket (a CDN); image URLs then point there. Unset: the
   * app answers /uploads/… itself and streams the object from the bucket.
   */
  publicUrl: string | undefined;
}

/** Everything the server reads from the environment, in one place (documented in README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL (DATABASE_REPLICA_URL, PostgreSQL only, ADR 012): anonymous
   * and public reads go there; writes, transactions and a signed-in person's reads right after
   * their own change go to the primary. Ignored, with a log line, on PGlite.
   */
  databaseReplicaUrl: string | undefined;
  /**
   * Seconds after a signed-in person's change during which their reads stay on the primary
   * (REPLICA_STICKY_SECONDS, default 5): they see what they just wrote whatever the replica's lag.
   */
  replicaStickySeconds: number;
  /**
   * Reads leave a replica that is further behind than this for the primary until it catches up
   * (REPLICA_MAX_LAG_SECONDS, default 10; 0: no limit).
   */
  replicaMaxLagSeconds: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  siteName: string;
  publicUrl: string;
  /** Where customer service answers (SUPPORT_EMAIL, default support@ + the PUBLIC_URL host). */
  supportEmail: string;
  /**
   * The welcome page's authors (spec §9: 5 shown from 10 fixed ids), WELCOME_AUTHOR_IDS, comma
   * separated; empty: the hottest authors.
   */
  welcomeAuthorIds: string[];
  production: boolean;
  /** Seed a small demo data set when the database has no users (npm start). */
  seedOnEmpty: boolean;
  /**
   * Show the development outbox at /dev/outbox and keep SMS codes/e-mails there (DEV_OUTBOX; on by
   * default outside production, refused in production).
   */
  devOutbox: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe (TRUST_PROXY): `1` every hop, or the
   * balancer's addresses/CIDRs, comma-separated (`127.0.0.1,10.0.0.0/8`) — then a client cannot forge
   * its address by sending the header itself, so rate limits count real clients (deploy/nginx.conf).
   */
  trustProxy: boolean | string;
  /**
   * On SIGTERM: seconds to go on serving — /readyz answering 503, every response closing its
   * connection — before the listener closes (DRAIN_DELAY, default 0; set it to the balancer's
   * health-check interval when it polls /readyz).
   */
  drainDelay: number;
  /** Then at most this many seconds for requests in flight to finish (DRAIN_TIMEOUT, default 10). */
  drainTimeout: number;
  /**
   * TEST ONLY (PAGE_FETCH_ALLOW_LOOPBACK=1, default off): the page reader of /api/page/info may also
   * read 127.0.0.0/8 and ::1, so browser tests can serve the page they share. Refused in production.
   */
  pageFetchAllowLoopback: boolean;
  /**
   * Send the article (daily) and weekly digest mails from this process (MAIL_DIGESTS=1; default on in
   * production, off elsewhere so a development database's seeded users get no mail).
   */
  mailDigests: boolean;
  /**
   * Tracking events older than this many days are deleted once a day (TRACKING_RETENTION_DAYS,
   * default 180, ADR 009; 0 keeps them forever).
   */
  trackingRetentionDays: number;
  /** Where uploaded images are stored (UPLOAD_DIR, default DATA_DIR/uploads), served at /uploads/. */
  uploadDir: string;
  /** Largest image upload in bytes (UPLOAD_MAX_BYTES, default 5 MiB); collection backgrounds stay at 1 MiB. */
  uploadMaxBytes: number;
  /**
   * Uploads no pin, comment, collection, avatar, booklet or banner has named for this many hours are
   * deleted by the hourly upload-cleanup job (UPLOAD_ORPHAN_HOURS, default 24; 0 switches it off).
   */
  uploadOrphanHours: number;
  /** Uploads go to an S3-compatible bucket when S3_BUCKET is set (ADR 007); otherwise under uploadDir. */
  s3: S3Config | null;
  /** Booklet payments (server/lib/payments/, ADR 008): PAYMENT_PROVIDER and the WECHAT_PAY_* / ALIPAY_* keys. */
  payments: PaymentConfig;
  /** Third-party login and binding (server/lib/oauth.ts, ADR 010): OAUTH_PROVIDER and the app keys. */
  oauth: OAuthConfig;
  /** The in-app browser's JS-SDK signature (server/lib/wechat/): WECHAT_PROVIDER, WECHAT_APP_ID/SECRET. */
  wechat: WechatConfig;
  /** The anonymous page cache (ADR 011): PAGE_CACHE, PAGE_CACHE_MB, PAGE_CACHE_*_TTL, PAGE_CACHE_SWR. */
  pageCache: PageCacheSettings;
  /**
   * Seconds one ranking of a search's matches serves every page of it and every searcher, logged in
   * or not (SEARCH_RANKING_TTL, default 30; 0 ranks on every request).
   */
  searchRankingTtl: number;
  /**
   * Pages rendered at once by one instance (SSR_CONCURRENCY, default 4); the rest wait their turn.
   * Bounds the memory of a burst of renders (server/lib/concurrency.ts) at no cost in throughput.
   */
  ssrConcurrency: number;
  /**
   * FAN_OUT_ON_READ_FOLLOWERS (default 10,000): an author with this many followers announces a new
   * entry with one row that followers' lists and counts read (fan-out on read), not a row per follower.
   */
  fanOutOnReadFollowers: number;
  /**
   * NOTIFICATION_RETENTION_DAYS (default 365; 0 keeps all): months of notifications whose every row
   * is older are dropped whole by the daily monthly-partitions job (db/partitions.ts).
   */
  notificationRetentionDays: number;
  /** Counters recounted where they drifted, twice a day (COUNTER_REPAIR, default on; 0 off). */
  counterRepair: boolean;
  /**
   * The hourly account housekeeping (ACCOUNT_HOUSEKEEPING, default on; 0 off): expired data
   * exports removed, accounts past their 14-day deletion grace period erased.
   */
  accountHousekeeping: boolean;
  /** The bearer token /metrics wants (METRICS_TOKEN); without one /metrics is closed (404). */
  metricsToken: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const config: Config = {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    replicaStickySeconds: seconds(env.REPLICA_STICKY_SECONDS, 5),
    replicaMaxLagSeconds: seconds(env.REPLICA_MAX_LAG_SECONDS, 10),
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Nugget <no-reply@nugget.local>",
    siteName: env.SITE_NAME ?? "掘金",
    publicUrl,
    supportEmail: env.SUPPORT_EMAIL || `support@${hostOf(publicUrl)}`,
    welcomeAuthorIds: welcomeAuthorIds(env.WELCOME_AUTHOR_IDS),
    production,
    seedOnEmpty: env.SEED_ON_EMPTY !== "0",
    devOutbox:
      devOnlySwitch(
        env,
        "DEV_OUTBOX",
        production,
        "every SMS code and mailed link would be public at /dev/outbox",
      ) ?? !production,
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "warn"),
    trustProxy: trustProxy(env.TRUST_PROXY),
    drainDelay: seconds(env.DRAIN_DELAY, 0),
    drainTimeout: seconds(env.DRAIN_TIMEOUT, 10),
    pageFetchAllowLoopback:
      devOnlySwitch(
        env,
        "PAGE_FETCH_ALLOW_LOOPBACK",
        production,
        "the page reader of /api/page/info would read this machine's own services",
      ) ?? false,
    mailDigests: env.MAIL_DIGESTS ? env.MAIL_DIGESTS === "1" : production,
    trackingRetentionDays:
      env.TRACKING_RETENTION_DAYS !== undefined &&
      env.TRACKING_RETENTION_DAYS !== "" &&
      Number(env.TRACKING_RETENTION_DAYS) >= 0
        ? Math.floor(Number(env.TRACKING_RETENTION_DAYS))
        : 180,
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(env.DATA_DIR ?? "./data", "uploads")),
    uploadMaxBytes:
      Number(env.UPLOAD_MAX_BYTES) > 0 ? Math.floor(Number(env.UPLOAD_MAX_BYTES)) : 5 * 1024 * 1024,
    uploadOrphanHours: seconds(env.UPLOAD_ORPHAN_HOURS, 24),
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT || undefined,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION || "us-east-1",
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          publicUrl: env.S3_PUBLIC_URL ? env.S3_PUBLIC_URL.replace(/\/+$/, "") : undefined,
        }
      : null,
    payments: paymentConfig(env, production),
    oauth: oauthConfig(env, production),
    wechat: wechatConfig(env, production),
    pageCache: {
      enabled: env.PAGE_CACHE !== "0",
      maxBytes: seconds(env.PAGE_CACHE_MB, 64) * 1024 * 1024,
      redisMaxBytes: seconds(env.PAGE_CACHE_REDIS_MB, 64) * 1024 * 1024,
      ttl: {
        list: seconds(env.PAGE_CACHE_TTL, 30),
        detail: seconds(env.PAGE_CACHE_DETAIL_TTL, 60),
        search: seconds(env.PAGE_CACHE_SEARCH_TTL, 60),
        api: seconds(env.PAGE_CACHE_API_TTL, 10),
      },
      swr: seconds(env.PAGE_CACHE_SWR, 60),
      prefix: "nugget:pc:",
    },
    searchRankingTtl: seconds(env.SEARCH_RANKING_TTL, 30),
    ssrConcurrency: Math.max(1, seconds(env.SSR_CONCURRENCY, 4)),
    fanOutOnReadFollowers: Math.max(1, seconds(env.FAN_OUT_ON_READ_FOLLOWERS, 10_000)),
    notificationRetentionDays: seconds(env.NOTIFICATION_RETENTION_DAYS, 365),
    counterRepair: env.COUNTER_REPAIR !== "0",
    accountHousekeeping: env.ACCOUNT_HOUSEKEEPING !== "0",
    metricsToken: env.METRICS_TOKEN || undefined,
  };
  const merged = { ...config, ...overrides };
  // The default address follows the site's address, also when a caller overrides only that.
  if (!env.SUPPORT_EMAIL && !overrides.supportEmail)
    merged.supportEmail = `support@${hostOf(merged.publicUrl)}`;
  return merged;
}

/** A non-negative whole number from the environment (seconds, megabytes), or the default. */
function seconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/** TRUST_PROXY: unset or 0 trusts nobody, 1 (or true) every hop, anything else is a list of addresses/CIDRs. */
function trustProxy(value: string | undefined): boolean | string {
  const v = value?.trim() ?? "";
  if (v === "" || v === "0" || v === "false") return false;
  if (v === "1" || v === "true") return true;
  return v;
}

/** The host name of PUBLIC_URL for the default support address; a malformed URL gets a placeholder. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "nugget.local";
  } catch {
    return "nugget.local";
  }
}

/**
 * A stand-in switch (PAYMENT_PROVIDER, OAUTH_PROVIDER, WECHAT_PROVIDER): dev, the local stand-in and
 * the default outside production, or live. Dev is refused in production, whichever switch it is
 * (the config function of each says what its stand-in would do there).
 */
function providerSetting(env: NodeJS.ProcessEnv, name: string, production: boolean): "dev" | "live" {
  const provider = env[name] || (production ? "live" : "dev");
  if (provider !== "dev" && provider !== "live") throw new Error(`${name} must be dev or live`);
  if (provider === "dev" && production) throw new Error(`${name}=dev is not allowed in production`);
  return provider;
}

/**
 * A development or test switch (DEV_OUTBOX, PAGE_FETCH_ALLOW_LOOPBACK): `1` on, anything else set
 * off, unset undefined (the caller's default). On is refused in production, like the dev
 * providers: `risk` says what it would open there.
 */
function devOnlySwitch(
  env: NodeJS.ProcessEnv,
  name: string,
  production: boolean,
  risk: string,
): boolean | undefined {
  const value = env[name];
  if (!value) return undefined;
  if (value === "1" && production) {
    throw new Error(`${name}=1 is not allowed in production (NODE_ENV=production): ${risk}`);
  }
  return value === "1";
}

/** An app's two keys (its id and its secret) when both are set: one alone configures nothing. */
function keyPair<T>(
  id: string | undefined,
  secret: string | undefined,
  make: (id: string, secret: string) => T,
) {
  return id && secret ? make(id, secret) : null;
}

/**
 * PAYMENT_PROVIDER=dev (default outside production: the local 模拟支付 page) or live (production
 * default: WeChat Pay when WECHAT_PAY_* are all set, Alipay when ALIPAY_* are; a pay type without
 * keys answers 503). The dev provider is refused in production: anyone could pay with it.
 */
function paymentConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentConfig {
  const provider = providerSetting(env, "PAYMENT_PROVIDER", production);
  const all = (names: string[]) => names.every((n) => !!env[n]);
  return {
    provider,
    devSecret: env.PAYMENT_DEV_SECRET || randomBytes(32).toString("hex"),
    wechat: all([
      "WECHAT_PAY_MCH_ID",
      "WECHAT_PAY_APP_ID",
      "WECHAT_PAY_SERIAL_NO",
      "WECHAT_PAY_PRIVATE_KEY",
      "WECHAT_PAY_API_V3_KEY",
      "WECHAT_PAY_PLATFORM_PUBLIC_KEY",
    ])
      ? {
          mchId: env.WECHAT_PAY_MCH_ID!,
          appId: env.WECHAT_PAY_APP_ID!,
          serialNo: env.WECHAT_PAY_SERIAL_NO!,
          privateKey: pemFromEnv(env.WECHAT_PAY_PRIVATE_KEY),
          apiV3Key: env.WECHAT_PAY_API_V3_KEY!,
          platformPublicKey: pemFromEnv(env.WECHAT_PAY_PLATFORM_PUBLIC_KEY),
        }
      : null,
    alipay: all(["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"])
      ? {
          appId: env.ALIPAY_APP_ID!,
          privateKey: pemFromEnv(env.ALIPAY_PRIVATE_KEY),
          alipayPublicKey: pemFromEnv(env.ALIPAY_PUBLIC_KEY),
          gateway: env.ALIPAY_GATEWAY || undefined,
        }
      : null,
  };
}

/**
 * OAUTH_PROVIDER=dev (default outside production: local consent pages at /dev/oauth/{channel}) or
 * live (production default: GitHub, Weibo and WeChat each when its keys are set; a channel without
 * keys answers 503). The dev provider is refused in production: anyone could log in as anyone.
 */
function oauthConfig(env: NodeJS.ProcessEnv, production: boolean): OAuthConfig {
  const provider = providerSetting(env, "OAUTH_PROVIDER", production);
  return {
    provider,
    github: keyPair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET, (clientId, clientSecret) => ({
      clientId,
      clientSecret,
    })),
    weibo: keyPair(env.WEIBO_APP_KEY, env.WEIBO_APP_SECRET, (appKey, appSecret) => ({ appKey, appSecret })),
    wechat: keyPair(env.WECHAT_OPEN_APPID, env.WECHAT_OPEN_SECRET, (appId, secret) => ({ appId, secret })),
    // Login inside WeChat's browser is the official account's web authorization, not the open
    // platform's website app: the same account the JS-SDK uses.
    wechatInApp: keyPair(env.WECHAT_APP_ID, env.WECHAT_APP_SECRET, (appId, secret) => ({ appId, secret })),
  };
}

/**
 * WECHAT_PROVIDER=dev (default outside production: deterministic tickets, no network) or live
 * (production default: the official account WECHAT_APP_ID / WECHAT_APP_SECRET; without them
 * GET /api/wechat/auth answers 503). Dev is refused in production, like the other stand-ins: its
 * signatures would fail in every reader's WeChat without a word.
 */
function wechatConfig(env: NodeJS.ProcessEnv, production: boolean): WechatConfig {
  const provider = providerSetting(env, "WECHAT_PROVIDER", production);
  return { provider, appId: env.WECHAT_APP_ID || null, secret: env.WECHAT_APP_SECRET || null };
}

/** WELCOME_AUTHOR_IDS: user ids, comma separated; a mistyped one stops the start, not the page. */
function welcomeAuthorIds(value: string | undefined): string[] {
  const ids = (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const wrong = ids.find((id) => !HEX_ID.test(id));
  if (wrong) throw new Error(`WELCOME_AUTHOR_IDS: ${wrong} is not a user id (24 hex characters)`);
  return [...new Set(ids)];
}
