import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../db/schema/index.ts";
import type { NuggetApp } from "../server/app.ts";
import { BUILD_DIR, built, uniqueIp, useTestApp, withPageCache } from "./support/app.ts";
import { registerByEmail } from "./support/client.ts";
import { makeArticle, makeBooklet } from "./support/factories.ts";

/**
 * Absolute links a page prints come from PUBLIC_URL, never from the Host (or, through a trusted
 * proxy, X-Forwarded-Host) a request claims: the page is cached and shown to everyone.
 */
describe.skipIf(!built)("absolute links on pages", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), { ...withPageCache(), trustProxy: true }, BUILD_DIR);
  const spoofed = (url: string) =>
    nugget.app.inject({
      url,
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      remoteAddress: uniqueIp(),
    });

  it("the copy notice's link of an article and of a booklet section is the site's address", async () => {
    const author = await registerByEmail(nugget);
    await nugget.database.db.update(users).set({ isXiaoceAuthor: true }).where(eq(users.id, author.user.id));
    const { post } = await makeArticle(nugget, author.auth);
    const booklet = await makeBooklet(nugget, author.auth);
    for (const [page, link] of [
      [`/post/${post.id}`, `http://nugget.test/post/${post.id}`],
      [
        `/book/${booklet.id}/section/${booklet.freeSection}`,
        `http://nugget.test/book/${booklet.id}/section/${booklet.freeSection}`,
      ],
    ]) {
      const first = await spoofed(page);
      expect([page, first.statusCode]).toEqual([page, 200]);
      expect(first.body).toContain(link);
      expect(first.body).not.toContain("evil.example");
      // What the cache kept for everyone else.
      const later = await nugget.app.inject({ url: page, remoteAddress: uniqueIp() });
      expect(later.body).toContain(link);
      expect(later.body).not.toContain("evil.example");
    }
  });
});
