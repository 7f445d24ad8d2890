import path from "node:path";

/** Everything the server reads from the environment, in one place (documented in README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  siteName: string;
  publicUrl: string;
  production: boolean;
  /** Seed a small demo data set when the database has no users (npm start). */
  seedOnEmpty: boolean;
  /** Show the development outbox at /dev/outbox and keep SMS codes/e-mails there. */
  devOutbox: boolean;
  logLevel: string;
  trustProxy: boolean;
  /**
   * TEST ONLY (PAGE_FETCH_ALLOW_LOOPBACK=1, default off): the page reader of /api/page/info may also
   * read 127.0.0.0/8 and ::1, so browser tests can serve the page they share. Never set in production.
   */
  pageFetchAllowLoopback: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === "production";
  const port = Number(env.PORT ?? 3000);
  const config: Config = {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Nugget <no-reply@nugget.local>",
    siteName: env.SITE_NAME ?? "掘金",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    production,
    seedOnEmpty: env.SEED_ON_EMPTY !== "0",
    devOutbox: env.DEV_OUTBOX ? env.DEV_OUTBOX === "1" : !production,
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "warn"),
    trustProxy: env.TRUST_PROXY === "1",
    pageFetchAllowLoopback: env.PAGE_FETCH_ALLOW_LOOPBACK === "1",
  };
  return { ...config, ...overrides };
}
