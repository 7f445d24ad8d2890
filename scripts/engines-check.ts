// npm run engines — fails when an installed package says it will not run on the Node.js this project
// promises (package.json `engines.node`, today >=20.19: the machines run Node 20). npm only warns
// about such a package at install, and a dependency's minor release can raise its floor (cookie@2 and
// content-disposition@3 asked for Node 22 and came in through patch releases of @fastify packages),
// so the check reads every package.json in the installed tree.
import fs from "node:fs";
import path from "node:path";
import semver from "semver";

const root = path.resolve(import.meta.dirname, "..");
const own = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  engines: { node: string };
};
const floor = semver.minVersion(own.engines.node);
if (!floor) throw new Error(`package.json engines.node is not a range: ${own.engines.node}`);

/** package.json files of every installed package, nested installs included. */
function* manifests(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const at = path.join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      yield* manifests(at);
      continue;
    }
    const manifest = path.join(at, "package.json");
    if (fs.existsSync(manifest)) yield manifest;
    const nested = path.join(at, "node_modules");
    if (fs.existsSync(nested)) yield* manifests(nested);
  }
}

const refusing: string[] = [];
for (const manifest of manifests(path.join(root, "node_modules"))) {
  const pkg = JSON.parse(fs.readFileSync(manifest, "utf8")) as {
    name?: string;
    version?: string;
    engines?: { node?: unknown };
  };
  const range = pkg.engines?.node;
  // Some packages write engines as an array or leave junk there; npm ignores those, so do we.
  if (typeof range !== "string" || !semver.validRange(range)) continue;
  if (!semver.satisfies(floor, range, { includePrerelease: true })) {
    refusing.push(`${pkg.name}@${pkg.version} wants node ${range} (${path.relative(root, manifest)})`);
  }
}

if (refusing.length) {
  console.error(`These packages do not support Node ${floor.version} (package.json engines):`);
  for (const line of refusing) console.error(`  ${line}`);
  console.error("Pin an older release or add an npm override (package.json `overrides`).");
  process.exit(1);
}
console.log(`engines: every installed package runs on Node ${floor.version}`);
