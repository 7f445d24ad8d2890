// node --import tsx server/services/repos/import-cli.ts repos.json [--database-url URL] [--data-dir DIR]
// Imports repos from a JSON file (an array in the ImportedRepo shape of source.ts) into the
// database: new originalIds are added, known ones refreshed (comments and translations kept).
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../../db/client.ts";
import { importRepos, jsonSource } from "./source.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "database-url": { type: "string" }, "data-dir": { type: "string" } },
});
const file = positionals[0];
if (!file) {
  console.error(
    "usage: node --import tsx server/services/repos/import-cli.ts repos.json [--database-url URL]",
  );
  process.exit(2);
}
const database = await openDatabase({
  databaseUrl: values["database-url"] ?? (process.env.DATABASE_URL || undefined),
  dataDir: path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? "./data"),
});
try {
  const rows = await importRepos(database.db, jsonSource(path.resolve(file)));
  console.log(`imported ${rows.length} repos into ${database.kind}`);
} finally {
  await database.close();
}
