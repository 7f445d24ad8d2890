import zlib from "node:zlib";
import Fastify from "fastify";
import fastifyCompress from "@fastify/compress";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { installBufferedCompression, pickEncoding, takesGzip } from "./compress.ts";

describe("pickEncoding", () => {
  it("reads the usual headers", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("GZIP")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding("")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    // A page-cache hit sends its pre-built gzip only to a client that takes it.
    expect([
      takesGzip("gzip, deflate, br"),
      takesGzip("gzip;q=0, br"),
      takesGzip("br"),
      takesGzip(undefined),
    ]).toEqual([true, false, false, false]);
  });

  it("never picks an encoding the header refuses, and takes br or gzip whenever one is offered", () => {
    const name = fc.constantFrom("br", "gzip", "deflate", "identity", "*", "zstd", "BR", "Gzip");
    const q = fc.option(fc.constantFrom("0", "0.0", "0.5", "1", "1.0", "abc", ""), { nil: undefined });
    fc.assert(
      fc.property(fc.array(fc.tuple(name, q), { maxLength: 6 }), (parts) => {
        const header = parts.map(([n, w]) => (w === undefined ? n : `${n};q=${w}`)).join(", ");
        const weights = new Map<string, number>();
        for (const [n, w] of parts) {
          const v = w === undefined ? 1 : w === "" ? NaN : Number(w);
          weights.set(n.toLowerCase(), v >= 0 && v <= 1 ? v : 0);
        }
        const accepted = (n: string) => (weights.get(n) ?? weights.get("*") ?? 0) > 0;
        const picked = pickEncoding(header);
        // What the page cache asks of a hit, twice (the second answer is the remembered one).
        expect([takesGzip(header), takesGzip(header)]).toEqual([accepted("gzip"), accepted("gzip")]);
        if (picked) expect(accepted(picked)).toBe(true);
        if (accepted("br")) expect(picked).toBe("br");
        else if (accepted("gzip")) expect(picked).toBe("gzip");
        else expect(picked).toBeNull();
      }),
    );
  });
});

describe("buffered compression", () => {
  async function makeApp() {
    const app = Fastify();
    installBufferedCompression(app);
    await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
    const big = { list: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `第 ${i} 篇文章` })) };
    app.get("/json", async () => big);
    app.get("/small", async () => ({ ok: true }));
    app.get("/page", async (_req, reply) =>
      reply.type("text/html; charset=utf-8").header("vary", "Cookie").send("<p>掘金</p>".repeat(500)),
    );
    app.get("/huge", async () => ({ text: "x".repeat(300 * 1024) }));
    app.get("/png", async (_req, reply) => reply.type("image/png").send(Buffer.alloc(4096)));
    return { app, big };
  }

  it("compresses JSON and pages in the encoding asked, decoding to the same body", async () => {
    const { app, big } = await makeApp();
    const br = await app.inject({ url: "/json", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    const gz = await app.inject({ url: "/page", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe("<p>掘金</p>".repeat(500));
    await app.close();
  });

  it("leaves small, binary, refused and opted-out answers as they are", async () => {
    const { app } = await makeApp();
    const small = await app.inject({ url: "/small", headers: { "accept-encoding": "br" } });
    expect([small.headers["content-encoding"], small.json()]).toEqual([undefined, { ok: true }]);
    const png = await app.inject({ url: "/png", headers: { "accept-encoding": "br" } });
    expect(png.headers["content-encoding"]).toBeUndefined();
    const plain = await app.inject({ url: "/json", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const opted = await app.inject({
      url: "/json",
      headers: { "accept-encoding": "br", "x-no-compression": "1" },
    });
    expect(opted.headers["content-encoding"]).toBeUndefined();
    await app.close();
  });

  it("leaves bodies past its limit to the streaming plugin, which still compresses them", async () => {
    const { app } = await makeApp();
    const huge = await app.inject({ url: "/huge", headers: { "accept-encoding": "gzip" } });
    expect(huge.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(huge.rawPayload).toString()).text).toHaveLength(300 * 1024);
    await app.close();
  });
});
