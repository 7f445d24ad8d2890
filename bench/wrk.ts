// The bench's second load generator: wrk (Debian's package `wrk`), for `npm run bench -- --generator wrk`.
//
// autocannon, in JavaScript on the same two cores, tops out near 10,000 answers a second once an
// answer is a page (the bench's own control, "bare route sending the explore page's gzip bytes",
// reaches no more than the cache hits do): it measures itself there, not the server. wrk, in C,
// reads the same pages several times faster, so a cache hit's cost shows against the bare route.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface WrkLoad {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  /** Paths sent in turn instead of the URL's own. */
  paths?: string[];
  /** Header sets sent in turn; with paths, request n takes set n mod R and path ⌊n / R⌋ mod P. */
  headerSets?: Record<string, string>[];
  /** Each request from an address of its own (X-Forwarded-For; the app trusts it in the bench). */
  manyAddresses?: boolean;
  /** Threads of wrk (each one core's worth of reading). */
  threads?: number;
  /** The cores wrk runs on (taskset), else wherever the scheduler puts it. */
  cores?: string;
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Is wrk on the PATH? */
export function wrkAvailable(): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, "wrk"), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The Lua script that rotates paths and forwarded addresses, when the load asks for either. */
function script(load: WrkLoad): string | null {
  if (!load.paths && !load.manyAddresses && !load.headerSets) return null;
  const paths = load.paths ?? [new URL(load.url).pathname + new URL(load.url).search];
  const sets = load.headerSets ?? [];
  const luaTable = (set: Record<string, string>) =>
    `{ ${Object.entries(set)
      .map(([k, v]) => `[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
      .join(", ")} }`;
  const lua = [
    `local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }`,
    `local sets = { ${sets.map(luaTable).join(", ")} }`,
    "local n = 0",
    "request = function()",
    "  local path = paths[(n % #paths) + 1]",
    "  if #sets > 0 then",
    "    for k, v in pairs(sets[(n % #sets) + 1]) do wrk.headers[k] = v end",
    "    path = paths[(math.floor(n / #sets) % #paths) + 1]",
    "  end",
    "  n = n + 1",
    ...(load.manyAddresses
      ? [
          '  wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(0, 255))',
        ]
      : []),
    "  return wrk.format(nil, path)",
    "end",
  ].join("\n");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nugget-wrk-")), "load.lua");
  fs.writeFileSync(file, lua);
  return file;
}

const MS = { us: 0.001, ms: 1, s: 1000 } as Record<string, number>;
const toMs = (text: string | undefined) => {
  const m = /([\d.]+)(us|ms|s)/.exec(text ?? "");
  return m ? Number((Number(m[1]) * MS[m[2]]).toFixed(2)) : NaN;
};

export async function wrk(load: WrkLoad): Promise<WrkResult> {
  const lua = script(load);
  const args = [
    `-t${load.threads ?? (load.cores ? 1 : 2)}`,
    `-c${load.connections}`,
    `-d${load.duration}s`,
    "--latency",
    ...Object.entries(load.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    ...(lua ? ["-s", lua] : []),
    load.url,
  ];
  let stdout: string;
  try {
    ({ stdout } = load.cores
      ? await run("taskset", ["-c", load.cores, "wrk", ...args], { maxBuffer: 1 << 20 })
      : await run("wrk", args, { maxBuffer: 1 << 20 }));
  } finally {
    // The script's own temporary folder: one a scenario would otherwise pile up in /tmp.
    if (lua) fs.rmSync(path.dirname(lua), { recursive: true, force: true });
  }
  const line = (label: RegExp) => label.exec(stdout)?.[1];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  return {
    rps: Math.round(Number(line(/Requests\/sec:\s+([\d.]+)/))),
    p50: toMs(line(/\s50%\s+(\S+)/)),
    p99: toMs(line(/\s99%\s+(\S+)/)),
    errors:
      Number(line(/Non-2xx or 3xx responses: (\d+)/) ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}
