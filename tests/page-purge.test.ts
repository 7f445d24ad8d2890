import { afterEach, describe, expect, it, vi } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { pagesChanged } from "../server/lib/page-purge.ts";
import { scopeKey } from "../server/lib/page-scopes.ts";
import { deleteEntry, updateEntry } from "../server/services/entries/write.ts";
import { BUILD_DIR, built, uniqueIp, useTestApp, withPageCache } from "./support/app.ts";
import { call } from "./support/client.ts";
import { makeComment, makeEntry, makeUser } from "./support/factories.ts";

/**
 * The writers purge visitors' stored pages once their transaction commits (server/lib/page-purge.ts,
 * ADR 011): a deletion through entries' writer drops the entry's pages with no service purging by
 * hand, and a rollback purges nothing.
 */
describe("page purges from the writers", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), withPageCache(), built ? BUILD_DIR : undefined);
  afterEach(() => vi.restoreAllMocks());

  const db = () => nugget.database.db;
  const visit = (url: string) => nugget.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });
  /** Reads `url` until it is stored: the second read is a hit. */
  async function stored(url: string) {
    expect((await visit(url)).statusCode, url).toBe(200);
    expect((await visit(url)).headers["x-cache"], url).toBe("hit");
  }
  /** What the page cache is asked to purge from now on (the keys of each call). */
  const purges = () => vi.spyOn(nugget.pageCache!, "purge");
  /** A visitor's reads of one entry: its JSON, and its page when the client build is there. */
  const readsOf = (id: string) => [`/api/getEntry?entryId=${id}`, ...(built ? [`/entry/${id}`] : [])];

  it("gives each scope the key the cache rules file pages under", () => {
    expect(scopeKey({ kind: "all" })).toBe("*");
    expect(scopeKey({ kind: "comments" })).toBe("comments");
    expect(scopeKey({ kind: "entry", id: "e1" })).toBe("entry:e1");
    expect(scopeKey({ kind: "booklet", id: "b1" })).toBe("booklet:b1");
  });

  it("drops a deleted entry's stored pages once entries' writer commits, before the writer's caller resumes", async () => {
    const author = await makeUser(nugget);
    const entry = await makeEntry(db(), author.user.id);
    for (const url of readsOf(entry.id)) await stored(url);
    const purge = purges();
    await db().transaction(async (tx) => {
      await deleteEntry(tx, entry);
      // Not inside the transaction: a render now would still find the row.
      expect(purge).not.toHaveBeenCalled();
    });
    expect(purge.mock.calls).toEqual([[["*"]]]);
    for (const url of readsOf(entry.id)) {
      const after = await visit(url);
      expect(after.headers["x-cache"], url).not.toBe("hit");
      expect(after.statusCode, url).toBe(404);
    }
  });

  it("purges nothing when the deleting transaction rolls back", async () => {
    const author = await makeUser(nugget);
    const entry = await makeEntry(db(), author.user.id);
    for (const url of readsOf(entry.id)) await stored(url);
    const purge = purges();
    const undone = db().transaction(async (tx) => {
      await deleteEntry(tx, entry);
      throw new Error("rolled back");
    });
    await expect(undone).rejects.toThrow("rolled back");
    expect(purge).not.toHaveBeenCalled();
    for (const url of readsOf(entry.id)) {
      const again = await visit(url);
      expect([again.statusCode, again.headers["x-cache"]], url).toEqual([200, "hit"]);
    }
  });

  it("purges as broadly as the change: an edit its entry's pages, a hidden entry's deletion every page, a draft's nothing", async () => {
    const author = await makeUser(nugget);
    const [entry, hidden, draft] = await Promise.all(
      (["published", "hidden", "draft"] as const).map((status) =>
        makeEntry(db(), author.user.id, { status }),
      ),
    );
    const purge = purges();
    await db().transaction((tx) => updateEntry(tx, entry, { title: "改过的标题" }));
    expect(purge.mock.calls).toEqual([[[`entry:${entry.id}`]]]);
    purge.mockClear();
    await db().transaction((tx) => deleteEntry(tx, hidden));
    expect(purge.mock.calls).toEqual([[["*"]]]);
    purge.mockClear();
    await db().transaction((tx) => deleteEntry(tx, draft));
    expect(purge).not.toHaveBeenCalled();
  });

  it("purges a deleted comment's target and the comment threads, from comments' writer", async () => {
    const author = await makeUser(nugget);
    const entry = await makeEntry(db(), author.user.id);
    const comment = await makeComment(nugget, author.auth, entry.id);
    const purge = purges();
    expect((await call(nugget.app, "DELETE", `/api/comment/${comment}`, { auth: author.auth })).s).toBe(1);
    expect(purge.mock.calls).toEqual([[[`entry:${entry.id}`, "comments"]]]);
  });

  it("purges at once outside a transaction", async () => {
    const purge = purges();
    await pagesChanged(db(), [{ kind: "pin", id: "p1" }, { kind: "comments" }, { kind: "pin", id: "p1" }]);
    expect(purge.mock.calls).toEqual([[["pin:p1", "comments"]]]);
  });
});
