import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { BUILD_DIR, built, uniqueIp, useTestApp, withPageCache } from "./support/app.ts";
import { call, type Auth } from "./support/client.ts";
import {
  makeAdmin,
  makeArticle,
  makeCollectionSet,
  makeComment,
  makeEntry,
  makePin,
  makeUser,
} from "./support/factories.ts";

/**
 * Issue 12, item 6 through the whole app with the anonymous page cache on: what an admin takes down
 * leaves visitors' cached copies at once, as the owner's own deletion does; and a page a viewer may
 * not see sends them back to "/" with 没有权限 (spec §6), without that alert reaching anyone's plain "/".
 */
describe("admin reach", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), withPageCache(), built ? BUILD_DIR : undefined);

  const visit = (url: string, headers: Record<string, string> = {}) =>
    nugget.app.inject({ method: "GET", url, headers, remoteAddress: uniqueIp() });
  /** A visitor's copy of `url`, read twice: the second answer comes from the cache. */
  async function cached(url: string) {
    expect((await visit(url)).statusCode, url).toBe(200);
    const again = await visit(url);
    expect([again.statusCode, again.headers["x-cache"]], url).toEqual([200, "hit"]);
  }
  const del = (url: string, auth: Auth) => call(nugget.app, "DELETE", url, { auth });

  it("an admin's deletion of someone's collection set, column article, pin or comment purges the visitors' cached copies", async () => {
    const owner = await makeUser(nugget);
    const admin = await makeAdmin(nugget);
    const set = await makeCollectionSet(nugget, owner.auth);
    const { post } = await makeArticle(nugget, owner.auth);
    const pin = await makePin(nugget, owner.auth);
    const entry = await makeEntry(nugget.database.db, owner.user.id);
    const comment = await makeComment(nugget, owner.auth, entry.id);

    const cases: [string, string, (body: { d: unknown }) => unknown][] = [
      [`/api/getCollectionSetInfo?csId=${set.id}`, `/api/collectionset/${set.id}`, (b) => b.d],
      [`/api/getDetailData?type=entry&postId=${post.id}`, `/api/posts/${post.id}`, (b) => b.d],
      [`/api/getByID?msgId=${pin}`, `/api/pins/${pin}`, (b) => b.d],
      [
        `/api/comments/entry/${entry.id}`,
        `/api/comment/${comment}`,
        (b) => (b.d as { comments: { id: string }[] }).comments.map((c) => c.id),
      ],
    ];
    for (const [read] of cases) await cached(read);
    for (const [read, remove, shown] of cases) {
      expect((await del(remove, admin.auth)).s, remove).toBe(1);
      const after = await visit(read);
      expect(after.headers["x-cache"], read).not.toBe("hit");
      const body = after.json();
      if (read.startsWith("/api/comments/")) expect(shown(body)).toEqual([]);
      else expect([after.statusCode, body.s], read).toEqual([404, 404]);
    }
  });

  it.skipIf(!built)(
    "shows readers the campaign tag an admin put on a share, on its pages and in lists, and nothing without one",
    async () => {
      const sharer = await makeUser(nugget);
      const admin = await makeAdmin(nugget);
      const tagged = await makeEntry(nugget.database.db, sharer.user.id, { title: "参赛的分享" });
      const plain = await makeEntry(nugget.database.db, sharer.user.id, { title: "普通的分享" });
      const tagging = await call(nugget.app, "POST", "/api/entryUpdate", {
        auth: admin.auth,
        body: { entryId: tagged.id, campaignTag: "2026 征文" },
      });
      expect(tagging.s).toBe(1);
      const BADGE = /<span class="campaign-badge">活动：(?:<!-- -->)?2026 征文<\/span>/;
      for (const url of [`/entry/${tagged.id}`, `/entry/${tagged.id}/detail`]) {
        const page = await visit(url);
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toMatch(BADGE);
      }
      for (const url of [`/entry/${plain.id}`, `/entry/${plain.id}/detail`]) {
        const page = await visit(url);
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).not.toContain("campaign-badge");
      }
      // The sharer's 分享 list: one badge, on the tagged share's card only.
      const list = await visit(`/user/${sharer.user.id}/share`);
      expect(list.statusCode).toBe(200);
      expect(list.body.match(/class="campaign-badge"/g)).toHaveLength(1);
      const card = list.body.slice(list.body.indexOf(`data-entry-id="${tagged.id}"`));
      expect(card.slice(0, card.indexOf("</li>"))).toMatch(BADGE);
    },
  );

  describe.skipIf(!built)("a page the viewer may not see (spec §6)", () => {
    const FORBIDDEN_ALERT = /<div class="alert alert-error" role="alert">.*?没有权限/s;

    it("redirects to / with the 没有权限 alert, server-rendered, and a logged-in viewer on to the timeline with it", async () => {
      const someone = await makeUser(nugget);
      const cookie = `nugget_session=${someone.auth.token}`;
      for (const url of ["/admin/jobs", "/admin/withdrawals", "/admin/jobs.data"]) {
        const refused = await visit(url, { cookie });
        if (url.endsWith(".data")) {
          // A client navigation gets React Router's redirect (single fetch: in the body) to the same place.
          expect(refused.statusCode).toBe(202);
          expect(refused.body).toContain("/?alert=forbidden");
        } else {
          expect([refused.statusCode, refused.headers.location], url).toEqual([302, "/?alert=forbidden"]);
        }
      }
      // Another author's share in the share editor: the same answer.
      const other = await makeUser(nugget);
      const share = await makeEntry(nugget.database.db, other.user.id, {
        originalUrl: "https://example.com/x",
      });
      const editing = await visit(`/edit-entry/${share.id}`, { cookie });
      expect([editing.statusCode, editing.headers.location]).toEqual([302, "/?alert=forbidden"]);

      // "/" sends a logged-in viewer to the timeline (spec §2), the alert's code with them.
      const home = await visit("/?alert=forbidden", { cookie });
      expect([home.statusCode, home.headers.location]).toEqual([302, "/timeline?alert=forbidden"]);
      // A new viewer (no subscribed tags) goes on to getting-started (spec §4), still with it.
      const timeline = await visit("/timeline?alert=forbidden", { cookie });
      expect([timeline.statusCode, timeline.headers.location]).toEqual([
        302,
        "/getting-started?alert=forbidden",
      ]);
      for (const url of ["/getting-started?alert=forbidden", "/timeline/all?alert=forbidden"]) {
        const page = await visit(url, { cookie });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toMatch(FORBIDDEN_ALERT);
      }
    });

    it("shows the alert only on the URL that asks for it: the cached plain / never carries it", async () => {
      const plain = await visit("/");
      expect(plain.statusCode).toBe(200);
      const alerted = await visit("/?alert=forbidden");
      expect(alerted.statusCode).toBe(200);
      expect(alerted.body).toMatch(FORBIDDEN_ALERT);
      expect((await visit("/?alert=forbidden")).headers["x-cache"]).toBe("hit");
      const again = await visit("/");
      expect(again.headers["x-cache"]).toBe("hit");
      for (const page of [plain, again]) expect(page.body).not.toContain("没有权限");
      // Only known codes speak: the URL cannot make the page say anything else.
      const unknown = await visit("/?alert=%E4%BD%A0%E5%A5%BD");
      expect(unknown.body).not.toMatch(/role="alert"/);
    });
  });
});
