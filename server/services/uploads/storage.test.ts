import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads as uploadsTable, users as usersTable } from "../../../db/schema/index.ts";
import { variantUrl } from "../../../shared/uploads.ts";
import { buildApp, type NuggetApp } from "../../app.ts";
import { loadConfig, type S3Config } from "../../config.ts";
import { localStorage, s3Storage, type ObjectStorage } from "../../lib/storage.ts";
import { testApp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { startS3 } from "../../../tests/support/s3.ts";
import { categoryId, makeTag } from "../../../tests/support/factories.ts";

// Object storage, upload records, uses, orphan cleanup and variants (ADR 007), on both drivers:
// the local folder and an S3-compatible bucket (s3rver on a loopback port, started here).

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const solid = (width: number, height: number, background = "#3080ff") =>
  sharp({ create: { width, height, channels: 3, background } });
/**
 * A different image each call, and each run: the same bytes would share one stored object with
 * other tests (and, on a reused PostgreSQL database, with earlier runs' records).
 */
const uniquePng = (w = 24, h = 18) =>
  solid(w, h, `#${randomBytes(3).toString("hex")}`)
    .composite([
      { input: randomBytes(4 * 4 * 3), raw: { width: 4, height: 4, channels: 3 }, left: 0, top: 0 },
    ])
    .png()
    .toBuffer();

async function upload(nugget: NuggetApp, data: Buffer, auth: Auth) {
  const boundary = `----nugget${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await nugget.app.inject({
    method: "POST",
    url: "/api/upload",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...auth },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().d as { id: string; url: string; width: number; height: number; type: string };
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");

describe("the S3 driver against s3rver", () => {
  it("puts, reads, streams, checks and deletes objects; URLs follow S3_PUBLIC_URL", async () => {
    const storage = s3Storage(s3.config);
    try {
      const key = "2026/11/round-trip@thumb.png";
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeUndefined();
      expect(await storage.read(key)).toBeUndefined();
      const bytes = await uniquePng();
      await storage.put(key, bytes, "image/png");
      expect(await storage.exists(key)).toBe(true);
      expect((await storage.read(key))!.equals(bytes)).toBe(true);
      const got = (await storage.get(key))!;
      expect(got.size).toBe(bytes.length);
      const chunks: Buffer[] = [];
      for await (const c of got.body) chunks.push(Buffer.from(c as Buffer));
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      // Deleting what is not there is fine.
      await storage.delete(key);
      expect(storage.publicUrl(key)).toBe(`/uploads/${key}`);
      const cdn = s3Storage({ ...s3.config, publicUrl: "https://img.example.cn/u" });
      expect(cdn.publicUrl(key)).toBe(`https://img.example.cn/u/${key}`);
      cdn.close();
      // Keys never climb out of their place.
      await expect(storage.put("../x.png", bytes, "image/png")).rejects.toThrow(/bad storage key/);
    } finally {
      storage.close();
    }
  });
});

const drivers: Array<["local" | "s3", () => { uploadDir: string; s3: S3Config | null }]> = [
  ["local", () => ({ uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), "nugget-uploads-")), s3: null })],
  ["s3", () => ({ uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), "nugget-unused-")), s3: s3.config })],
];

describe.each(drivers)("uploads on the %s driver", (_driver, settings) => {
  let nugget: NuggetApp;
  let storage: ObjectStorage;
  let uploadDir: string;
  beforeAll(async () => {
    const s = settings();
    uploadDir = s.uploadDir;
    nugget = await testApp({ uploadDir: s.uploadDir, s3: s.s3 });
    storage = s.s3 ? s3Storage(s.s3) : localStorage(s.uploadDir);
  });
  afterAll(async () => {
    storage?.close();
    await nugget?.app.close();
    await nugget?.database.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** What upload `id` is used by now. */
  const usesOf = async (id: string) => (await nugget.services.uploads.find(id))!.uses;

  /** Makes these uploads unused since `hours` ago (the clock the cleanup reads). */
  async function unusedFor(ids: string[], hours: number) {
    await nugget.database.db
      .update(uploadsTable)
      .set({ unusedSince: new Date(Date.now() - hours * 3_600_000) })
      .where(inArray(uploadsTable.id, ids));
  }

  it("records each upload with its owner; the same bytes keep one object", async () => {
    const a = await registerByEmail(nugget);
    const b = await registerByEmail(nugget);
    const bytes = await uniquePng();
    const first = await upload(nugget, bytes, a.auth);
    const second = await upload(nugget, bytes, b.auth);
    expect(second.url).toBe(first.url);
    expect(second.id).not.toBe(first.id);
    const rec = (await nugget.services.uploads.find(first.id))!;
    expect(rec).toMatchObject({
      userId: a.user.id,
      key: keyOf(first.url),
      type: "png",
      purpose: "image",
      width: 24,
      height: 18,
      uses: [],
    });
    expect(rec.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rec.unusedSince).toBeInstanceOf(Date);
    expect((await nugget.services.uploads.find(second.id))!.userId).toBe(b.user.id);
    expect(await storage.exists(keyOf(first.url))).toBe(true);
  });

  it("a pin's images are in use while the pin lives; deleting it starts the grace period", async () => {
    const { auth, user } = await registerByEmail(nugget);
    const img = await upload(nugget, await uniquePng(), auth);
    const pin = await call(nugget.app, "POST", "/api/pins", {
      body: { content: "带图的沸点", imageUrlList: [img.url, "https://example.com/a.png"] },
      auth,
    });
    expect(pin.s).toBe(1);
    let rec = (await nugget.services.uploads.find(img.id))!;
    expect(rec.uses).toEqual([{ targetType: "pin", targetId: pin.d.id }]);
    expect(rec.unusedSince).toBeNull();

    // In use: a cleanup that sees it as very old leaves it alone.
    await nugget.database.db
      .update(uploadsTable)
      .set({ createdAt: new Date(Date.now() - 100 * 3_600_000) })
      .where(inArray(uploadsTable.id, [img.id]));
    await nugget.services.uploads.cleanup(24);
    expect(await nugget.services.uploads.find(img.id)).toBeDefined();

    const del = await call(nugget.app, "DELETE", `/api/pins/${pin.d.id}`, { auth });
    expect(del.s).toBe(1);
    rec = (await nugget.services.uploads.find(img.id))!;
    expect(rec.uses).toEqual([]);
    expect(rec.unusedSince!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Just deleted: unused for less than the grace period, so it stays.
    await nugget.services.uploads.cleanup(24);
    expect(await nugget.services.uploads.find(img.id)).toMatchObject({ userId: user.id });
  });

  it("comments, collection backgrounds and avatars record their uses too", async () => {
    const { auth, user } = await registerByEmail(nugget);
    const [c1, c2, c3] = [
      await upload(nugget, await uniquePng(), auth),
      await upload(nugget, await uniquePng(), auth),
      await upload(nugget, await uniquePng(), auth),
    ];
    /** Calls the API as the uploader: it must succeed; answers `d`. */
    const ok = async (method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) => {
      const r = await call(nugget.app, method, url, { body, auth });
      expect(r.s, `${url}: ${r.m}`).toBe(1);
      return r.d;
    };
    const pin = await ok("POST", "/api/pins", { content: "沸点" });
    const comment = await ok("POST", "/api/comment", {
      targetType: "pin",
      targetId: pin.id,
      content: "带图评论",
      picList: [c1.url],
    });
    expect(await usesOf(c1.id)).toEqual([{ targetType: "comment", targetId: comment.commentId }]);
    const set = await ok("POST", "/api/collectionset", { title: "有背景的收藏集", bgImgUrl: c2.url });
    expect(await usesOf(c2.id)).toEqual([{ targetType: "collection", targetId: set.id }]);
    await ok("POST", "/api/v1/updateUserInfo", { field: "avatarLarge", value: c3.url });
    expect(await usesOf(c3.id)).toEqual([{ targetType: "avatar", targetId: user.id }]);
    // Changing the background releases the old one.
    await ok("PUT", `/api/collectionset/${set.id}`, { bgImgUrl: "" });
    expect(await usesOf(c2.id)).toEqual([]);
    // Deleting the comment releases its picture.
    await ok("DELETE", `/api/comment/${comment.commentId}`);
    expect((await nugget.services.uploads.find(c1.id))!.unusedSince).not.toBeNull();
  });

  it("images in an article's Markdown, a share's cover and a booklet section are uses too", async () => {
    const { auth, user } = await registerByEmail(nugget);
    const caller = { userId: user.id, sessionId: null, ip: "10.0.0.1", userAgent: "test" };
    const [inDraft, kept, cover, inSection] = [
      await upload(nugget, await uniquePng(), auth),
      await upload(nugget, await uniquePng(), auth),
      await upload(nugget, await uniquePng(), auth),
      await upload(nugget, await uniquePng(), auth),
    ];
    const posts = nugget.services.posts;

    // A draft's Markdown holds two images (one as its large variant, one in HTML on the site's full
    // address); publishing moves the uses to the article, the retired draft lets go of them.
    const draft = await posts.createDraft(
      {
        title: "带图的文章",
        content: `正文\n\n![图](${variantUrl(inDraft.url, "large")})\n\n<img src="https://nugget.example${kept.url}">`,
      },
      caller,
    );
    expect(await usesOf(inDraft.id)).toEqual([{ targetType: "entry", targetId: draft.id }]);
    const article = await posts.publish(draft.id, { categoryId: categoryId() }, caller);
    expect(await usesOf(inDraft.id)).toEqual([{ targetType: "entry", targetId: article.id }]);
    expect(await usesOf(kept.id)).toEqual([{ targetType: "entry", targetId: article.id }]);
    expect((await nugget.services.uploads.find(inDraft.id))!.unusedSince).toBeNull();
    // An edit that drops an image starts that image's grace period only.
    await posts.updatePost(article.id, { content: `只留一张：![图](${kept.url})` }, caller);
    expect(await usesOf(inDraft.id)).toEqual([]);
    expect((await nugget.services.uploads.find(inDraft.id))!.unusedSince).not.toBeNull();
    expect(await usesOf(kept.id)).toEqual([{ targetType: "entry", targetId: article.id }]);

    // A share's cover on the site's full address; deleting the share releases it.
    const tag = await makeTag(nugget.database.db);
    const share = await nugget.services.publish.publish(
      {
        originalUrl: `https://example.com/${randomBytes(6).toString("hex")}`,
        title: "带封面的分享",
        category: "frontend",
        tags: tag.id,
        content: "推荐",
        screenshot: `https://nugget.example${cover.url}`,
      },
      caller,
    );
    expect(await usesOf(cover.id)).toEqual([{ targetType: "entry", targetId: share.entryId }]);
    await nugget.services.publish.remove(share.entryId, caller);
    expect(await usesOf(cover.id)).toEqual([]);

    // A booklet section's Markdown (its author is a booklet author).
    await nugget.database.db
      .update(usersTable)
      .set({ isXiaoceAuthor: true })
      .where(eq(usersTable.id, user.id));
    const booklet = await nugget.services.booklets.create({ title: "带图的小册", summary: "简介" }, caller);
    const section = await nugget.services.booklets.addSection(
      booklet.id,
      { title: "第一节", content: `![图](${inSection.url})` },
      caller,
    );
    expect(await usesOf(inSection.id)).toEqual([{ targetType: "section", targetId: section.id }]);
    await nugget.services.booklets.updateSection(section.id, { content: "没有图了" }, caller);
    expect(await usesOf(inSection.id)).toEqual([]);
  });

  it("cleanup removes only uploads unused past the grace period, and objects no record names", async () => {
    const a = await registerByEmail(nugget);
    const b = await registerByEmail(nugget);
    const old = await upload(nugget, await uniquePng(), a.auth);
    const recent = await upload(nugget, await uniquePng(), a.auth);
    const sharedBytes = await uniquePng();
    const sharedA = await upload(nugget, sharedBytes, a.auth);
    const sharedB = await upload(nugget, sharedBytes, b.auth);
    await nugget.jobs.drain();
    const thumb = (url: string) => keyOf(variantUrl(url, "thumb"));
    expect(await storage.exists(thumb(old.url))).toBe(true);

    await unusedFor([old.id, sharedA.id], 25);
    await unusedFor([recent.id, sharedB.id], 23);
    const removed = await nugget.services.uploads.cleanup(24);
    expect(removed.uploads).toBeGreaterThanOrEqual(2);
    expect(await nugget.services.uploads.find(old.id)).toBeUndefined();
    expect(await nugget.services.uploads.find(sharedA.id)).toBeUndefined();
    expect(await nugget.services.uploads.find(recent.id)).toBeDefined();
    expect(await nugget.services.uploads.find(sharedB.id)).toBeDefined();
    // The orphan's object and its variants are gone; b's record still names the shared object.
    expect(await storage.exists(keyOf(old.url))).toBe(false);
    expect(await storage.exists(thumb(old.url))).toBe(false);
    expect(await storage.exists(keyOf(sharedA.url))).toBe(true);
    expect((await nugget.app.inject({ method: "GET", url: old.url })).statusCode).toBe(404);
    expect((await nugget.app.inject({ method: "GET", url: sharedB.url })).statusCode).toBe(200);

    // Once b's is past the grace period too, the shared object goes with the last record.
    await unusedFor([sharedB.id], 25);
    await nugget.services.uploads.cleanup(24);
    expect(await storage.exists(keyOf(sharedB.url))).toBe(false);
    expect(await storage.exists(thumb(sharedB.url))).toBe(false);
    expect(await storage.exists(keyOf(recent.url))).toBe(true);

    // The same bytes uploaded again are stored again.
    const again = await upload(nugget, sharedBytes, b.auth);
    expect(again.url).toBe(sharedB.url);
    expect(await storage.exists(keyOf(again.url))).toBe(true);
  });

  it("makes variants once by job: a 4000×3000 image → 1280×960, 400×300, 200×200", async () => {
    const { auth } = await registerByEmail(nugget);
    const big = await solid(4000, 3000, `#${randomBytes(3).toString("hex")}`)
      .jpeg({ quality: 80 })
      .toBuffer();
    const img = await upload(nugget, big, auth);
    expect(img).toMatchObject({ width: 4000, height: 3000, type: "jpg" });

    // Before the job: the variant's address answers the original, briefly cached — never 404.
    const early = await nugget.app.inject({ method: "GET", url: variantUrl(img.url, "thumb") });
    expect(early.statusCode).toBe(200);
    expect(early.headers["cache-control"]).toBe("public, max-age=60");
    expect((await sharp(early.rawPayload).metadata()).width).toBe(4000);

    await nugget.jobs.drain();
    const sizes: Record<string, [number, number]> = {
      large: [1280, 960],
      thumb: [400, 300],
      avatar: [200, 200],
    };
    for (const [variant, [w, h]] of Object.entries(sizes)) {
      const url = variantUrl(img.url, variant as "large");
      expect(url).toMatch(new RegExp(`@${variant}\\.jpg$`));
      const res = await nugget.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.etag).toMatch(new RegExp(`@${variant}"$`));
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height], variant).toEqual([w, h]);
    }
    // Made once: running the job again changes nothing.
    expect(await nugget.services.uploads.makeVariants(keyOf(img.url))).toBe(0);

    // A small image is never enlarged.
    const small = await upload(nugget, await uniquePng(120, 90), auth);
    await nugget.jobs.drain();
    const res = await nugget.app.inject({ method: "GET", url: variantUrl(small.url, "large") });
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 90]);
  });
});

describe("two app instances on one database and one bucket", () => {
  it("an upload made through A is served through B", async () => {
    const dirA = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-a-"));
    const dirB = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-b-"));
    const a = await testApp({ uploadDir: dirA, s3: s3.config });
    // B: its own process state (queue worker, storage client), the same database and bucket.
    const config = loadConfig(process.env, {
      logLevel: "silent",
      publicUrl: "http://nugget.test",
      uploadDir: dirB,
      s3: s3.config,
      uploadOrphanHours: 0,
      counterRepair: false,
      trackingRetentionDays: 0,
      mailDigests: false,
    });
    config.pageCache = { ...config.pageCache, enabled: false };
    const b = await buildApp({ config, database: a.database });
    try {
      const { auth } = await registerByEmail(a);
      const bytes = await uniquePng(64, 48);
      const img = await upload(a, bytes, auth);
      const fromA = await a.app.inject({ method: "GET", url: img.url });
      const fromB = await b.app.inject({ method: "GET", url: img.url });
      expect(fromB.statusCode).toBe(200);
      expect(fromB.headers["content-type"]).toBe("image/png");
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      // Nothing was written to either instance's own folder.
      expect(fs.readdirSync(dirA)).toEqual([]);
      expect(fs.readdirSync(dirB)).toEqual([]);
      // B's worker makes the variants; A serves them.
      await b.jobs.drain();
      const thumb = await a.app.inject({ method: "GET", url: variantUrl(img.url, "thumb") });
      expect(thumb.headers["cache-control"]).toContain("immutable");
    } finally {
      await b.app.close();
      await a.app.close();
      await a.database.close();
      fs.rmSync(dirA, { recursive: true, force: true });
      fs.rmSync(dirB, { recursive: true, force: true });
    }
  });
});
