import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { JobName, JobQueue } from "../lib/queue.ts";
import type { Services } from "./index.ts";

/** What a module's routes and jobs are built from, once per app (buildApp). */
export interface ModuleContext {
  services: Services;
  config: Config;
  /** For the jobs that keep the database itself (partitions, counters, retention). */
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * A job a module works: a queue's worker (its jobs sent by services, mostly inside the writing
 * transaction, so a job exists exactly when its write commits), or with `cron` a periodic job.
 */
export interface JobDecl {
  /** The queue, with its retry policy in server/lib/queue.ts JOBS. */
  name: JobName;
  run: (data: never, ctx: ModuleContext) => Promise<void>;
  /** Five fields, China Standard Time: one job per time across all instances. */
  cron?: string;
  /** The config switch that turns it on for this instance; without one it is always on. */
  enabled?: (config: Config) => boolean;
}

/** What a service folder adds to the app (its module.ts): its routes and its jobs. */
export interface ServiceModule {
  /** The service folder's name (the platform's jobs: "platform"). */
  name: string;
  routes?: (ctx: ModuleContext) => FastifyPluginAsyncTypebox;
  /** "/api" for the JSON API; none for routes at the site's root (uploads, feeds and sitemaps). */
  prefix?: string;
  jobs?: JobDecl[];
}

/** Registers a module's routes, then works (and schedules) its jobs that are switched on. */
export async function installModule(
  app: FastifyInstance,
  queue: JobQueue,
  m: ServiceModule,
  ctx: ModuleContext,
) {
  if (m.routes) {
    if (m.prefix === undefined) await app.register(m.routes(ctx));
    else await app.register(m.routes(ctx), { prefix: m.prefix });
  }
  for (const job of m.jobs ?? []) {
    // Switched off, an instance neither works nor schedules the job; it does not unschedule it
    // either, since another instance may want it (README: dropping one for good).
    if (job.enabled && !job.enabled(ctx.config)) continue;
    // This instance works the queues too; every instance does, pg-boss hands each job to one.
    await queue.work(job.name, (data) => job.run(data, ctx));
    // Periodic work: one job per time across all instances (server/lib/queue.ts), run by the
    // instances that have it switched on.
    if (job.cron) await queue.schedule(job.name, job.cron);
  }
}
