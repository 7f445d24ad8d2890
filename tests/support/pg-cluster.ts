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

export function ownClusterCan(): string | null {
  if (!PG_BIN || !fs.existsSync(path.join(PG_BIN, "initdb"))) return "needs PostgreSQL's initdb and pg_ctl";
  return null;
}

export function startOwnCluster(port: number): OwnCluster {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-pg-"));
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) => {
    const cmd = path.join(PG_BIN!, bin);
    if (asRoot) {
      const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
      execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { stdio: "pipe" });
    } else {
      execFileSync(cmd, args, { stdio: "pipe" });
    }
  };
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    destroy() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
