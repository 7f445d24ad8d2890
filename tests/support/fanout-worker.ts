// An app instance that only works jobs, for tests/fanout-crash.test.ts: the test kills it with
// SIGKILL in the middle of a notify-followers job, as a machine dies. Started with DATABASE_URL (a
// PostgreSQL server; PGlite cannot be shared between processes).
import { openDatabase } from "../../db/client.ts";
import { buildApp } from "../../server/app.ts";
import { testConfig } from "./test-config.ts";

const config = testConfig();
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: ":memory:" });
// buildApp starts the queue and works notify-followers, as every instance does.
await buildApp({ config, database });
process.stdout.write("ready\n");
setInterval(() => undefined, 60_000);
