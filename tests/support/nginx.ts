import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's nginx (apt-get install nginx). */
export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
/** The example operators install; tests run this very file with their own ports and paths. */
export const NGINX_SITE = path.resolve("deploy/nginx.conf");

export interface SiteOptions {
  /** The port nginx listens on (loopback). */
  listen: number;
  /** The app instances' ports (loopback). */
  upstreams: number[];
  /** Where the microcache keeps its files. */
  cacheDir: string;
  /** The build's client folder, whose assets/ nginx serves itself. */
  clientDir: string;
}

/** Replaces the one line `pattern` matches (exactly `count` times) or says which line went missing. */
function replaceLines(text: string, pattern: RegExp, count: number, replace: (m: RegExpExecArray) => string) {
  const matches = [...text.matchAll(new RegExp(pattern.source, "gm"))];
  if (matches.length !== count)
    throw new Error(
      `deploy/nginx.conf: expected ${count} line(s) like ${pattern} but found ${matches.length}`,
    );
  let out = text;
  for (const m of matches.reverse()) {
    out = out.slice(0, m.index) + replace(m as RegExpExecArray) + out.slice(m.index + m[0].length);
  }
  return out;
}

/**
 * deploy/nginx.conf with a test's ports and directories: the listen line, the upstream's server
 * lines (the first one's options for every port), the microcache directory and the assets root.
 * Everything else — timeouts, retries, headers, caching rules — is the file as shipped.
 */
export function renderSite(template: string, o: SiteOptions): string {
  let text = replaceLines(template, /^(\s*)listen 80;$/, 1, (m) => `${m[1]}listen 127.0.0.1:${o.listen};`);
  let first = true;
  text = replaceLines(text, /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/, 2, (m) => {
    if (!first) return "";
    first = false;
    return o.upstreams.map((port) => `${m[1]}server 127.0.0.1:${port}${m[2] ?? ""};\n`).join("");
  });
  text = replaceLines(
    text,
    /^(\s*)proxy_cache_path \S+ /,
    1,
    (m) => `${m[1]}proxy_cache_path ${o.cacheDir} `,
  );
  text = replaceLines(text, /^(\s*)root \S+;$/, 1, (m) => `${m[1]}root ${o.clientDir};`);
  return text;
}

export interface RunningNginx {
  url: string;
  dir: string;
  process: ChildProcess;
  /**
   * Lines of the access log: `status|upstream addresses|upstream statuses|method uri`, the upstream
   * fields listing every instance tried, comma-separated ("127.0.0.1:1, 127.0.0.1:2" after a retry).
   */
  accessLog(): string[];
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground as a child process with deploy/nginx.conf (renderSite) inside a
 * minimal main configuration whose pid, logs and temporary files all live in a fresh directory.
 */
export async function startNginx(o: Omit<SiteOptions, "cacheDir">): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-nginx-"));
  const site = renderSite(fs.readFileSync(NGINX_SITE, "utf8"), { ...o, cacheDir: path.join(dir, "cache") });
  fs.writeFileSync(path.join(dir, "nugget.conf"), site);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `  ${name}_temp_path ${path.join(dir, name)};`)
    .join("\n");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `# Test wrapper around deploy/nginx.conf (tests/support/nginx.ts).
${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format upstreams '$status|$upstream_addr|$upstream_status|$request_method $request_uri';
  access_log ${path.join(dir, "access.log")} upstreams;
${temp}
  include ${path.join(dir, "nugget.conf")};
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await canConnect(o.listen))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      const log = fs.existsSync(path.join(dir, "error.log"))
        ? fs.readFileSync(path.join(dir, "error.log"), "utf8")
        : "";
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${o.listen}`,
    dir,
    process: child,
    accessLog: () =>
      fs
        .readFileSync(path.join(dir, "access.log"), "utf8")
        .split("\n")
        .filter((line) => line !== ""),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Free loopback ports, found by listening on port 0 and letting go. */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
