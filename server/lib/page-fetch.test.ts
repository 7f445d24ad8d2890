import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { AppError } from "./errors.ts";
import { checkFetchUrl, fetchPage, PAGE_FETCH_CODES, type ResolvedAddress } from "./page-fetch.ts";
import { classifyAddress, ipv6ToBigInt, isPublicAddress } from "./public-address.ts";

// The ranges the guard must refuse, written out again here from the brief rather than imported, so
// the properties check the implementation against an independent table.
const PRIVATE_V4 = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "255.255.255.255/32",
];
const PRIVATE_V6 = ["::/128", "::1/128", "fc00::/7", "fe80::/10", "ff00::/8", "2001:db8::/32"];

const v4ToInt = (a: string) => a.split(".").reduce((n, p) => n * 256 + Number(p), 0);
const intToV4 = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
const cidr4 = (c: string) => {
  const [a, len] = c.split("/");
  const size = 2 ** (32 - Number(len));
  const base = v4ToInt(a) - (v4ToInt(a) % size);
  return { base, size };
};
const inPrivateV4 = (n: number) =>
  PRIVATE_V4.some((c) => {
    const { base, size } = cidr4(c);
    return n >= base && n < base + size;
  });

/** An address inside the given IPv4 block. */
const v4In = (c: string) => {
  const { base, size } = cidr4(c);
  return fc.integer({ min: 0, max: size - 1 }).map((o) => intToV4(base + o));
};
const anyPrivateV4 = fc.oneof(...PRIVATE_V4.map(v4In));
const publicV4 = fc
  .integer({ min: 0, max: 2 ** 32 - 1 })
  .filter((n) => !inPrivateV4(n))
  .map(intToV4);

/** Eight groups, uncompressed, e.g. "fe80:0:0:0:1:2:3:4". */
const groupsToV6 = (v: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((v >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(":");
const v6In = (c: string) => {
  const [a, len] = c.split("/");
  const hostBits = 128 - Number(len);
  const base = (ipv6ToBigInt(a)! >> BigInt(hostBits)) << BigInt(hostBits);
  return fc
    .bigInt({ min: 0n, max: (1n << BigInt(hostBits)) - 1n })
    .map((o) => base + o)
    .chain((v) =>
      // Both the long form and what URL would print (compressed) must be refused.
      fc.constantFrom(groupsToV6(v), new URL(`http://[${groupsToV6(v)}]/`).hostname.slice(1, -1)),
    );
};

describe("address classifier", () => {
  it("refuses every IPv4 address in the private and reserved ranges", () => {
    fc.assert(
      fc.property(anyPrivateV4, (a) => !isPublicAddress(a)),
      { numRuns: 2000 },
    );
    // Each range at its edges, too.
    for (const c of PRIVATE_V4) {
      const { base, size } = cidr4(c);
      expect(isPublicAddress(intToV4(base)), c).toBe(false);
      expect(isPublicAddress(intToV4(base + size - 1)), c).toBe(false);
    }
  });

  it("allows IPv4 addresses outside them", () => {
    fc.assert(
      fc.property(publicV4, (a) => isPublicAddress(a)),
      { numRuns: 2000 },
    );
    for (const a of ["8.8.8.8", "1.1.1.1", "114.114.114.114", "9.255.255.255", "11.0.0.0", "172.32.0.0"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    for (const a of ["100.63.255.255", "100.128.0.0", "172.15.255.255", "198.20.0.0", "223.255.255.255"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it("refuses every IPv6 address in the private and reserved ranges", () => {
    fc.assert(
      fc.property(fc.oneof(...PRIVATE_V6.map(v6In)), (a) => !isPublicAddress(a)),
      { numRuns: 2000 },
    );
  });

  it("judges IPv4-mapped and NAT64 addresses by the IPv4 inside", () => {
    fc.assert(
      fc.property(anyPrivateV4, (a) => {
        const n = v4ToInt(a);
        const hex = `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
        return [`::ffff:${a}`, `::ffff:${hex}`, `64:ff9b::${a}`, `64:ff9b::${hex}`].every(
          (v6) => !isPublicAddress(v6),
        );
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(publicV4, (a) => isPublicAddress(`::ffff:${a}`) && isPublicAddress(`64:ff9b::${a}`)),
      { numRuns: 500 },
    );
  });

  it("allows a sample of global unicast IPv6", () => {
    const globalUnicast = fc
      .bigInt({ min: 0x2000n << 112n, max: (0x4000n << 112n) - 1n })
      .filter((v) => {
        const top16 = Number(v >> 112n);
        const top32 = Number(v >> 96n);
        // Outside 2001::/23, 2001:db8::/32 and 6to4 2002::/16 (judged by its IPv4).
        return !(top32 >>> 9 === 0x2001 << 7) && top32 !== 0x20010db8 && top16 !== 0x2002;
      })
      .map(groupsToV6);
    fc.assert(
      fc.property(globalUnicast, (a) => isPublicAddress(a)),
      { numRuns: 2000 },
    );
    for (const a of ["2606:4700:4700::1111", "2001:4860:4860::8888", "240e::1", "2400:3200::1"]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });

  it("refuses 6to4, IPv4-compatible and unassigned IPv6 that hide a non-public host", () => {
    expect(isPublicAddress("2002:7f00:1::1")).toBe(false); // 6to4 of 127.0.0.1
    expect(isPublicAddress("2002:a00:1::1")).toBe(false); // 6to4 of 10.0.0.1
    expect(isPublicAddress("2002:808:808::1")).toBe(true); // 6to4 of 8.8.8.8
    expect(isPublicAddress("::7f00:1")).toBe(false);
    expect(isPublicAddress("::a00:1")).toBe(false);
    expect(isPublicAddress("4000::1")).toBe(false);
    expect(isPublicAddress("fec0::1")).toBe(false);
    expect(isPublicAddress("not-an-ip")).toBe(false);
    expect(isPublicAddress("fe80::1%eth0")).toBe(false);
  });

  it("the test allowance admits 127.0.0.0/8 and ::1 and nothing else", () => {
    const allow = { allowLoopbackForTests: true };
    fc.assert(
      fc.property(v4In("127.0.0.0/8"), (a) => isPublicAddress(a, allow)),
      { numRuns: 500 },
    );
    expect(isPublicAddress("::1", allow)).toBe(true);
    const othersPrivate = fc.oneof(...PRIVATE_V4.filter((c) => !c.startsWith("127.")).map(v4In));
    fc.assert(
      fc.property(othersPrivate, (a) => !isPublicAddress(a, allow)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.oneof(...PRIVATE_V6.filter((c) => c !== "::1/128").map(v6In)),
        (a) => !isPublicAddress(a, allow),
      ),
      { numRuns: 1000 },
    );
    expect(isPublicAddress("::ffff:127.0.0.1", allow)).toBe(false);
    expect(classifyAddress("169.254.169.254", allow)).toEqual({ allowed: false, reason: "link-local" });
  });
});

/** Every notation an IPv4 host can be written in that WHATWG URL accepts. */
const notations = (a: string) => {
  const n = v4ToInt(a);
  const p = a.split(".").map(Number);
  return fc.constantFrom(
    a,
    String(n),
    `0x${n.toString(16)}`,
    `0${n.toString(8)}`,
    p.map((x) => `0${x.toString(8)}`).join("."),
    p.map((x) => `0x${x.toString(16)}`).join("."),
    `${p[0]}.${p[1]}.${(p[2] << 8) | p[3]}`,
    `${p[0]}.${(p[1] << 16) | (p[2] << 8) | p[3]}`,
    `0x${p[0].toString(16)}.${p[1]}.0${p[2].toString(8)}.${p[3]}`,
    `${a}.`,
    `[::ffff:${a}]`,
  );
};

const expectRefused = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError && err.code === PAGE_FETCH_CODES.refused && err.field === "url";
  }
  return false;
};

describe("URL check", () => {
  it("refuses a private host in any notation", () => {
    fc.assert(
      fc.property(
        anyPrivateV4.chain((a) => notations(a)),
        fc.constantFrom("http", "https", "HTTP"),
        (host, scheme) => expectRefused(() => checkFetchUrl(`${scheme}://${host}:8080/x?y=1`)),
      ),
      { numRuns: 2000 },
    );
  });

  it("accepts a public host in any notation, normalized", () => {
    fc.assert(
      fc.property(
        publicV4.chain((a) => notations(a).map((host) => [a, host] as const)),
        ([a, host]) => {
          const url = checkFetchUrl(`http://${host}/`);
          return url.hostname === a || url.hostname === `[::ffff:${ipv4Hex(a)}]`;
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("refuses other schemes, credentials and junk", () => {
    for (const raw of [
      "ftp://example.com/",
      "file:///etc/passwd",
      "gopher://example.com/",
      "javascript:alert(1)",
      "data:text/html,hi",
      "http://user:pw@example.com/",
      "example.com",
      "http://",
      "http://[::1]/",
      "http://[fe80::1]/",
      "http://[::ffff:a9fe:a9fe]/",
      "",
    ]) {
      expect(
        expectRefused(() => checkFetchUrl(raw)),
        raw,
      ).toBe(true);
    }
  });
});

const ipv4Hex = (a: string) => {
  const n = v4ToInt(a);
  return `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
};

// ---------------------------------------------------------------------------------------------
// Against a real server on loopback.

let server: http.Server;
let base: string;
let port: number;
const closed: string[] = [];
const HTML = "<!doctype html><title>本地页面</title><p>hello</p>";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    res.on("close", () => closed.push(url.pathname));
    switch (url.pathname) {
      case "/page":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(HTML);
      case "/host":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(`<title>${req.headers.host}</title>`);
      case "/gzip":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        return res.end(zlib.gzipSync(HTML));
      case "/gzip-bomb":
        res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
        return res.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)));
      case "/redirect":
        res.writeHead(302, { location: url.searchParams.get("to")! });
        return res.end();
      case "/loop":
        res.writeHead(301, { location: `/loop?n=${Number(url.searchParams.get("n") ?? 0) + 1}` });
        return res.end();
      case "/endless": {
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = Buffer.alloc(16 * 1024, "a");
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        return pump();
      }
      case "/hang":
        return; // never answers
      case "/drip": {
        res.writeHead(200, { "content-type": "text/html" });
        const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write("a")), 20);
        return;
      }
      case "/json":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{}");
      case "/none":
        res.writeHead(200);
        return res.end("<title>x</title>");
      case "/missing":
        res.writeHead(404, { "content-type": "text/html" });
        return res.end("<title>404</title>");
      default:
        res.writeHead(500);
        res.end();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const loopback = { allowLoopbackForTests: true };

async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a rejection");
}

describe("fetchPage on loopback", () => {
  it("(a) refuses the loopback server without the test allowance", async () => {
    for (const url of [`${base}/page`, `http://localhost:${port}/page`, `http://2130706433:${port}/page`]) {
      const err = await rejection(fetchPage(url));
      expect([err.code, err.field], url).toEqual([400, "url"]);
      expect(err.message).toBe("不能读取内网、本机或保留地址上的网页");
    }
  });

  it("(b) reads it with the allowance", async () => {
    const page = await fetchPage(`${base}/page`, loopback);
    expect(page).toMatchObject({ status: 200, mediaType: "text/html", charset: "utf-8", truncated: false });
    expect(page.body.toString("utf8")).toBe(HTML);
    // A name that resolves to loopback works the same way.
    const viaName = await fetchPage(`http://localhost:${port}/page`, loopback);
    expect(viaName.body.toString("utf8")).toBe(HTML);
  });

  it("reads IPv6 loopback [::1] only with the allowance", async () => {
    const v6 = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(HTML);
    });
    const listening = await new Promise<boolean>((r) => {
      v6.once("error", () => r(false));
      v6.listen(0, "::1", () => r(true));
    });
    if (!listening) return; // no IPv6 on this machine
    const url = `http://[::1]:${(v6.address() as AddressInfo).port}/`;
    try {
      expect((await rejection(fetchPage(url))).code).toBe(400);
      expect((await fetchPage(url, loopback)).body.toString("utf8")).toBe(HTML);
    } finally {
      await new Promise((r) => v6.close(r));
    }
  });

  it("(c) refuses redirects to private and metadata addresses, even with the allowance", async () => {
    for (const to of [
      "http://10.0.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00::1]/",
      "http://0xa9fea9fe/",
      "http://192.168.1.1:8080/admin",
    ]) {
      const err = await rejection(fetchPage(`${base}/redirect?to=${encodeURIComponent(to)}`, loopback));
      expect([err.code, err.field], to).toEqual([400, "url"]);
    }
    // …and to other schemes.
    const err = await rejection(
      fetchPage(`${base}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`, loopback),
    );
    expect(err.code).toBe(400);
  });

  it("follows a legitimate redirect and reports the final URL", async () => {
    const page = await fetchPage(`${base}/redirect?to=/page`, loopback);
    expect(page.url).toBe(`${base}/page`);
    expect(page.hops).toEqual([`${base}/redirect?to=/page`, `${base}/page`]);
  });

  it("stops after 5 redirects", async () => {
    const err = await rejection(fetchPage(`${base}/loop`, loopback));
    expect([err.code, err.field]).toEqual([422, "url"]);
    expect(err.message).toContain("重定向次数过多");
  });

  it("(d) caps an endless body and hangs up", async () => {
    const started = Date.now();
    const page = await fetchPage(`${base}/endless`, { ...loopback, maxBytes: 256 * 1024 });
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(256 * 1024);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => closed.includes("/endless")).toBe(true);
  });

  it("caps a body at 2 MB by default, counting decoded bytes (gzip bomb)", async () => {
    const page = await fetchPage(`${base}/gzip-bomb`, loopback);
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(2 * 1024 * 1024);
    const plain = await fetchPage(`${base}/gzip`, loopback);
    expect(plain.body.toString("utf8")).toBe(HTML);
  });

  it("(e) times out on a server that never answers, or answers too slowly", async () => {
    for (const path of ["/hang", "/drip"]) {
      const started = Date.now();
      const err = await rejection(fetchPage(`${base}${path}`, { ...loopback, timeoutMs: 400 }));
      expect([err.code, err.field, err.message], path).toEqual([422, "url", "读取网页超时"]);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    await expect.poll(() => closed.includes("/hang") && closed.includes("/drip")).toBe(true);
  });

  it("reads only HTML, and only 2xx", async () => {
    for (const path of ["/json", "/none", "/missing"]) {
      const err = await rejection(fetchPage(`${base}${path}`, loopback));
      expect([err.code, err.field], path).toEqual([422, "url"]);
    }
  });

  it("answers 422 when nothing listens", async () => {
    const idle = http.createServer();
    await new Promise<void>((r) => idle.listen(0, "127.0.0.1", r));
    const idlePort = (idle.address() as AddressInfo).port;
    await new Promise((r) => idle.close(r));
    const err = await rejection(fetchPage(`http://127.0.0.1:${idlePort}/`, loopback));
    expect([err.code, err.message]).toEqual([422, "该网站拒绝了连接"]);
  });
});

describe("fetchPage name resolution", () => {
  it("refuses a name if ANY of its addresses is non-public", async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    const err = await rejection(fetchPage("http://mixed.example/", { resolve }));
    expect([err.code, err.field]).toEqual([400, "url"]);
  });

  it("connects to the vetted address: a second answer (DNS rebinding) cannot swap it", async () => {
    let calls = 0;
    // First answer loopback (allowed for the test), every later one the metadata address.
    const resolve = async (): Promise<ResolvedAddress[]> => [
      calls++ === 0 ? { address: "127.0.0.1", family: 4 } : { address: "169.254.169.254", family: 4 },
    ];
    const page = await fetchPage(`http://rebind.example:${port}/host`, { ...loopback, resolve });
    // The request reached our loopback server under the name it was given, after one lookup.
    expect(page.body.toString("utf8")).toBe(`<title>rebind.example:${port}</title>`);
    expect(calls).toBe(1);
  });

  it("vets every redirect hop's name too", async () => {
    const resolve = async (host: string): Promise<ResolvedAddress[]> =>
      host === "internal.example"
        ? [{ address: "192.168.0.10", family: 4 }]
        : [{ address: "127.0.0.1", family: 4 }];
    const err = await rejection(
      fetchPage(
        `http://start.example:${port}/redirect?to=${encodeURIComponent("http://internal.example/")}`,
        {
          ...loopback,
          resolve,
        },
      ),
    );
    expect([err.code, err.field]).toEqual([400, "url"]);
  });

  it("answers 422 for a name that does not resolve", async () => {
    const resolve = async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    const err = await rejection(fetchPage("http://nowhere.example/", { resolve }));
    expect([err.code, err.message]).toEqual([422, "找不到该网址的域名"]);
  });

  it("counts a slow resolver against the deadline", async () => {
    const resolve = () => new Promise<ResolvedAddress[]>(() => {});
    const err = await rejection(fetchPage("http://slow.example/", { resolve, timeoutMs: 200 }));
    expect(err.message).toBe("读取网页超时");
  });
});
