import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import {
  apiAs,
  describeInBrowser,
  shot,
  signedInPerson,
  type Site,
  useBrowserSite,
} from "../support/browser.ts";
import { CATEGORY_ID } from "../../db/reference-data.ts";
import { users } from "../../db/schema/index.ts";

// Issue 12, item 6: an admin sees 删除 where an author does — on someone's comment, column article
// and collection set — and takes each down; a plain reader sees none of them.
describeInBrowser("what an admin takes down", () => {
  let site: Site;
  let browser: Browser;
  const errors: string[] = [];

  useBrowserSite((web) => ({ site, browser } = web));

  it("deletes someone's comment, article and collection set from their pages", async () => {
    const author = await signedInPerson(site, browser, errors);
    const draft = await apiAs<{ id: string }>(site, author, "POST", "/api/drafts", {
      title: "一篇要被删除的文章",
      content: "# 正文\n\n内容",
    });
    const post = await apiAs<{ id: string }>(site, author, "POST", `/api/drafts/${draft.id}/publish`, {
      categoryId: CATEGORY_ID.frontend,
    });
    await apiAs(site, author, "POST", "/api/comment", {
      targetId: post.id,
      targetType: "entry",
      content: "一条不合适的评论",
    });
    const set = await apiAs<{ id: string }>(site, author, "POST", "/api/collectionset", {
      title: "要删的收藏集",
    });

    const reader = await signedInPerson(site, browser, errors);
    await reader.page.goto(`${site.url}/post/${post.id}`, { waitUntil: "networkidle" });
    await reader.page.locator(".comment-item", { hasText: "一条不合适的评论" }).waitFor();
    expect(await reader.page.getByRole("button", { name: "删除" }).count()).toBe(0);

    const admin = await signedInPerson(site, browser, errors);
    await site.database.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    const page = admin.page;
    await page.goto(`${site.url}/post/${post.id}`, { waitUntil: "networkidle" });
    const comment = page.locator(".comment-item", { hasText: "一条不合适的评论" });
    // The comment thread's code loads after the page (app/lib/deferred.tsx): a press on its
    // server markup first loads it, so press until the question comes up.
    const deleteComment = comment.getByRole("button", { name: "删除" });
    await expect
      .poll(async () => {
        await deleteComment.click({ timeout: 2000 }).catch(() => undefined);
        return page.getByRole("alertdialog").count();
      })
      .toBe(1);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "DELETE" && r.ok()),
      page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click(),
    ]);
    await expect.poll(() => comment.count()).toBe(0);
    await shot(page, "admin-post", true);

    await page.locator(".article-meta").getByRole("button", { name: "删除" }).click();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/posts/${post.id}`) && r.ok()),
      page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click(),
    ]);
    await page.waitForURL(new RegExp(`/user/${author.id}$`));
    expect((await fetch(`${site.url}/post/${post.id}`)).status).toBe(404);

    await page.goto(`${site.url}/collection/${set.id}`, { waitUntil: "networkidle" });
    await page.locator(".collection-head-actions").getByRole("button", { name: "删除" }).click();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/collectionset/${set.id}`) && r.ok()),
      page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click(),
    ]);
    await page.waitForURL(new RegExp(`/user/${author.id}/collection$`));
    expect((await fetch(`${site.url}/collection/${set.id}`)).status).toBe(404);
    expect(errors).toEqual([]);
  }, 120_000);
});
