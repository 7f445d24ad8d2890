/**
 * The guarded URL fetcher behind "share a link" (spec §7 Parser, GET /page/info?url): it reads a page
 * someone else names, from inside our network, so it must never become a way to reach that network
 * (SSRF). The rules:
 *
 * - only http: and https:, no credentials in the URL;
 * - the host is resolved once with dns.lookup (every address) and refused if ANY address is not
 *   public — a name that answers both a public and a private address is refused, not raced;
 * - the connection goes to the address we vetted: a custom `lookup` pins it, so a DNS answer that
 *   changes between our check and the connect (DNS rebinding) cannot swap it;
 * - redirects are followed by hand (at most 5), every hop vetted the same way;
 * - one deadline for the whole read (8 s), a body cap (2 MB; reading stops there) and text/html only.
 *
 * Literal IP hosts in any notation (2130706433, 0177.0.0.1, 0x7f.1, [::ffff:7f00:1]) need no special
 * care: WHATWG `new URL()` normalizes them to the canonical address, which the classifier
 * (public-address.ts) then sees.
 *
 * Errors are AppErrors naming the field `url`:
 * - 400 (`PAGE_FETCH_CODES.refused`): the URL itself is unacceptable — malformed, not http(s), or it
 *   (or a redirect) leads to a non-public address;
 * - 422 (`PAGE_FETCH_CODES.failed`): the URL is fine but the page could not be read — unknown host,
 *   connection failure, timeout, too many redirects, an error status, not HTML. A remote failure is
 *   the remote's problem, never our 500.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { AppError } from "./errors.ts";
import { isPublicAddress } from "./public-address.ts";

export const PAGE_FETCH_CODES = { refused: 400, failed: 422 } as const;

export const PAGE_FETCH_DEFAULTS = {
  timeoutMs: 8_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface PageFetchOptions {
  /**
   * TEST ONLY (config PAGE_FETCH_ALLOW_LOOPBACK=1): also accept 127.0.0.0/8 and ::1, so browser
   * tests can serve the page they share on loopback. Every other non-public range stays refused.
   */
  allowLoopbackForTests?: boolean;
  /** The deadline for the whole read, redirects included. */
  timeoutMs?: number;
  /** Bytes of (decoded) body kept; reading stops past it and the result says `truncated`. */
  maxBytes?: number;
  maxRedirects?: number;
  /** Resolves a host name to every address (tests substitute one); dns.lookup by default. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  userAgent?: string;
  signal?: AbortSignal;
}

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** The media type without parameters: text/html or application/xhtml+xml. */
  mediaType: string;
  /** The charset parameter of Content-Type, lower-cased, if any. */
  charset: string | null;
  body: Buffer;
  /** The body stopped at maxBytes. */
  truncated: boolean;
  /** Every URL requested, in order (the first is the one asked for). */
  hops: string[];
}

const refused = (message: string) => new AppError(PAGE_FETCH_CODES.refused, message, "url");
const failed = (message: string) => new AppError(PAGE_FETCH_CODES.failed, message, "url");

// ---------------------------------------------------------------------------------------------
// URLs

/**
 * Parses and checks a URL before any network work: http(s) only, no credentials, and a literal IP
 * host (in whatever notation; URL normalizes it) must be public. Throws a 400 naming `url`.
 */
export function checkFetchUrl(raw: string | URL, opts: { allowLoopbackForTests?: boolean } = {}): URL {
  let url: URL;
  try {
    url = typeof raw === "string" ? new URL(raw.trim()) : new URL(raw.href);
  } catch {
    throw refused("链接格式不正确，请输入以 http:// 或 https:// 开头的网址");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw refused("只能读取 http:// 或 https:// 开头的网址");
  }
  if (url.username || url.password) throw refused("链接中不能包含用户名或密码");
  const host = bareHost(url);
  if (!host) throw refused("链接缺少域名");
  if (net.isIP(host) && !isPublicAddress(host, opts)) throw refused(NON_PUBLIC_MESSAGE);
  return url;
}

const NON_PUBLIC_MESSAGE = "不能读取内网、本机或保留地址上的网页";

/** The host without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

// ---------------------------------------------------------------------------------------------
// Fetching

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const all = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Rejects when the deadline passes first. */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(failed("读取网页超时"));
  let timer: NodeJS.Timeout;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(failed("读取网页超时")), left);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Resolves the host of a vetted URL and picks the address to pin; refuses if any is non-public. */
async function vetHost(url: URL, opts: PageFetchOptions, deadline: number): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const family = net.isIP(host);
  if (family) return { address: host, family: family as 4 | 6 };
  let addresses: ResolvedAddress[];
  try {
    addresses = await beforeDeadline((opts.resolve ?? systemResolve)(host), deadline);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw failed("找不到该网址的域名");
  }
  if (!addresses.length) throw failed("找不到该网址的域名");
  // ANY non-public answer refuses the name: an attacker's DNS can list a public address first and a
  // private one second, and the connect could fall through to the second.
  if (addresses.some((a) => !isPublicAddress(a.address, opts))) throw refused(NON_PUBLIC_MESSAGE);
  return addresses[0];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

type Hop =
  | { kind: "redirect"; location: string }
  | {
      kind: "page";
      status: number;
      mediaType: string;
      charset: string | null;
      body: Buffer;
      truncated: boolean;
    };

function connectError(err: NodeJS.ErrnoException): AppError {
  if (err instanceof AppError) return err;
  const code = err.code ?? "";
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return failed("该网站的 HTTPS 证书无效");
  if (code === "ECONNREFUSED") return failed("该网站拒绝了连接");
  return failed("无法连接到该网站");
}

/** One request to one pinned address. Reads the body only for a 2xx HTML answer. */
function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  opts: Required<Pick<PageFetchOptions, "maxBytes">> & PageFetchOptions,
  deadline: number,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0) return reject(failed("读取网页超时"));
    if (opts.signal?.aborted) return reject(failed("读取网页已取消"));
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    let body: Readable | undefined;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      fn();
      body?.destroy();
      req.destroy();
    };
    const onAbort = () => finish(() => reject(failed("读取网页已取消")));

    const req = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port || (url.protocol === "https:" ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: "GET",
        agent: false,
        // The pin: whatever the resolver would say now, connect to the address we vetted.
        lookup: (_hostname, options, callback) => {
          if ((options as dns.LookupOptions).all) {
            (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [pinned]);
          } else {
            callback(null, pinned.address, pinned.family);
          }
        },
        headers: {
          "user-agent": opts.userAgent ?? "Mozilla/5.0 (compatible; NuggetBot/1.0)",
          accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
          "accept-language": "zh-CN,zh;q=0.9,en;q=0.8",
          "accept-encoding": "gzip, deflate, br",
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          const location = res.headers.location;
          return finish(() => resolve({ kind: "redirect", location }));
        }
        if (status < 200 || status >= 300) {
          return finish(() => reject(failed(`网页返回了错误状态（${status}）`)));
        }
        const [type, ...params] = String(res.headers["content-type"] ?? "").split(";");
        const mediaType = type.trim().toLowerCase();
        if (!HTML_TYPES.has(mediaType)) {
          return finish(() => reject(failed("该链接不是网页（只能读取 text/html）")));
        }
        const charsetParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("charset="));
        const charset = charsetParam ? charsetParam.slice(8).replace(/["']/g, "").trim() || null : null;

        // The cap applies to decoded bytes, so a small gzip bomb cannot grow past it.
        const encoding = String(res.headers["content-encoding"] ?? "")
          .trim()
          .toLowerCase();
        body =
          encoding === "gzip" || encoding === "x-gzip"
            ? res.pipe(zlib.createGunzip())
            : encoding === "deflate"
              ? res.pipe(zlib.createInflate())
              : encoding === "br"
                ? res.pipe(zlib.createBrotliDecompress())
                : res;
        const chunks: Buffer[] = [];
        let size = 0;
        const page = (truncated: boolean): Hop => ({
          kind: "page",
          status,
          mediaType,
          charset,
          body: Buffer.concat(chunks),
          truncated,
        });
        body.on("data", (chunk: Buffer) => {
          if (settled) return;
          const room = opts.maxBytes - size;
          if (chunk.length >= room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            // Stop reading: the head of a page is all the parser needs.
            return finish(() => resolve(page(true)));
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        body.on("end", () => finish(() => resolve(page(false))));
        body.on("error", () =>
          finish(() => (size ? resolve(page(true)) : reject(failed("网页内容无法解码")))),
        );
        res.on("error", () => finish(() => (size ? resolve(page(true)) : reject(failed("读取网页失败")))));
      },
    );
    // Armed only once `req` exists: finish() destroys it.
    const timer = setTimeout(() => finish(() => reject(failed("读取网页超时"))), left);
    opts.signal?.addEventListener("abort", onAbort);
    req.on("error", (err) => finish(() => reject(connectError(err))));
    req.end();
  });
}

/**
 * Reads an HTML page from a public address, following redirects by hand. See the top of this file for
 * every rule; throws AppError 400/422 naming `url`.
 */
export async function fetchPage(rawUrl: string | URL, options: PageFetchOptions = {}): Promise<FetchedPage> {
  const opts = {
    ...options,
    timeoutMs: options.timeoutMs ?? PAGE_FETCH_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? PAGE_FETCH_DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? PAGE_FETCH_DEFAULTS.maxRedirects,
  };
  const deadline = Date.now() + opts.timeoutMs;
  const hops: string[] = [];
  let url = checkFetchUrl(rawUrl, opts);
  for (;;) {
    hops.push(url.href);
    const pinned = await vetHost(url, opts, deadline);
    const hop = await requestOnce(url, pinned, opts, deadline);
    if (hop.kind === "page") {
      return {
        url: url.href,
        status: hop.status,
        mediaType: hop.mediaType,
        charset: hop.charset,
        body: hop.body,
        truncated: hop.truncated,
        hops,
      };
    }
    if (hops.length > opts.maxRedirects) throw failed(`重定向次数过多（超过 ${opts.maxRedirects} 次）`);
    let next: URL;
    try {
      next = new URL(hop.location, url);
    } catch {
      throw failed("网页重定向到了无效的地址");
    }
    // Every hop is checked as if the user had typed it.
    url = checkFetchUrl(next, opts);
  }
}
