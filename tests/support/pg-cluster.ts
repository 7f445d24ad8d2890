import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl from the machine's PostgreSQL), on a port of
 * its own, so the test may stop and start it under load without touching the shared test server.
 * PostgreSQL refuses to run as root: when the tests run as root the cluster belongs to `postgres`.
 */
export interface OwnCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export const PG_BIN = (() => {
  const root = "/usr/lib/postgresql";
  const major = fs.existsSync(root)
    ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  return major ? path.join(root, major, "bin") : undefined;
})();

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs, as `postgres` when the tests run as root. */
function runPg(bin: string, args: string[]) {
  const cmd = path.join(PG_BIN!, bin);
  if (asRoot) {
    const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "pipe" });
  } else {
    execFileSync(cmd, args, { stdio: "pipe" });
  }
}

/**
 * Why this machine cannot run a cluster of a test's own, or null when it can: the programs are
 * there and run (as `postgres` when the tests run as root — CI's PostgreSQL pass). Asked once per
 * file, it costs a few milliseconds; a developer's machine without them skips the test.
 */
export function ownClusterCan(): string | null {
  if (!PG_BIN || !fs.existsSync(path.join(PG_BIN, "initdb")) || !fs.existsSync(path.join(PG_BIN, "pg_ctl"))) {
    return "needs PostgreSQL's initdb and pg_ctl";
  }
  try {
    runPg("initdb", ["--version"]);
  } catch {
    return asRoot ? "cannot run initdb as the postgres user" : "cannot run initdb";
  }
  return null;
}

export function startOwnCluster(port: number): OwnCluster {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-pg-"));
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const log = path.join(dir, "log");
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const start = () => {
    try {
      runPg("pg_ctl", ["-D", data, "-o", options, "-l", log, "-w", "start"]);
    } catch (err) {
      // pg_ctl only says it failed; the server's own words are in its log.
      const tail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n").slice(-10).join("\n") : "";
      throw new Error(`pg_ctl start failed: ${(err as Error).message}\n${tail}`);
    }
  };
  try {
    runPg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => runPg("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    destroy() {
      try {
        runPg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
