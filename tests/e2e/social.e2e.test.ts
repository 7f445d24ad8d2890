import { beforeAll, expect, it } from "vitest";
import { describeInBrowser, shot, useBrowserSite, useTwoPeople } from "../support/browser.ts";
import { CATEGORIES } from "../../db/reference-data.ts";

// The issue-4 walk with two people: A follows B and comments on B's article; B sees the bell and the
// title prefix, opens the notification and replies; A sees the reply under the comment.
describeInBrowser("two people in real browsers", () => {
  let articleId = "";

  const web = useBrowserSite();
  const people = useTwoPeople(web);

  beforeAll(async () => {
    const { b } = people;
    // B writes an article through the API (the editor itself is walked in content.e2e).
    const draft = await web.api(b, "POST", "/api/drafts", {
      title: "B 的第一篇文章",
      content: "## 开篇\n\n你好，掘金。",
    });
    const category = CATEGORIES.find((c) => c.name === "frontend")!.id;
    articleId = (await web.api(b, "POST", `/api/drafts/${draft.id}/publish`, { categoryId: category })).id;
  });

  it("follows, comments, notifies, replies", { timeout: 120_000 }, async () => {
    const { a, b } = people;
    // A follows B from B's profile.
    await web.open(a.page, `/user/${b.id}`);
    // The button flips at once (optimistic); wait for the server's answer before leaving the page.
    await Promise.all([
      a.page.waitForResponse((r) => r.url().includes("/api/follow") && r.ok()),
      a.page.getByRole("button", { name: `关注 ${b.username}` }).click(),
    ]);
    await a.page
      .getByRole("button", { name: `关注 ${b.username}` })
      .filter({ hasText: "已关注" })
      .waitFor();

    // A comments on B's article.
    await web.open(a.page, `/post/${articleId}`);
    await a.page.getByPlaceholder("输入评论...").fill("写得真好，学到了！");
    // The comment shows before the server has answered: wait for the answer (and with it B's
    // notification), or B's page below may load before it exists.
    await Promise.all([
      a.page.waitForResponse(
        (r) => r.url().endsWith("/api/comment") && r.request().method() === "POST" && r.ok(),
      ),
      a.page.getByRole("button", { name: "发布", exact: true }).click(),
    ]);
    await a.page.getByText("写得真好，学到了！").waitFor();
    await expect.poll(async () => (await web.api(b, "GET", "/api/getUserNotificationNum")).user).toBe(2);

    // B sees the bell count and the bracketed title prefix.
    await web.open(b.page, "/explore/all");
    const bell = b.page.getByRole("link", { name: /^消息通知，\d+ 条未读$/ });
    await bell.waitFor();
    // B's own notifications are exactly the follow and the comment; the bell and the title also count
    // system notifications, which other tests may have posted on a shared database.
    const counts = await web.api(b, "GET", "/api/getUserNotificationNum");
    expect(counts.user).toBe(2);
    expect(await bell.getAttribute("aria-label")).toBe(`消息通知，${counts.total} 条未读`);
    expect((await b.page.title()).startsWith(`(${counts.total}) `)).toBe(true);
    await shot(b.page, "bell-unread");

    // B opens the notification of the comment and replies there.
    await bell.click();
    await b.page.waitForURL(/\/notification$/);
    await b.page.getByText(a.username).first().waitFor();
    await shot(b.page, "notifications");
    await b.page
      .getByRole("link", { name: /评论了你的文章/ })
      .first()
      .click();
    await b.page.getByText("写得真好，学到了！").waitFor();
    await b.page.getByRole("button", { name: "回复", exact: true }).first().click();
    await b.page.getByPlaceholder(`回复 @${a.username}`).fill("谢谢支持！");
    // The reply shows before the server has answered (optimistic): wait for the answer, or A's page
    // below may load before the reply exists.
    await Promise.all([
      b.page.waitForResponse(
        (r) => r.url().endsWith("/api/comment") && r.request().method() === "POST" && r.ok(),
      ),
      b.page.getByRole("button", { name: "回复", exact: true }).last().click(),
    ]);
    await b.page.getByText("谢谢支持！").waitFor();

    // A sees the reply under the comment.
    await web.open(a.page, `/post/${articleId}`);
    const comment = a.page.locator(".comment-item", { hasText: "写得真好，学到了！" }).first();
    await comment.getByText("谢谢支持！").waitFor();
    await shot(a.page, "reply-seen");
    expect(web.errors).toEqual([]);
  });

  it("writes a pin on the 沸点 page and sees it first", { timeout: 60_000 }, async () => {
    const { a } = people;
    await web.open(a.page, "/pins");
    const text = `今天把首屏时间降到了 1.2 秒 ${Date.now()}`;
    await a.page.getByPlaceholder("分享你的新鲜事…").fill(text);
    await a.page.getByRole("button", { name: "发布", exact: true }).click();
    await expect.poll(() => a.page.locator(".pin-card .pin-content").first().innerText()).toBe(text);
    const like = a.page.locator(".pin-card").first().getByRole("button", { name: "点赞" });
    await Promise.all([
      a.page.waitForResponse((r) => r.url().includes("/api/pins/") && r.ok()),
      like.click(),
    ]);
    const liked = a.page.locator(".pin-card").first().getByRole("button", { name: "取消点赞" });
    expect(await liked.getAttribute("aria-pressed")).toBe("true");
    expect(await liked.innerText()).toBe("1");
    await shot(a.page, "pins");
  });

  it("suggests people to follow on the timeline and follows one in place", { timeout: 60_000 }, async () => {
    const { b } = people;
    const c = await web.person({ open: "/timeline/all" });
    const card = c.page.getByRole("region", { name: "推荐关注" });
    await card.waitFor();
    const rows = card.locator(".suggested-user");
    const shown = await rows.count();
    expect(shown).toBeGreaterThanOrEqual(2); // a and b at least, on a database of this file's own
    expect(shown).toBeLessThanOrEqual(4);
    expect(await card.innerText()).not.toContain(c.username);
    // The first one shown: on CI's shared PostgreSQL database other files' hotter authors come
    // before a and b.
    const row = rows.first();
    const shownId = (await row.locator("a[href^='/user/']").first().getAttribute("href"))!.split("/")[2]!;
    const name = (await row.locator(".author-name").innerText()).trim();
    await Promise.all([
      c.page.waitForResponse((r) => r.url().endsWith("/api/follow") && r.ok()),
      row.getByRole("button", { name: `关注 ${name}` }).click(),
    ]);
    await row.getByRole("button", { name: `关注 ${name}`, pressed: true }).waitFor();
    expect(await row.getByRole("button").innerText()).toBe("已关注");
    const info = await web.api(c, "GET", `/api/isCurrentUserFollowed?ids=${shownId}`);
    expect(info[shownId]).toBe(true);
    await shot(c.page, "suggested-users");

    // A phone: the profile tabs keep to one row, and the floating buttons step aside while typing.
    await c.page.setViewportSize({ width: 375, height: 780 });
    await web.open(c.page, `/user/${b.id}`);
    const tabs = c.page.locator(".profile-tabs");
    const heights = await tabs.evaluate((el) => ({
      box: el.clientHeight,
      first: el.firstElementChild!.clientHeight,
    }));
    expect(heights.box).toBeLessThan(heights.first * 2 + 24);
    await shot(c.page, "profile-375");
    await web.open(c.page, "/pins");
    const panel = c.page.locator(".suspension-panel");
    expect(await panel.isVisible()).toBe(true);
    await c.page.getByPlaceholder("分享你的新鲜事…").focus();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await shot(c.page, "pin-composer-375-focused");
    await c.context.close();
    expect(web.errors).toEqual([]);
  });
});
