import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";

// Reads config and listens — nothing else (see app.ts for the assembly).
const config = loadConfig();
const { app, database } = await buildApp({ config, buildDir: process.env.NUGGET_BUILD_DIR ?? "build" });
if (config.seedOnEmpty) {
  const { seedIfEmpty } = await import("../db/seed/seed.ts");
  await seedIfEmpty(database.db);
}
await app.listen({ port: config.port, host: config.host });
console.log(`${config.siteName} 已启动：${config.publicUrl}（数据库：${database.kind}）`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
