import { loadConfig } from "./config.ts";
import { closeOnSignals } from "./plugins/drain.ts";

// Reads config and listens — nothing else (see app.ts for the assembly).
const config = loadConfig();
// React chooses its development or production build from NODE_ENV when it is first imported, and
// the development build renders pages several times slower. The site always serves the production
// client bundle (`react-router build`), so render with React's production build too unless someone
// asks for development explicitly. The site's own posture (dev outbox, dev payment and OAuth
// providers, log level) was decided by loadConfig above from the NODE_ENV the operator set.
process.env.NODE_ENV ||= "production";
const { buildApp } = await import("./app.ts");
const { app, database, drain } = await buildApp({
  config,
  buildDir: process.env.NUGGET_BUILD_DIR ?? "build",
});
if (config.seedOnEmpty) {
  const { seedIfEmpty } = await import("../db/seed/seed.ts");
  await seedIfEmpty(database.db);
}
await app.listen({ port: config.port, host: config.host });
console.log(`${config.siteName} 已启动：${config.publicUrl}（数据库：${database.kind}）`);

// A promise nobody awaited that failed is a bug to log, not a reason to drop every request in flight.
process.on("unhandledRejection", (reason) => app.log.error({ err: reason }, "unhandled rejection"));

// SIGTERM drains: /readyz says 503, requests in flight finish (bounded), jobs go back, then exit 0.
closeOnSignals(app, drain, {
  delayMs: config.drainDelay * 1000,
  timeoutMs: config.drainTimeout * 1000,
  log: app.log,
});
