import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { AUTO_HIDE_REPORTERS, LINK_HEAVY_LINKS } from "../shared/report-rules.ts";
import { BUILD_DIR, built, uniqueIp, useTestApp, withPageCache } from "./support/app.ts";
import { call } from "./support/client.ts";
import { makeArticle, makeEntry, makePin, makeUser, followUsers } from "./support/factories.ts";

/**
 * Issue 13's first line through the whole app with the anonymous page cache on: a target hidden
 * pending review leaves visitors' cached copies at once; a new account's link-heavy article is
 * published hidden, and its followers hear nothing of it.
 */
describe("moderation and the anonymous page cache", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), withPageCache(), built ? BUILD_DIR : undefined);

  const visit = (url: string) => nugget.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });

  it(`purges visitors' cached copies when ${AUTO_HIDE_REPORTERS} reporters hide a pin or a share`, async () => {
    const owner = await makeUser(nugget);
    const reporters = await Promise.all(Array.from({ length: AUTO_HIDE_REPORTERS }, () => makeUser(nugget)));
    const pin = await makePin(nugget, owner.auth);
    const entry = await makeEntry(nugget.database.db, owner.user.id);
    const reads: [string, string, string][] = [
      [`/api/getByID?msgId=${pin}`, "pin", pin],
      [`/api/getEntry?entryId=${entry.id}`, "entry", entry.id],
    ];
    if (built) reads.push([`/entry/${entry.id}`, "entry", entry.id]);
    for (const [url] of reads) {
      expect((await visit(url)).statusCode, url).toBe(200);
      expect((await visit(url)).headers["x-cache"], url).toBe("hit");
    }
    for (const [, targetType, targetId] of reads.slice(0, 2)) {
      for (const r of reporters) {
        const res = await call(nugget.app, "POST", "/api/reports", {
          auth: r.auth,
          body: { targetType, targetId, reason: "spam" },
          ip: uniqueIp(),
        });
        expect(res.s).toBe(1);
      }
    }
    for (const [url] of reads) {
      const after = await visit(url);
      expect(after.headers["x-cache"], url).not.toBe("hit");
      expect(after.statusCode, url).toBe(404);
    }
  });

  it(`publishes a new account's article with ${LINK_HEAVY_LINKS} links hidden, telling no follower`, async () => {
    const author = await makeUser(nugget);
    const follower = await makeUser(nugget);
    await followUsers(nugget, follower.auth, [author.user.id]);
    const links = Array.from(
      { length: LINK_HEAVY_LINKS },
      (_, i) => `[课程${i}](https://buy${i}.example.com)`,
    );
    const { post } = await makeArticle(nugget, author.auth, { content: `# 免费领\n\n${links.join("\n\n")}` });
    expect(post.underReview).toBe(true);
    const read = `/api/getDetailData?type=entry&postId=${post.id}`;
    expect((await visit(read)).statusCode).toBe(404);
    const own = await call(nugget.app, "GET", read, { auth: author.auth });
    expect(own.d.underReview).toBe(true);
    await nugget.jobs.drain(["notify-followers"]).catch(() => undefined);
    const told = await call(nugget.app, "GET", "/api/getUserNotification", { auth: follower.auth });
    expect(told.d.list.some((n: { entry: { id: string } | null }) => n.entry?.id === post.id)).toBe(false);
  });
});
