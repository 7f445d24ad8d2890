// `npm test`'s build: like make, builds only when a file the site's bundles can contain is newer than
// the last build (build/.built). CI runs `npm test` twice on one checkout (PGlite, then PostgreSQL):
// the second pass reuses the first one's identical build instead of spending half a minute on it.
// `npm start` and `npm run build` always build.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const STAMP = "build/.built";
const SOURCES = ["app", "shared", "server", "db", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newest(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === "node_modules" || name === ".react-router") continue;
    latest = Math.max(latest, newest(path.join(entry, name)));
  }
  return latest;
}

const built = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built > changed && fs.existsSync("build/server/index.js")) {
  console.log("build is current: nothing changed since build/.built");
} else {
  execSync("npm run build", { stdio: "inherit" });
  fs.writeFileSync(STAMP, new Date().toISOString() + "\n");
}
