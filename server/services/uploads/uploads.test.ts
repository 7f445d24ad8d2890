import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { testApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { sniffImageType } from "./sniff.ts";

let nugget: NuggetApp;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-uploads-"));
  nugget = await testApp({ uploadDir });
});
afterAll(async () => {
  await nugget.app.close();
  await nugget.database.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

interface FilePart {
  name?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
function formData(file: FilePart, fields: Record<string, string> = {}) {
  const boundary = `----nugget${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? "file"}"; filename="${file.filename ?? "a.png"}"\r\n` +
        `Content-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  data: Buffer,
  opts: { auth?: Auth; filename?: string; type?: string; purpose?: string; query?: string } = {},
) {
  const body = formData(
    { data, filename: opts.filename, type: opts.type },
    opts.purpose ? { purpose: opts.purpose } : {},
  );
  const headers: Record<string, string> = { "content-type": body.contentType };
  if (opts.auth) Object.assign(headers, opts.auth);
  const res = await nugget.app.inject({
    method: "POST",
    url: `/api/upload${opts.query ?? ""}`,
    headers,
    payload: body.payload,
  });
  const json = res.json() as { s: number; m: string; d: any };
  return { status: res.statusCode, ...json };
}

/**
 * Every file under the upload folder (temporary files included), but the variants (`@thumb` …),
 * which the upload-variants job writes in the background whenever its turn comes.
 */
function storedFiles(): string[] {
  return fs.readdirSync(uploadDir, { recursive: true, encoding: "utf8" }).filter((f) => {
    return !f.includes("@") && fs.statSync(path.join(uploadDir, f)).isFile();
  });
}

const solid = (width: number, height: number, background = "#3080ff") =>
  sharp({ create: { width, height, channels: 3, background } });
const png = (w = 40, h = 30) => solid(w, h).png().toBuffer();
const jpeg = (w = 40, h = 30) => solid(w, h, "#ff8030").jpeg().toBuffer();

/** A 24-bit BMP written by hand (libvips cannot write BMP either). */
function bmp(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + stride * height);
  buf.write("BM", 0, "ascii");
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Bottom-up rows of BGR: the bottom row is pure red, everything else blue.
      const p = 54 + y * stride + x * 3;
      if (y === 0) buf[p + 2] = 255;
      else buf[p] = 255;
    }
  }
  return buf;
}

/** A PNG whose header claims width × height, with its IHDR checksum fixed up. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const buf = Buffer.from(await png(4, 4));
  buf.writeUInt32BE(width, 16);
  buf.writeUInt32BE(height, 20);
  buf.writeUInt32BE(crc32(buf.subarray(12, 29)), 29);
  return buf;
}

async function served(url: string) {
  const res = await nugget.app.inject({ method: "GET", url });
  return res;
}

describe("POST /api/upload", () => {
  // A user per test: uploads are limited per user a minute.
  let auth: Auth;
  beforeEach(async () => {
    auth = (await registerByEmail(nugget)).auth;
  });

  it("re-encodes a JPEG: EXIF is gone, the bytes differ, and it is served as an image", async () => {
    const input = await solid(64, 48, "#20a060")
      .jpeg({ quality: 95 })
      .withExif({ IFD0: { Copyright: "SECRET-EXIF-MARKER", Artist: "someone" } })
      .toBuffer();
    expect(input.includes("SECRET-EXIF-MARKER")).toBe(true);
    const r = await upload(input, { auth, filename: "photo.jpg", type: "image/jpeg" });
    expect(r.status).toBe(200);
    expect(r).toMatchObject({ s: 1, d: { width: 64, height: 48, type: "jpg" } });
    expect(r.d.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{64}\.jpg$/);

    const res = await served(r.d.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toContain("immutable");
    const stored = res.rawPayload;
    expect(stored.equals(input)).toBe(false);
    expect(stored.includes("SECRET-EXIF-MARKER")).toBe(false);
    expect(stored.length).toBe(r.d.size);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    // Stored under UPLOAD_DIR at the path the URL names.
    expect(fs.readFileSync(path.join(uploadDir, r.d.url.replace("/uploads/", ""))).equals(stored)).toBe(true);
  });

  it("re-encodes a PNG: a payload appended after IEND does not survive", async () => {
    const input = Buffer.concat([await png(33, 21), Buffer.from("<script>alert(1)</script>PK\x03\x04")]);
    const r = await upload(input, { auth, filename: "a.png", type: "image/png" });
    expect(r).toMatchObject({ s: 1, d: { width: 33, height: 21, type: "png" } });
    const res = await served(r.d.url);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload.includes("<script>")).toBe(false);
    expect(sniffImageType(res.rawPayload)).toBe("png");
  });

  it("gives the same bytes the same URL, and keeps one file", async () => {
    const input = await png(17, 17);
    const first = await upload(input, { auth });
    const before = storedFiles().length;
    const second = await upload(input, { auth, filename: "again.png" });
    expect(second.d.url).toBe(first.d.url);
    expect(storedFiles().length).toBe(before);
  });

  it("tells the type by the first bytes: a PNG named .jpg is a PNG", async () => {
    const r = await upload(await png(12, 10), { auth, filename: "photo.jpg", type: "image/jpeg" });
    expect(r).toMatchObject({ s: 1, d: { type: "png" } });
    expect(r.d.url).toMatch(/\.png$/);
    expect((await served(r.d.url)).headers["content-type"]).toBe("image/png");
  });

  it("accepts GIF and WebP, and converts BMP to PNG", async () => {
    const gif = await solid(20, 10).gif().toBuffer();
    const webp = await solid(20, 10).webp().toBuffer();
    expect(await upload(gif, { auth, filename: "a.gif" })).toMatchObject({ s: 1, d: { type: "gif" } });
    expect(await upload(webp, { auth, filename: "a.webp" })).toMatchObject({ s: 1, d: { type: "webp" } });
    const r = await upload(bmp(5, 3), { auth, filename: "a.bmp" });
    expect(r).toMatchObject({ s: 1, d: { type: "png", width: 5, height: 3 } });
    const { data, info } = await sharp((await served(r.d.url)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Rows come out top-down: the BMP's bottom row (red) is the last row.
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect(at(0, 2)).toEqual([255, 0, 0]);
    expect(at(0, 0)).toEqual([0, 0, 255]);
  });

  it("keeps every frame of an animated GIF", async () => {
    const frame = (c: string) => solid(16, 8, c).png().toBuffer();
    const gif = await sharp([await frame("#f00"), await frame("#0f0"), await frame("#00f")], {
      join: { animated: true },
    })
      .gif()
      .toBuffer();
    const r = await upload(gif, { auth, filename: "anim.gif" });
    expect(r).toMatchObject({ s: 1, d: { type: "gif", width: 16, height: 8 } });
    const meta = await sharp((await served(r.d.url)).rawPayload, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
  });

  it.each([
    ["HTML", "page.png", "<!doctype html><html><script>alert(1)</script></html>"],
    ["SVG", "logo.png", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="9" height="9"/>'],
    ["ZIP", "photo.jpg", "PK\x03\x04\x14\x00\x00\x00\x08\x00 not an image at all"],
    ["PDF", "scan.webp", "%PDF-1.7\n1 0 obj <<>> endobj"],
  ])("refuses %s named like an image: file format not supported", async (_kind, filename, text) => {
    const before = storedFiles().length;
    const r = await upload(Buffer.from(text, "latin1"), { auth, filename, type: "image/png" });
    expect(r).toMatchObject({ status: 415, s: 415, m: "文件格式不支持", d: { field: "file" } });
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a truncated PNG or JPEG and stores nothing", async () => {
    const before = storedFiles().length;
    const p = await png(64, 64);
    const j = await solid(64, 64).jpeg().toBuffer();
    for (const broken of [p.subarray(0, p.length - 20), p.subarray(0, 40), j.subarray(0, j.length >> 1)]) {
      const r = await upload(Buffer.from(broken), { auth });
      expect(r.status).toBe(400);
      expect(r.d).toEqual({ field: "file" });
    }
    expect(storedFiles().length).toBe(before);
  });

  it("refuses a decompression bomb from its header, before decoding", async () => {
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const r = await upload(bomb, { auth });
    expect(r).toMatchObject({ status: 400, d: { field: "file" } });
    expect(r.m).toContain("尺寸太大");
  });

  it("refuses an over-size file while streaming: file too large, nothing on disk", async () => {
    const small = await testApp({ uploadDir, uploadMaxBytes: 4096 });
    try {
      const u = await registerByEmail(small);
      // Random pixels do not compress: this PNG is far over 4 KiB.
      const noisy = await sharp(Buffer.from(Array.from({ length: 64 * 64 * 3 }, () => Math.random() * 256)), {
        raw: { width: 64, height: 64, channels: 3 },
      })
        .png()
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(4096);
      const before = storedFiles().length;
      const body = formData({ data: noisy });
      const res = await small.app.inject({
        method: "POST",
        url: "/api/upload",
        headers: { "content-type": body.contentType, ...u.auth },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ s: 413, m: "文件太大", d: { field: "file" } });
      expect(storedFiles().length).toBe(before);
    } finally {
      await small.app.close();
      await small.database.close();
    }
  });

  it("collection backgrounds: jpg and png only, at most 1,048,576 bytes", async () => {
    const gif = await solid(20, 10).gif().toBuffer();
    const webp = await solid(20, 10).webp().toBuffer();
    for (const purpose of ["field", "query"]) {
      const opts = purpose === "field" ? { purpose: "collection" } : { query: "?purpose=collection" };
      expect(await upload(gif, { auth, ...opts })).toMatchObject({ status: 415, m: "文件格式不支持" });
      expect(await upload(webp, { auth, ...opts })).toMatchObject({ status: 415, m: "文件格式不支持" });
      expect(await upload(bmp(4, 4), { auth, ...opts })).toMatchObject({ status: 415 });
      expect(await upload(await jpeg(), { auth, ...opts })).toMatchObject({ s: 1, d: { type: "jpg" } });
    }
    // Just over 1 MiB of a valid PNG (padding after IEND): too large before anything is decoded.
    const big = Buffer.concat([await png(), Buffer.alloc(1_048_577)]);
    const before = storedFiles().length;
    expect(await upload(big, { auth, purpose: "collection" })).toMatchObject({ status: 413, m: "文件太大" });
    expect(await upload(big, { auth, query: "?purpose=collection" })).toMatchObject({ status: 413 });
    expect(storedFiles().length).toBe(before);
    // The same file is fine as an ordinary image (5 MiB), and the padding is dropped.
    const r = await upload(big, { auth });
    expect(r).toMatchObject({ s: 1 });
    expect(r.d.size).toBeLessThan(10_000);
    expect(await upload(await png(), { auth, purpose: "poster" })).toMatchObject({ status: 400 });
  });

  it("needs a signed-in user (401), and a file", async () => {
    expect(await upload(await png())).toMatchObject({ status: 401, s: 401 });
    const r = await call(nugget.app, "POST", "/api/upload", { body: { file: "x" }, auth });
    expect(r.status).toBe(400);
    expect(r.d).toEqual({ field: "file" });
  });

  it("answers a broken multipart body with 400, never 500", async () => {
    const part = (name: string, filename: string, body: string) =>
      `--xx\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n${body}\r\n`;
    const cases: Array<[string, string]> = [
      ["multipart/form-data", "garbage"],
      ["multipart/form-data; boundary=xx", "garbage"],
      ["multipart/form-data; boundary=xx", part("file", "a.png", "\x89PNG").slice(0, -2)],
      [
        "multipart/form-data; boundary=xx",
        part("file", "a.png", "a") + part("file", "b.png", "b") + "--xx--\r\n",
      ],
    ];
    for (const [contentType, payload] of cases) {
      const res = await nugget.app.inject({
        method: "POST",
        url: "/api/upload",
        headers: { "content-type": contentType, ...auth },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().d).toEqual({ field: "file" });
    }
  });

  it("limits uploads per user (429)", async () => {
    const u = (await registerByEmail(nugget)).auth;
    const input = await png(3, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(input, { auth: u })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Someone else is not affected.
    expect((await upload(input, { auth })).status).toBe(200);
  });

  it("pins accept the uploaded URL", async () => {
    const r = await upload(await png(8, 8), { auth });
    const pin = await call(nugget.app, "POST", "/api/pins", {
      body: { content: "带图的沸点", imageUrlList: [r.d.url] },
      auth,
    });
    expect(pin).toMatchObject({ s: 1, d: { imageUrlList: [r.d.url] } });
    const bad = await call(nugget.app, "POST", "/api/pins", {
      body: { content: "坏地址", imageUrlList: ["/uploads/../../etc/passwd"] },
      auth,
    });
    expect(bad).toMatchObject({ status: 400, d: { field: "imageUrlList" } });
  });
});

describe("GET /uploads/…", () => {
  it("serves only names the service could have made", async () => {
    for (const url of [
      "/uploads/../../package.json",
      "/uploads/%2e%2e/%2e%2e/package.json",
      "/uploads/2026/11/abc.png",
      `/uploads/2026/11/${"a".repeat(64)}.html`,
      `/uploads/2026/11/${"a".repeat(64)}.png`,
    ]) {
      const res = await served(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).not.toContain("text/html");
    }
  });

  it("answers 304 to a matching ETag", async () => {
    const auth = (await registerByEmail(nugget)).auth;
    const r = await upload(await png(9, 9), { auth });
    const first = await served(r.d.url);
    const again = await nugget.app.inject({
      method: "GET",
      url: r.d.url,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("property: arbitrary bytes", () => {
  it("as a multipart body never answer 5xx", async () => {
    let auth = (await registerByEmail(nugget)).auth;
    let calls = 0;
    const head = 'Content-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
          fc.string({ maxLength: 200 }).map((t) => Buffer.from(`--xx\r\n${head}${t}`)),
          fc.string({ maxLength: 200 }).map((t) => Buffer.from(`--xx\r\n${t}\r\n--xx--\r\n`)),
        ),
        async (payload) => {
          // A fresh user now and then: the per-user limit (30 a minute) is not what this tests.
          if (++calls % 25 === 0) auth = (await registerByEmail(nugget)).auth;
          const res = await nugget.app.inject({
            method: "POST",
            url: "/api/upload",
            headers: { "content-type": "multipart/form-data; boundary=xx", ...auth },
            payload,
          });
          expect(res.statusCode).toBeLessThan(500);
          expect(res.statusCode).not.toBe(429);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("never answer 5xx, and are stored only when they decode", async () => {
    // Fresh users now and then: the per-user limit (30 a minute) is not what this tests.
    let auth = (await registerByEmail(nugget)).auth;
    let calls = 0;
    const outcomes = { stored: 0, refused: 0 };
    const seeds = await Promise.all([
      png(6, 5),
      jpeg(6, 5),
      solid(6, 5).gif().toBuffer(),
      solid(6, 5).webp().toBuffer(),
      Promise.resolve(bmp(6, 5)),
    ]);
    const magic = seeds.map((s) => s.subarray(0, 16));
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a)),
      // Right first bytes, anything after.
      fc
        .tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 400 }))
        .map(([m, rest]) => Buffer.concat([m, rest])),
      // A real image with a few bytes changed, or cut short.
      fc
        .tuple(
          fc.constantFrom(...seeds),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
          fc.option(fc.nat(), { nil: undefined }),
        )
        .map(([seed, flips, cut]) => {
          const b = Buffer.from(seed);
          for (const [at, v] of flips) b[at % b.length] = v;
          return cut === undefined ? b : b.subarray(0, cut % b.length);
        }),
    );
    await fc.assert(
      fc.asyncProperty(bytes, async (input) => {
        if (++calls % 25 === 0) auth = (await registerByEmail(nugget)).auth;
        const before = storedFiles();
        const r = await upload(input, { auth });
        expect(r.status).toBeLessThan(500);
        if (r.status !== 200) {
          outcomes.refused++;
          expect(storedFiles()).toEqual(before);
          return;
        }
        outcomes.stored++;
        const stored = fs.readFileSync(path.join(uploadDir, r.d.url.replace("/uploads/", "")));
        const meta = await sharp(stored, { failOn: "warning", animated: true }).metadata();
        expect(meta.width).toBe(r.d.width);
        await sharp(stored, { failOn: "warning", animated: true }).raw().toBuffer();
      }),
      // The intact images first, always: with only random flips and cuts, a run could store none.
      { numRuns: 120, examples: seeds.map((seed) => [Buffer.from(seed)] as [Buffer]) },
    );
    // Both roads were walked: some inputs decoded and were stored, most were refused.
    expect(outcomes.stored).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 60_000);
});
