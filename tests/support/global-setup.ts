import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../db/client.ts";
import { templatePath } from "./pglite-template.ts";

/** Once per `vitest run`, on PGlite: the migrated template every test database starts from. */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const file = templatePath();
  if (fs.existsSync(file)) return;
  const database = await openDatabase({ dataDir: ":memory:" });
  const tar = await database.dump!();
  await database.close();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole, then renamed: a reader never sees half a file.
  fs.writeFileSync(`${file}.${process.pid}`, Buffer.from(await tar.arrayBuffer()));
  fs.renameSync(`${file}.${process.pid}`, file);
}
