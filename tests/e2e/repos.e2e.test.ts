import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { describeInBrowser, overflowX, shot, useBrowserSite } from "../support/browser.ts";
import { uniqueEmail, uniqueUsername, uniqueIp } from "../support/app.ts";
import { repos, showcaseRepos, showcases } from "../../db/schema/index.ts";
import { newId } from "../../server/lib/ids.ts";
import { importRepos, jsonSource, type ImportedRepo } from "../../server/services/repos/source.ts";
import { eq } from "drizzle-orm";

const hex = () => randomBytes(4).toString("hex");

// 开源库 in a real browser: the trending page's language select and 今日/本周/本月 tabs (URL shape of
// spec §2, saved state behind the header link), a repo page (README, language bar, translators),
// a comment as a logged-in user, the 404 placeholder, and both pages at 375 px.
describeInBrowser("开源库 pages", () => {
  let context: BrowserContext;
  let page: Page;
  const lang = `Lang${hex()}`;
  const other = `Other${hex()}`;
  const ids: Record<string, string> = {};
  let username = "";
  // The PostgreSQL test database outlives a run, so the showcase is this run's own and goes after it.
  const showcaseTitle = `前端精选${hex()}`;
  let showcaseId = "";

  const repo = (name: string, language: string, stars: [number, number, number]): ImportedRepo => ({
    originalId: `e2e-${hex()}`,
    url: `https://github.com/${name}`,
    name,
    description: `${name.split("/")[1]} is a fast tool for the web.`,
    language,
    watchCount: 1200,
    starCount: 48_000 + stars[0],
    forkCount: 7_300,
    dailyStars: stars[0],
    weeklyStars: stars[1],
    monthlyStars: stars[2],
    readme:
      "# 快速上手\n\n这是一个 **示例** README。\n\n## 安装\n\n```bash\nnpm install example\n```\n\n" +
      "- 开箱即用\n- 类型安全\n\n<script>alert(1)</script>",
    languages: { [language]: 70_000, CSS: 25_000, HTML: 4_950, Makefile: 50 },
    license: { name: "MIT", url: "https://choosealicense.com/licenses/mit/" },
    owner: { username: name.split("/")[0], avatar: "", url: `https://github.com/${name.split("/")[0]}` },
    commitedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  });

  const web = useBrowserSite();

  beforeAll(async () => {
    const db = web.site.database.db;
    const rows = [
      repo(`alpha${hex()}/swift-kit`, lang, [300, 900, 2_000]),
      repo(`beta${hex()}/rapid-ui`, lang, [120, 1_500, 1_800]),
      repo(`gamma${hex()}/other-lib`, other, [50, 60, 70]),
    ];
    const imported = await importRepos(db, jsonSource(rows));
    imported.forEach((r, i) => (ids[["alpha", "beta", "gamma"][i]] = r.id));

    // A logged-in reader, who is also the first repo's translator.
    username = uniqueUsername();
    const res = await fetch(`${web.site.url}/api/v1/createUser`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
      body: JSON.stringify({ username, email: uniqueEmail(), password: "secret-pass-1" }),
    });
    const { d } = (await res.json()) as { d: { token: string; user: { id: string } } };
    await db
      .update(repos)
      .set({
        translatorIdList: [d.user.id],
        translation: { title: "Swift Kit", description: "面向 Web 的极速工具集。" },
      })
      .where(eq(repos.id, ids.alpha));
    showcaseId = newId();
    await db.insert(showcases).values({
      id: showcaseId,
      title: showcaseTitle,
      description: "本周值得一看的前端库",
      order: -1_000_000,
      repoCount: 2,
      langCount: 1,
    });
    await db.insert(showcaseRepos).values([
      { showcaseId, repoId: ids.alpha, order: 0 },
      { showcaseId, repoId: ids.beta, order: 1 },
    ]);

    context = await web.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "nugget_session", value: d.token, url: web.site.url }]);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (e) => web.errors.push(String(e)));
  });

  // Hooks run last-registered first, so this runs while the site's database is still open.
  afterAll(async () => {
    if (showcaseId) await web.site.database.db.delete(showcases).where(eq(showcases.id, showcaseId));
  });

  const names = (p: Page) => p.locator(".repo-item-title a").allInnerTexts();
  const pathOf = (p: Page) => {
    const u = new URL(p.url());
    return decodeURIComponent(u.pathname + u.search);
  };

  it("filters by language and window; the URL and the header link follow", { timeout: 120_000 }, async () => {
    await web.open(page, "/repos");
    await page.getByRole("heading", { name: "开源库趋势榜" }).waitFor();
    await page.locator(".showcase-card", { hasText: showcaseTitle }).waitFor();
    await shot(page, "repos-index", true);

    await page.getByLabel("语言", { exact: true }).selectOption(lang);
    await page.waitForURL((u) => u.search === `?lang=${lang}`);
    await expect
      .poll(() => names(page))
      .toEqual([expect.stringContaining("swift-kit"), expect.stringContaining("rapid-ui")]);

    await page.getByRole("link", { name: "本周" }).click();
    await page.waitForURL((u) => u.search === `?lang=${lang}&since=weekly`);
    await expect
      .poll(() => names(page))
      .toEqual([expect.stringContaining("rapid-ui"), expect.stringContaining("swift-kit")]);
    await shot(page, "repos-weekly", true);

    // The header's 开源库 link remembers the filter (saved state) from another page.
    await web.open(page, "/pins");
    const navLink = page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "开源库" });
    await expect.poll(() => navLink.getAttribute("href")).toBe(`/repos?lang=${lang}&since=weekly`);
    await navLink.click();
    await page.waitForURL((u) => u.pathname === "/repos" && u.search === `?lang=${lang}&since=weekly`);

    // Daily drops since; all drops lang (spec §2).
    await page.getByRole("link", { name: "今日" }).click();
    await page.waitForURL((u) => u.search === `?lang=${lang}`);
    // React renders a navigation as a transition, so the URL can change a moment before the page
    // does; the select would still hold the old window. Wait for the page to show 今日.
    await page.locator('nav[aria-label="时间范围"] .sort-tab.active', { hasText: "今日" }).waitFor();
    await page.getByLabel("语言", { exact: true }).selectOption("all");
    await page.waitForURL((u) => u.pathname === "/repos" && u.search === "");
    expect(pathOf(page)).toBe("/repos");

    // Unknown language or window: the not-found page with 404.
    const missing = await page.goto(`${web.site.url}/repos?since=yearly`);
    expect(missing?.status()).toBe(404);
    expect(web.errors).toEqual([]);
  });

  it(
    "opens a repo: README, language bar, translators; comments as a logged-in user",
    { timeout: 120_000 },
    async () => {
      await web.open(page, `/repos?lang=${lang}`);
      await page.locator(".repo-item-title a", { hasText: "swift-kit" }).click();
      await page.waitForURL((u) => u.pathname === `/repo/${ids.alpha}`);
      await page.getByRole("heading", { name: "快速上手" }).waitFor();
      await page.getByText("npm install example").waitFor();
      expect(await page.locator(".markdown-body script").count()).toBe(0);
      await page.getByText("面向 Web 的极速工具集。").waitFor();
      // 70% + 25% + 4.95% (shown 5%); Makefile at 0.05% is dropped.
      expect(await page.locator(".language-bar-part").count()).toBe(3);
      expect(await page.locator(".language-legend li").allInnerTexts()).toEqual([
        expect.stringMatching(new RegExp(`^${lang}\\s*70%$`)),
        expect.stringMatching(/^CSS\s*25%$/),
        expect.stringMatching(/^HTML\s*5%$/),
      ]);
      await page.locator(".repo-translators").getByText(username).waitFor();
      await page.getByText("MIT", { exact: true }).waitFor();

      await page.getByPlaceholder("输入评论...").fill("这个库真不错，已经用在项目里了");
      await Promise.all([
        page.waitForResponse(
          (r) => r.url().includes("/api/comment") && r.request().method() === "POST" && r.ok(),
        ),
        page.getByRole("button", { name: "发布", exact: true }).click(),
      ]);
      await page.locator(".comment-item", { hasText: "这个库真不错，已经用在项目里了" }).waitFor();
      const detail = (await (await fetch(`${web.site.url}/api/get_repo_detail?id=${ids.alpha}`)).json()) as {
        d: { commentsCount: number };
      };
      expect(detail.d.commentsCount).toBe(1);
      await shot(page, "repo-detail", true);

      const unknown = await page.goto(`${web.site.url}/repo/${newId()}`);
      expect(unknown?.status()).toBe(404);
      await page.getByRole("heading", { name: "未知开源库" }).waitFor();
      expect(web.errors).toEqual([]);
    },
  );

  it("fits a 375 px phone", { timeout: 60_000 }, async () => {
    const phone = await web.browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const p = await phone.newPage();
    p.on("pageerror", (e) => web.errors.push(String(e)));
    for (const [url, name] of [
      [`/repos?lang=${lang}`, "repos-index-375"],
      [`/repo/${ids.alpha}`, "repo-detail-375"],
    ]) {
      await web.open(p, url);
      expect(await overflowX(p), url).toBeLessThanOrEqual(0);
      await shot(p, name, true);
    }
    await phone.close();
    expect(web.errors).toEqual([]);
  });
});
