import { randomBytes } from "node:crypto";
import { Type } from "@sinclair/typebox";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import type { Caller } from "../server/services/deps.ts";
import { okResponse } from "../server/lib/response.ts";
import { useTestApp } from "./support/app.ts";
import { call, openApiPaths } from "./support/client.ts";
import {
  type Registered,
  followUsers,
  makeBooklet,
  makeCollectionSet,
  makeComment,
  makeEntry,
  makePin,
  makeTag,
  makeUser,
  makeWalletHolder,
} from "./support/factories.ts";
import { checkSerializedAnswers } from "./support/serializer-check.ts";

/**
 * Every /api call declares its success answer (server/lib/response.ts okResponse): the OpenAPI
 * document shows it, and Fastify writes the answer with the serializer compiled from it. Test apps
 * compare every answer with what JSON.stringify writes (support/serializer-check.ts), so a
 * property a schema forgot fails the test that called the route; the main lists are called here
 * with rows in them.
 */

/**
 * Calls whose answer schema is still to be written, by OpenAPI tag (all their operations) or by
 * "METHOD path" (a folder sharing a tag with a finished one). Empty when every call declares one.
 */
const PENDING_TAGS = new Set(["syndication"]);
const PENDING_OPERATIONS = new Set<string>([]);
/** Calls that never answer 200: they declare the one answer they give instead. */
const NO_SUCCESS = new Map([
  ["POST /api/v1/applyEditor", "410"],
  // A redirect to the provider (or an HTML page when it fails).
  ["GET /api/oauth/{channel}/start", "302"],
]);

type Operation = { tags?: string[]; responses?: Record<string, { description?: string; content?: unknown }> };

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

const hex = (n: number) => randomBytes(n).toString("hex");

describe("response schemas", () => {
  it("every /api operation declares its 200 answer", async () => {
    const paths = (await openApiPaths(nugget.app)) as Record<string, Record<string, Operation>>;
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith("/api/")) continue;
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (PENDING_OPERATIONS.has(name) || (op.tags ?? []).some((t) => PENDING_TAGS.has(t))) continue;
        checked++;
        const answer = op.responses?.[NO_SUCCESS.get(name) ?? "200"];
        // @fastify/swagger writes a bare 200 "Default Response" for a route that declares none.
        if (!answer || (!answer.content && answer.description === "Default Response")) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });

  it("the test apps' check fails an answer whose schema drops or changes a property", async () => {
    const app = Fastify();
    checkSerializedAnswers(app);
    const d = Type.Object({ kept: Type.String(), count: Type.Number() });
    const answer = { kept: "x", count: 1, dropped: true };
    app.get("/api/drops", { schema: { response: okResponse(d) } }, async () => ({
      s: 1,
      m: "success",
      d: answer,
    }));
    app.get("/api/coerces", { schema: { response: okResponse(d) } }, async () => ({
      s: 1,
      m: "success",
      d: { kept: "x", count: "1" },
    }));
    app.get("/api/same", { schema: { response: okResponse(d) } }, async () => ({
      s: 1,
      m: "success",
      d: { count: 1, kept: "x" },
    }));
    const [drops, coerces, same] = await Promise.all(
      ["drops", "coerces", "same"].map((p) => app.inject({ method: "GET", url: `/api/${p}` })),
    );
    expect([drops.statusCode, coerces.statusCode, same.statusCode]).toEqual([500, 500, 200]);
    await app.close();
  });

  it("the main lists answer with rows in them exactly as JSON.stringify writes them", async () => {
    const db = nugget.database.db;
    const [a, b] = [await makeUser(nugget), await makeUser(nugget)];
    const word = `zq${hex(5)}`;
    const tag = await makeTag(db);
    const entry = await makeEntry(db, a.user.id, { title: `响应 ${word}`, summary: "摘要" }, [tag.id]);
    const other = await makeEntry(db, b.user.id, { title: `另一个 ${word}` });
    await call(nugget.app, "PUT", `/api/user/like/entry/${entry.id}`, { auth: b.auth });
    await call(nugget.app, "PUT", `/api/tag/subscribe/${tag.id}`, { auth: b.auth });
    const root = await makeComment(nugget, a.auth, entry.id, { picList: ["https://example.com/a.png"] });
    await makeComment(nugget, b.auth, entry.id, {
      firstComment: root,
      respComment: root,
      respUser: a.user.id,
    });
    await call(nugget.app, "DELETE", `/api/comment/${root}`, { auth: a.auth });
    const pin = await makePin(nugget, a.auth, { imageUrlList: ["https://example.com/p.png"] });
    await makeComment(nugget, b.auth, pin, { targetType: "pin" });
    const set = await makeCollectionSet(nugget, a.auth);
    await call(nugget.app, "PUT", "/api/addEntry", {
      auth: a.auth,
      body: { csId: set.id, entryId: entry.id },
    });
    await followUsers(nugget, b.auth, [a.user.id]);

    const lists: [string, string][] = [
      ["/api/entries?category=all", "list"],
      ["/api/get_entry_by_timeline", "list"],
      ["/api/get_entry_by_rank", "list"],
      ["/api/get_entry_by_comment", "list"],
      [`/api/get_entry_by_ids?ids=${entry.id}|${other.id}`, ""],
      [`/api/get_entry_by_self?targetUid=${a.user.id}`, "list"],
      [`/api/comments/entry/${entry.id}`, "comments"],
      [`/api/comments/entry/${entry.id}/comment/${root}`, "comments"],
      [`/api/comments/${pin}`, "comments"],
      ["/api/pins", "list"],
      [`/api/getByID?msgId=${pin}`, ""],
      [`/api/search?query=${word}`, "entries.list"],
      [`/api/search?query=${encodeURIComponent(a.user.username)}`, "users"],
      [`/api/search?query=${encodeURIComponent(tag.title)}`, "tags"],
      [`/api/user/${b.user.id}/like/entry`, "list"],
      [`/api/entry/${entry.id}/user`, "list"],
      [`/api/getUserFollowerList?uid=${a.user.id}`, "list"],
      [`/api/get_multi_user?ids=${a.user.id}|${b.user.id}&cols=username|latestLoginedInAt`, ""],
      [`/api/getCollectionSetEntries?csId=${set.id}`, "list"],
      [`/api/getUserCollectionSet?targetUserId=${a.user.id}`, "collectionSets"],
      [`/api/tag/${encodeURIComponent(tag.title)}`, ""],
      [`/api/user/${b.user.id}/subscribe`, "list"],
      ["/api/v1/getUserInfo", ""],
    ];
    for (const [url, list] of lists) {
      for (const auth of [undefined, b.auth]) {
        const r = await call(nugget.app, "GET", url, { auth });
        if (url === "/api/v1/getUserInfo" && !auth) continue;
        expect([url, r.status, r.s]).toEqual([url, 200, 1]);
        const rows = list.split(".").reduce((d, key) => (key ? d[key] : d), r.d);
        expect([url, Object.keys(rows).length > 0]).toEqual([url, true]);
      }
    }
  });

  it("a booklet, the wallet's bills and the notifications list answer every key their service returns", async () => {
    const db = nugget.database.db;
    const caller = (userId: string): Caller => ({
      userId,
      sessionId: null,
      ip: "10.0.0.1",
      userAgent: "vitest",
    });
    /** The answer over HTTP against JSON.stringify of what the service returns for the same call. */
    const sameAsService = async (auth: Registered["auth"], url: string, service: () => Promise<unknown>) => {
      const r = await nugget.app.inject({
        method: "GET",
        url,
        headers: { uid: auth.uid, client: auth.client, token: auth.token },
      });
      expect([url, r.statusCode]).toEqual([url, 200]);
      const d: unknown = JSON.parse(JSON.stringify(await service()));
      expect(r.json()).toStrictEqual({ s: 1, m: "success", d });
      return d;
    };

    // A booklet with its author, category and the reader's flags.
    const author = await makeWalletHolder(nugget, 1990);
    const reader = await makeUser(nugget);
    const booklet = await makeBooklet(nugget, author.auth);
    for (const who of [author, reader]) {
      const d = await sameAsService(who.auth, `/api/booklets/get?bookletId=${booklet.id}`, () =>
        nugget.services.booklets.get(booklet.id, caller(who.user.id)),
      );
      expect((d as { user: unknown }).user).not.toBeNull();
    }

    // An income bill (with its order) and a pending withdrawal.
    const apply = await call(nugget.app, "POST", "/api/wallet/apply", {
      auth: author.auth,
      body: { volume: 1000, alipayAccount: "13800000000", name: "张三" },
    });
    expect([apply.status, apply.s]).toEqual([200, 1]);
    const bills = (await sameAsService(author.auth, "/api/wallet/getBill", () =>
      nugget.services.wallet.bills({}, caller(author.user.id)),
    )) as { list: { type: string }[] };
    expect(bills.list.map((b) => b.type).sort()).toEqual(["income", "withdraw"]);

    // A comment on the author's entry, a like of it, and a follow.
    const entry = await makeEntry(db, author.user.id);
    await makeComment(nugget, reader.auth, entry.id);
    await call(nugget.app, "PUT", `/api/user/like/entry/${entry.id}`, { auth: reader.auth });
    await followUsers(nugget, reader.auth, [author.user.id]);
    const notes = (await sameAsService(author.auth, "/api/getUserNotification", () =>
      nugget.services.notifications.list({}, caller(author.user.id)),
    )) as { list: { type: string }[] };
    expect(notes.list.map((n) => n.type).sort()).toEqual(["comment", "follow", "like"]);
  });
});
