import zlib from "node:zlib";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  accountDeletions,
  accountExports,
  bills,
  comments,
  entries,
  follows,
  notifications,
  pins,
  sessions,
  uploadUses,
  users,
  wallets,
} from "../../../db/schema/index.ts";
import { findCounterDrift } from "../../../db/counters.ts";
import type { NuggetApp } from "../../app.ts";
import { newId } from "../../lib/ids.ts";
import { uniqueIp, useTestApp } from "../../../tests/support/app.ts";
import { pngUpload } from "../../../tests/support/authz-world.ts";
import { call, smsCodeFor, solveCaptcha, type Auth } from "../../../tests/support/client.ts";
import {
  followUsers,
  makeArticle,
  makeCollectionSet,
  makeComment,
  makeEntry,
  makePin,
  makeTag,
  makeUser,
  makeWalletHolder,
  type Registered,
} from "../../../tests/support/factories.ts";

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const DAY = 86_400_000;
const callerOf = (userId: string) => ({ userId, sessionId: null, ip: uniqueIp(), userAgent: "test" });
const as = (auth: Auth | undefined, method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown) =>
  call(nugget.app, method, url, { auth, body, ip: uniqueIp() });

/**
 * The archive's files, read by the ZIP format's own rules (central directory → local header →
 * raw deflate, CRC checked) rather than by the writer's code.
 */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    expect(flags & 0x0800).toBe(0x0800); // UTF-8 names
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + packed);
    const data = method === 8 ? zlib.inflateRawSync(raw) : raw;
    expect(data.length).toBe(size);
    expect(zlib.crc32(data)).toBe(crc);
    files.set(name, data.toString("utf8"));
    at += 46 + skip;
  }
  return files;
}

async function download(id: string, opts: { auth?: Auth; token?: string } = {}) {
  const res = await nugget.app.inject({
    method: "GET",
    url: `/api/account/exports/${id}/download${opts.token ? `?token=${opts.token}` : ""}`,
    headers: opts.auth ? { uid: opts.auth.uid, client: opts.auth.client, token: opts.auth.token } : {},
    remoteAddress: uniqueIp(),
  });
  return res;
}

/** Every counter that differs from its rows, on these rows only (others' rows may move meanwhile). */
async function driftOn(ids: Iterable<string>) {
  const mine = new Set(ids);
  return (await findCounterDrift(nugget.database.db, 100_000)).filter((d) => mine.has(d.id));
}

async function exportOnce(u: Registered) {
  const asked = await as(u.auth, "POST", "/api/account/exports");
  expect(asked.s).toBe(1);
  await nugget.jobs.drain(["account-export"]);
  const status = await as(u.auth, "GET", "/api/account/exports");
  return status.d.export as { id: string; state: string; expiresAt: string; downloadUrl: string };
}

describe("download my data", () => {
  let a: Registered;
  let b: Registered;
  let exportId: string;
  let token: string;
  let files: Map<string, string>;
  let article: { title: string };
  let share: { id: string; title: string };
  const tagTitle = `导出标签${newId().slice(-5)}`;

  beforeAll(async () => {
    const db = nugget.database.db;
    a = await makeWalletHolder(nugget, 1234);
    b = await makeUser(nugget);
    const tag = await makeTag(db, tagTitle);
    const made = await makeArticle(nugget, a.auth, { title: "我的第一篇：「导出」" }, { tagIds: [tag.id] });
    article = made.post;
    share = await makeEntry(db, a.user.id, { title: "分享一个链接" });
    const theirs = await makeEntry(db, b.user.id, { title: "别人的文章" });
    await makePin(nugget, a.auth, { content: "我的沸点" });
    await makeComment(nugget, a.auth, theirs.id, { content: "我的评论" });
    await as(a.auth, "PUT", `/api/user/like/entry/${theirs.id}`);
    await followUsers(nugget, a.auth, [b.user.id]);
    await followUsers(nugget, b.auth, [a.user.id]);
    const set = await makeCollectionSet(nugget, a.auth, { title: "我的收藏集" });
    await as(a.auth, "PUT", "/api/addEntry", { csId: set.id, entryId: theirs.id });

    const ready = await exportOnce(a);
    expect(ready.state).toBe("ready");
    exportId = ready.id;
    const mail = nugget.outbox!.list(a.email).find((m) => m.subject.includes("数据"))!;
    token = /token=([\w-]+)/.exec(mail.text)![1];
    const res = await download(exportId, { auth: a.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    files = unzip(res.rawPayload);
  });

  it("holds the profile, articles as Markdown with front matter, and the JSON of every kind", () => {
    const profile = JSON.parse(files.get("profile.json")!);
    expect(profile).toMatchObject({ id: a.user.id, username: a.user.username, email: a.email });
    const md = [...files].find(([name]) => name.startsWith("articles/") && name.endsWith(".md"))![1];
    expect(md).toMatch(/^---\ntitle: "我的第一篇：「导出」"\n/);
    expect(md).toContain(`tags: ["${tagTitle}"]`);
    expect(md).toMatch(/created: \d{4}-\d\d-\d\dT/);
    expect(md).toContain("# 正文");
    const shares = JSON.parse(files.get("shares.json")!);
    expect(shares.map((s: { title: string }) => s.title)).toEqual([share.title]);
    expect(JSON.parse(files.get("comments.json")!)[0].content).toBe("我的评论");
    expect(JSON.parse(files.get("pins.json")!)[0].content).toBe("我的沸点");
    expect(JSON.parse(files.get("likes/entries.json")!)[0].title).toBe("别人的文章");
    const own = JSON.parse(files.get("collections/own.json")!);
    expect(own[0]).toMatchObject({ title: "我的收藏集", entryIds: [expect.any(String)] });
    expect(JSON.parse(files.get("follows/following.json")!)[0].id).toBe(b.user.id);
    expect(JSON.parse(files.get("follows/followers.json")!)[0].id).toBe(b.user.id);
    expect(JSON.parse(files.get("bills.json")!)[0]).toMatchObject({ type: "income", amount: 1234 });
    expect(JSON.parse(files.get("orders.json")!)).toEqual([]);
    expect(article.title).toBe("我的第一篇：「导出」");
  });

  it("tells the owner by mail and notification, with a link valid 7 days", async () => {
    const row = (
      await nugget.database.db.select().from(accountExports).where(eq(accountExports.id, exportId))
    )[0];
    expect(row.expiresAt!.getTime() - row.readyAt!.getTime()).toBe(7 * DAY);
    expect(row.storageKey).toMatch(/^exports\/[\w-]{32}\.zip$/);
    const told = await nugget.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.user.id), eq(notifications.type, "system")));
    expect(told[0].content).toContain("数据导出已完成");
  });

  it("is for its owner only: others 403, visitors 401, the mailed token works without login", async () => {
    expect((await download(exportId, { auth: b.auth })).statusCode).toBe(403);
    expect((await download(exportId)).statusCode).toBe(401);
    expect((await download(exportId, { token: "0".repeat(64) })).statusCode).toBe(401);
    expect((await download(exportId, { token })).statusCode).toBe(200);
    expect((await download(newId(), { auth: a.auth })).statusCode).toBe(404);
    expect((await download("not-an-id", { auth: a.auth })).statusCode).toBe(400);
  });

  it("allows one export at a time", async () => {
    const c = await makeUser(nugget);
    expect((await as(c.auth, "POST", "/api/account/exports")).s).toBe(1);
    const again = await as(c.auth, "POST", "/api/account/exports");
    expect(again.status).toBe(409);
    expect((await as(c.auth, "GET", "/api/account/exports")).d.export.state).toBe("pending");
    await nugget.jobs.drain(["account-export"]);
    expect((await as(c.auth, "GET", "/api/account/exports")).d.export.state).toBe("ready");
    expect((await as(undefined, "POST", "/api/account/exports")).status).toBe(401);
    // A request whose job gave up long ago (still pending) fails instead of blocking the next.
    const d = await makeUser(nugget);
    const db = nugget.database.db;
    await db.insert(accountExports).values({
      id: newId(),
      userId: d.user.id,
      tokenHash: "0".repeat(64),
      createdAt: new Date(Date.now() - 3 * 3_600_000),
    });
    expect((await as(d.auth, "POST", "/api/account/exports")).s).toBe(1);
    const states = await db.select().from(accountExports).where(eq(accountExports.userId, d.user.id));
    expect(states.map((r) => r.state).sort()).toEqual(["failed", "pending"]);
  });

  it("answers 410 after expiry, and the cleanup removes the file", async () => {
    const db = nugget.database.db;
    const past = new Date(Date.now() - 1000);
    await db.update(accountExports).set({ expiresAt: past }).where(eq(accountExports.id, exportId));
    expect((await download(exportId, { auth: a.auth })).statusCode).toBe(410);
    expect((await download(exportId, { token })).statusCode).toBe(410);
    expect((await as(a.auth, "GET", "/api/account/exports")).d.export).toMatchObject({
      state: "expired",
      downloadUrl: null,
    });
    const [row] = await db.select().from(accountExports).where(eq(accountExports.id, exportId));
    expect(await nugget.services.uploads.storage.exists(row.storageKey!)).toBe(true);
    expect(await nugget.services.accountData.cleanupExports(new Date())).toBeGreaterThanOrEqual(1);
    expect(await nugget.services.uploads.storage.exists(row.storageKey!)).toBe(false);
    expect((await download(exportId, { auth: a.auth })).statusCode).toBe(410);
  });
});

describe("delete my account", () => {
  const deletion = async (userId: string) =>
    (await nugget.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)))[0];
  const close = (u: Registered, body: Record<string, unknown>) =>
    as(u.auth, "POST", "/api/account/deletion", body);

  it("refuses bad input, a wrong password and an unsettled wallet, naming it", async () => {
    const u = await makeWalletHolder(nugget, 500);
    expect((await as(undefined, "POST", "/api/account/deletion", { content: "keep" })).status).toBe(401);
    expect((await close(u, { password: u.password })).status).toBe(400);
    expect((await close(u, { password: u.password, content: "maybe" })).status).toBe(400);
    const wrong = await close(u, { password: "wrong-password", content: "keep" });
    expect([wrong.status, wrong.d?.field]).toEqual([400, "password"]);
    const rich = await close(u, { password: u.password, content: "keep" });
    expect([rich.status, rich.d?.field]).toEqual([400, "wallet"]);
    expect(rich.m).toContain("余额");
    const db = nugget.database.db;
    await db.update(wallets).set({ balance: 0 }).where(eq(wallets.userId, u.user.id));
    await db
      .insert(bills)
      .values({ id: newId(), userId: u.user.id, amount: 500, type: "withdraw", status: "pending" });
    const pending = await close(u, { password: u.password, content: "keep" });
    expect([pending.status, pending.d?.field]).toEqual([400, "wallet"]);
    expect(pending.m).toContain("提现");
    expect(await deletion(u.user.id)).toBeUndefined();
  });

  it("ends every session, and a login within 14 days cancels it", async () => {
    const u = await makeUser(nugget);
    const started = await close(u, { password: u.password, content: "keep" });
    expect(started.s).toBe(1);
    expect(new Date(started.d.eraseAfter).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY);
    const db = nugget.database.db;
    expect(await db.$count(sessions, eq(sessions.userId, u.user.id))).toBe(0);
    expect((await as(u.auth, "GET", "/api/account/exports")).status).toBe(401);
    const login = await as(undefined, "POST", "/api/auth/type/email", {
      email: u.email,
      password: u.password,
    });
    expect(login.s).toBe(1);
    expect(login.d.deletionCancelled).toBe(true);
    expect((await deletion(u.user.id)).state).toBe("cancelled");
    // A later erasure run leaves the account alone; the next login says nothing.
    await nugget.services.accountData.eraseDue(new Date(Date.now() + 15 * DAY));
    expect((await db.select().from(users).where(eq(users.id, u.user.id)))[0].erasedAt).toBeNull();
    const again = await as(undefined, "POST", "/api/auth/type/email", {
      email: u.email,
      password: u.password,
    });
    expect(again.d.deletionCancelled).toBeUndefined();
  });

  it("refuses a login once the grace period is over and the erasure is due", async () => {
    const u = await makeUser(nugget);
    expect((await close(u, { password: u.password, content: "keep" })).s).toBe(1);
    await nugget.database.db
      .update(accountDeletions)
      .set({ eraseAfter: new Date(Date.now() - 1000) })
      .where(eq(accountDeletions.userId, u.user.id));
    const login = await as(undefined, "POST", "/api/auth/type/email", {
      email: u.email,
      password: u.password,
    });
    expect([login.status, login.m]).toEqual([403, "账号正在注销中，无法登录"]);
    expect((await deletion(u.user.id)).state).toBe("pending");
    expect(await nugget.database.db.$count(sessions, eq(sessions.userId, u.user.id))).toBe(0);
  });

  it("confirms an account without a password by an SMS code to its own phone", async () => {
    const u = await makeUser(nugget);
    const phone = `139${String(Date.now()).slice(-8)}`;
    await nugget.database.db
      .update(users)
      .set({ passwordHash: null, mobilePhoneNumber: phone, mobilePhoneVerified: true })
      .where(eq(users.id, u.user.id));
    const noCode = await close(u, { content: "keep" });
    expect([noCode.status, noCode.d?.field]).toEqual([400, "smsCode"]);
    const { imageToken, imageCode } = await solveCaptcha(nugget);
    const elsewhere = await as(u.auth, "POST", "/api/v2/sendSmsCodeToUser", {
      phone: "13900000001",
      useType: "close",
      imageToken,
      imageCode,
    });
    expect([elsewhere.status, elsewhere.d?.field]).toEqual([400, "phone"]);
    const code = await smsCodeFor(nugget, phone, "close", u.auth);
    expect((await close(u, { content: "keep", smsCode: "000000" === code ? "111111" : "000000" })).s).toBe(
      10017,
    );
    const code2 = await smsCodeFor(nugget, phone, "close", u.auth);
    expect((await close(u, { content: "keep", smsCode: code2 })).s).toBe(1);
  });

  describe("after the grace period", () => {
    async function world() {
      const db = nugget.database.db;
      const gone = await makeUser(nugget);
      const other = await makeUser(nugget);
      const png = await pngUpload();
      const uploaded = await nugget.app.inject({
        method: "POST",
        url: "/api/upload",
        headers: { ...gone.auth, "content-type": png.contentType },
        payload: png.payload,
        remoteAddress: uniqueIp(),
      });
      const avatar = uploaded.json().d.url as string;
      expect(
        (await as(gone.auth, "POST", "/api/v1/updateUserInfo", { field: "avatarLarge", value: avatar })).s,
      ).toBe(1);
      const tag = await makeTag(db);
      const { post } = await makeArticle(nugget, gone.auth, {}, { tagIds: [tag.id] });
      const share = await makeEntry(db, gone.user.id, {}, [tag.id]);
      const theirs = await makeEntry(db, other.user.id, {}, [tag.id]);
      const theirPin = await makePin(nugget, other.auth);
      const pin = await makePin(nugget, gone.auth);
      const onTheirs = await makeComment(nugget, gone.auth, theirs.id);
      const theirComment = await makeComment(nugget, other.auth, share.id);
      await makeComment(nugget, other.auth, post.id);
      const set = await makeCollectionSet(nugget, gone.auth);
      const theirSet = await makeCollectionSet(nugget, other.auth);
      await as(gone.auth, "PUT", "/api/addEntry", { csId: set.id, entryId: theirs.id });
      await as(gone.auth, "PUT", "/api/collectionset/follow", { csId: theirSet.id });
      await as(gone.auth, "PUT", `/api/tag/subscribe/${tag.id}`);
      await as(gone.auth, "PUT", `/api/user/like/entry/${theirs.id}`);
      await as(other.auth, "PUT", `/api/user/like/entry/${share.id}`);
      await nugget.services.likes.likePin(theirPin, callerOf(gone.user.id), true);
      await nugget.services.likes.likeComment(theirComment, callerOf(gone.user.id), true);
      await nugget.services.likes.likeComment(onTheirs, callerOf(other.user.id), true);
      await followUsers(nugget, gone.auth, [other.user.id]);
      await followUsers(nugget, other.auth, [gone.user.id]);
      const ids = [gone.user.id, other.user.id, tag.id, post.id, share.id, theirs.id, theirPin, pin];
      ids.push(onTheirs, theirComment, set.id, theirSet.id);
      return { gone, other, ids, theirs, share, post, pin, theirSet };
    }

    async function eraseNow(w: Awaited<ReturnType<typeof world>>, content: "delete" | "keep") {
      expect((await close(w.gone, { password: w.gone.password, content })).s).toBe(1);
      // Not yet: the grace period is still running.
      await nugget.services.accountData.eraseDue(new Date());
      expect((await deletion(w.gone.user.id)).state).toBe("pending");
      await nugget.services.accountData.eraseDue(new Date(Date.now() + 14 * DAY + 60_000));
      expect((await deletion(w.gone.user.id)).state).toBe("erased");
    }

    async function expectErased(w: Awaited<ReturnType<typeof world>>) {
      const db = nugget.database.db;
      const [row] = await db.select().from(users).where(eq(users.id, w.gone.user.id));
      expect(row).toMatchObject({
        username: "已注销用户",
        email: null,
        mobilePhoneNumber: null,
        passwordHash: null,
        avatarLarge: "",
        selfDescription: "",
        followersCount: 0,
        followeesCount: 0,
        subscribedTagsCount: 0,
      });
      expect(row.erasedAt).not.toBeNull();
      // The avatar's image is no longer in use: the upload cleanup will remove it.
      const avatarUses = await db
        .select()
        .from(uploadUses)
        .where(and(eq(uploadUses.targetType, "avatar"), eq(uploadUses.targetId, w.gone.user.id)));
      expect(avatarUses).toEqual([]);
      const login = await as(undefined, "POST", "/api/auth/type/email", {
        email: w.gone.email,
        password: w.gone.password,
      });
      expect(login.status).toBe(404);
      const both = await db.$count(follows, eq(follows.followeeId, w.gone.user.id));
      expect(both + (await db.$count(follows, eq(follows.followerId, w.gone.user.id)))).toBe(0);
      const [other] = await db.select().from(users).where(eq(users.id, w.other.user.id));
      expect([other.followersCount, other.followeesCount]).toEqual([0, 0]);
      expect(await driftOn(w.ids)).toEqual([]);
    }

    it("keeps the content attributed to 已注销用户, counters exact", async () => {
      const w = await world();
      await eraseNow(w, "keep");
      await expectErased(w);
      const db = nugget.database.db;
      const [share] = await db.select().from(entries).where(eq(entries.id, w.share.id));
      expect(share.deletedAt).toBeNull();
      expect(share.userId).toBe(w.gone.user.id);
      const page = await as(undefined, "GET", `/api/getEntry?entryId=${w.share.id}`);
      expect(page.d.user.username).toBe("已注销用户");
      // Nobody follows an erased account again.
      expect((await as(w.other.auth, "POST", "/api/follow", { ids: w.gone.user.id })).status).toBe(404);
      // A second erased account carries the same name; nobody else may take it.
      const w2 = await world();
      await eraseNow(w2, "keep");
      await expectErased(w2);
      const taken = await call(nugget.app, "POST", "/api/v1/updateUserInfo", {
        auth: w.other.auth,
        body: { field: "username", value: "已注销用户" },
        ip: uniqueIp(),
      });
      expect(taken.s).toBe(10013);
      // Nor may a new account take it, before or after any erasure.
      const fresh = await call(nugget.app, "POST", "/api/v1/createUser", {
        body: { username: "已注销用户", email: `e${newId().slice(-8)}@example.com`, password: "secret123" },
        ip: uniqueIp(),
      });
      expect(fresh.s).toBe(10013);
    });

    it("deletes the content through its services, counters exact, and a second run changes nothing", async () => {
      const w = await world();
      await eraseNow(w, "delete");
      await expectErased(w);
      const db = nugget.database.db;
      const [theirs] = await db.select().from(entries).where(eq(entries.id, w.theirs.id));
      expect(theirs.collectionCount).toBe(0);
      expect(theirs.commentsCount).toBe(0);
      for (const id of [w.share.id, w.post.id]) {
        expect((await db.select().from(entries).where(eq(entries.id, id)))[0].deletedAt).not.toBeNull();
      }
      expect((await db.select().from(pins).where(eq(pins.id, w.pin)))[0].deletedAt).not.toBeNull();
      const mine = await db.select().from(comments).where(eq(comments.userId, w.gone.user.id));
      expect(mine.every((c) => c.deletedAt !== null)).toBe(true);
      // The job dies before marking the request erased: the next run finishes it without harm.
      await db
        .update(accountDeletions)
        .set({ state: "pending" })
        .where(eq(accountDeletions.userId, w.gone.user.id));
      await nugget.services.accountData.eraseDue(new Date(Date.now() + 15 * DAY));
      await nugget.services.accountData.eraseDue(new Date(Date.now() + 15 * DAY));
      expect((await deletion(w.gone.user.id)).state).toBe("erased");
      await expectErased(w);
    });
  });
});
