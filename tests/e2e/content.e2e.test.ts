import http from "node:http";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { describeInBrowser, SCREENSHOTS, useBrowserSite } from "../support/browser.ts";
import { uniqueEmail, uniqueUsername, uniqueIp } from "../support/app.ts";
import { seedIfEmpty } from "../../db/seed/seed.ts";
import { makeEntry } from "../support/factories.ts";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";

// The issue-3 walk: share a link read from a page on loopback, find it first on explore by newest,
// like it, write and publish an article, find both by a Chinese query, page through a feed.
describeInBrowser("content in a real browser", () => {
  let context: BrowserContext;
  let page: Page;
  let pageServer: http.Server;
  let pageUrl: string;
  let userId = "";
  const word = `掘金测试${randomBytes(3).toString("hex")}`;
  const shareTitle = `${word} 前端性能优化清单`;
  const articleTitle = `${word}：前端性能的十个细节`;
  const pageErrors: string[] = [];

  const web = useBrowserSite({ pageFetchAllowLoopback: true });

  beforeAll(async () => {
    // The page to share, served by the test itself on loopback: the page reader may read it only
    // because this site runs with the test-only loopback allowance.
    pageServer = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>${shareTitle}</title>
        <meta property="og:description" content="一份关于前端性能的实用清单"></head><body>正文</body></html>`);
    });
    await new Promise<void>((r) => pageServer.listen(0, "127.0.0.1", r));
    pageUrl = `http://127.0.0.1:${(pageServer.address() as { port: number }).port}/article`;

    if (web.site.database.kind === "pglite") await seedIfEmpty(web.site.database.db);
    context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (e) => pageErrors.push(String(e)));

    const res = await fetch(`${web.site.url}/api/v1/createUser`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
      body: JSON.stringify({ username: uniqueUsername(), email: uniqueEmail(), password: "secret-pass-1" }),
    });
    const { d } = (await res.json()) as { d: { token: string; user: { id: string } } };
    userId = d.user.id;
    await context.addCookies([{ name: "nugget_session", value: d.token, url: web.site.url }]);
    if (web.site.database.kind !== "pglite") {
      // The shared server database is not seeded: give the feed enough entries for three pages.
      for (let i = 0; i < 45; i++) await makeEntry(web.site.database.db, d.user.id);
    }
  });
  afterAll(async () => {
    pageServer?.close();
  });

  const shot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

  it(
    "shares a link and sees it first on explore by newest, then likes it",
    { timeout: 120_000 },
    async () => {
      await web.open(page, "/new-entry");
      await page.getByPlaceholder(/粘贴文章链接/).fill(pageUrl);
      await page.getByRole("button", { name: "读取网页" }).click();
      await expect.poll(() => page.getByPlaceholder("文章标题").inputValue()).toBe(shareTitle);
      await page.locator("label.chip", { hasText: "前端" }).first().click();
      await shot("share-filled");
      await page.getByRole("button", { name: "发布", exact: true }).click();
      await page.waitForURL(/\/entry\/[0-9a-f]{24}$/);
      await page.getByRole("heading", { name: shareTitle }).waitFor();

      await web.open(page, "/explore/all?sort=newest");
      const first = page.locator(".entry-item").first();
      await expect.poll(() => first.locator(".entry-title").innerText()).toBe(shareTitle);
      const like = first.getByRole("button", { name: /^赞/ });
      expect(await like.getAttribute("aria-pressed")).toBe("false");
      // Optimistic: the button flips at once; wait for the server before reloading.
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/api/user/like/entry/") && r.ok()),
        like.click(),
      ]);
      await expect.poll(() => like.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => like.getAttribute("aria-label")).toBe("赞，1 个赞");
      await shot("explore-newest-liked");
      // The like is stored: it survives a reload.
      await page.reload({ waitUntil: "networkidle" });
      await expect
        .poll(() =>
          page
            .locator(".entry-item")
            .first()
            .getByRole("button", { name: /^赞/ })
            .getAttribute("aria-pressed"),
        )
        .toBe("true");
      expect(pageErrors).toEqual([]);
    },
  );

  it("writes and publishes an article with a heading and a code block", { timeout: 120_000 }, async () => {
    await web.open(page, "/editor/drafts/new");
    await page.waitForURL(/\/editor\/posts\/[0-9a-f]{24}$/);
    await page.locator("#editor-title").fill(articleTitle);
    await page
      .locator("#editor-content")
      .fill(
        `## 为什么要关注${word}\n\n首屏渲染决定了第一印象。\n\n\`\`\`ts\nconst budget = { lcp: 2500 };\n\`\`\`\n`,
      );
    // The live preview is rendered by the server with the same sanitizer as the article page.
    await page.locator(".markdown-body h2#heading-0, [class*=preview] h2#heading-0").first().waitFor();
    await shot("editor-preview");
    await page.getByRole("button", { name: "发布", exact: true }).click();
    await page.locator(".publish-choice", { hasText: "前端" }).click();
    await page.getByRole("button", { name: "确定并发布" }).click();
    await page.waitForURL(/\/post\/[0-9a-f]{24}$/);
    await page.getByRole("heading", { name: articleTitle }).waitFor();
    expect(await page.locator("h2#heading-0").innerText()).toContain(word);
    expect(await page.locator("pre code.hljs, pre code[class*=language-]").count()).toBeGreaterThan(0);
    await shot("article-published");

    // Under the article: like it in place, and share it (QR code for WeChat, share pages, copy).
    const actions = page.getByRole("group", { name: "文章操作" });
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/user/like/entry/") && r.ok()),
      actions.getByRole("button", { name: /^赞，0 个赞/ }).click(),
    ]);
    await actions.getByRole("button", { name: /^赞，1 个赞/, pressed: true }).waitFor();
    const share = actions.getByRole("button", { name: "分享" });
    await share.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "分享" });
    await dialog.getByRole("img", { name: "本页链接的二维码" }).waitFor();
    const weibo = await dialog.getByRole("link", { name: "分享到微博" }).getAttribute("href");
    const shared = new URL(new URL(weibo!).searchParams.get("url")!);
    expect(shared.pathname).toBe(new URL(page.url()).pathname);
    expect(shared.searchParams.get("utm_medium")).toBe("weibo");
    expect(new URL(weibo!).searchParams.get("title")).toBe(articleTitle);
    await shot("article-share");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await share.evaluate((el) => el === document.activeElement)).toBe(true);

    // An editor recommends it (spec §6): the feeds mark it 热.
    await web.site.database.db.update(users).set({ role: "editor" }).where(eq(users.id, userId));
    await page.reload({ waitUntil: "networkidle" });
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/entryUpdate") && r.ok()),
      actions.getByRole("button", { name: "推荐", exact: true }).click(),
    ]);
    await actions.getByRole("button", { name: "已推荐", pressed: true }).waitFor();
    await web.open(page, "/explore/all?sort=newest");
    await page.locator(".entry-item", { hasText: articleTitle }).locator(".entry-hot").waitFor();
    await web.site.database.db.update(users).set({ role: "user" }).where(eq(users.id, userId));
  });

  it(
    "finds the share and the article by a Chinese query from the header box",
    { timeout: 60_000 },
    async () => {
      await web.open(page, "/explore/all");
      const box = page.getByPlaceholder("搜索文章、标签、用户");
      await box.fill(`  ${word} 前端性能  `);
      await box.press("Enter");
      await page.waitForURL(/\/search\?query=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get("query")!)).toBe(`${word} 前端性能`);
      const titles = page.locator(".entry-item .entry-title");
      await expect
        .poll(() => titles.allInnerTexts())
        .toEqual(expect.arrayContaining([shareTitle, articleTitle]));
      await shot("search-results");
    },
  );

  it("pages through a feed with the next-page link", { timeout: 60_000 }, async () => {
    await web.open(page, "/explore/all");
    // Seeded titles can repeat, so entries are compared by their links.
    const links = () =>
      page.locator(".entry-item .entry-title a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    const firstPage = await links();
    expect(firstPage.length).toBeGreaterThan(0);
    await page.getByRole("link", { name: "下一页" }).click();
    await page.waitForURL(/\/explore\/all\?sort=popular&pointer=/);
    // The URL changes as the navigation commits; the new list renders right after.
    await expect.poll(async () => (await links())[0]).not.toBe(firstPage[0]);
    const secondPage = await links();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);

    // Fetch-more (§4) appends the following page in place, without repeating an entry.
    await page.getByRole("button", { name: "加载更多" }).click();
    await expect.poll(async () => (await links()).length).toBeGreaterThan(secondPage.length);
    const grown = await links();
    expect(new Set(grown).size).toBe(grown.length);
    expect(grown.slice(0, secondPage.length)).toEqual(secondPage);
    expect(page.url()).toContain("pointer=");
  });
});
