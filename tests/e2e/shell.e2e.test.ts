import { afterAll, beforeAll, expect, it } from "vitest";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";
import { uniqueEmail, uniqueUsername, uniqueIp } from "../support/app.ts";
import { makeEntry } from "../support/factories.ts";

const SUPPORT_EMAIL = "help@nugget.test";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// The shell's extras of spec §1/§4: the emoji barrage after a comment, the customer-service
// button and dialog, and the request-health alert after requests the browser could not make.
describeInBrowser("app shell extras in a real browser", () => {
  let token = "";
  let entryId = "";
  const contexts: BrowserContext[] = [];

  /** A logged-in page (or a visitor's, `login: false`) in a fresh context: fresh storage too. */
  async function open(options: BrowserContextOptions & { login?: boolean } = {}): Promise<Page> {
    const { login = true, ...contextOptions } = options;
    const context = await web.browser.newContext({
      viewport: { width: 1280, height: 860 },
      ...contextOptions,
    });
    contexts.push(context);
    if (login) await context.addCookies([{ name: "nugget_session", value: token, url: web.site.url }]);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on("pageerror", (e) => web.errors.push(String(e)));
    page.on("console", (m) => {
      // The aborted like requests log their failure; anything else is a defect.
      if (m.type() === "error" && !m.text().includes("Failed to load resource")) web.errors.push(m.text());
    });
    return page;
  }

  const web = useBrowserSite({ supportEmail: SUPPORT_EMAIL });

  beforeAll(async () => {
    const res = await fetch(`${web.site.url}/api/v1/createUser`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
      body: JSON.stringify({ username: uniqueUsername(), email: uniqueEmail(), password: "secret-pass-1" }),
    });
    const { d } = (await res.json()) as { d: { token: string; user: { id: string } } };
    token = d.token;
    entryId = (await makeEntry(web.site.database.db, d.user.id, { title: "弹幕测试条目" })).id;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function comment(page: Page, text: string) {
    await page.getByPlaceholder("输入评论...").fill(text);
    await page.getByRole("button", { name: "发布", exact: true }).click();
    await page.locator(".comment-item", { hasText: text }).first().waitFor();
  }

  it(
    "a 666 comment sets off the barrage for 6.1 s; a double-click stops it",
    { timeout: 90_000 },
    async () => {
      const page = await open();
      await web.open(page, `/entry/${entryId}/detail`);
      const barrage = page.locator(".barrage");

      // A comment with no trigger: no barrage.
      await comment(page, "写得不错，收藏了");
      await page.waitForTimeout(300);
      expect(await barrage.count()).toBe(0);

      // The browser's own clock times the overlay, so a slow test machine cannot skew it.
      await page.evaluate(() => {
        const times: { shown?: number; gone?: number } = {};
        (window as unknown as { barrageTimes: typeof times }).barrageTimes = times;
        new MutationObserver(() => {
          const present = !!document.querySelector(".barrage");
          if (present && times.shown === undefined) times.shown = performance.now();
          if (!present && times.shown !== undefined && times.gone === undefined)
            times.gone = performance.now();
        }).observe(document.body, { childList: true, subtree: true });
      });
      await comment(page, "666");
      await barrage.waitFor({ state: "attached", timeout: 3000 });
      expect(await barrage.getAttribute("data-type")).toBe("666");
      expect(await barrage.getAttribute("aria-hidden")).toBe("true");
      expect(await page.locator(".barrage-item").count()).toBe(20);
      expect(await barrage.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe("none");
      await page.waitForTimeout(2000);
      await shot(page, "barrage-666");
      // The page stays usable under it: the textarea takes a click and text.
      await page.getByPlaceholder("输入评论...").click();
      await page.keyboard.type("还能打字");
      expect(await page.getByPlaceholder("输入评论...").inputValue()).toBe("还能打字");

      // Gone after 6.1 s (timers may fire a little late on a busy machine, never early).
      await barrage.waitFor({ state: "detached", timeout: 8000 });
      const times = await page.evaluate(
        () => (window as unknown as { barrageTimes: { shown: number; gone: number } }).barrageTimes,
      );
      const shownFor = times.gone - times.shown;
      expect(shownFor).toBeGreaterThanOrEqual(6000);
      expect(shownFor).toBeLessThan(7000);

      // 牛逼 is the thumbs-up kind; a double-click anywhere stops it at once.
      await page.getByPlaceholder("输入评论...").fill("");
      await comment(page, "牛逼，学到了");
      await barrage.waitFor({ state: "attached", timeout: 3000 });
      expect(await barrage.getAttribute("data-type")).toBe("up");
      await page.waitForTimeout(1500);
      await shot(page, "barrage-up");
      await page.mouse.dblclick(8, 600);
      await barrage.waitFor({ state: "detached", timeout: 500 });

      // On a phone-sized screen.
      await page.setViewportSize({ width: 375, height: 740 });
      await comment(page, "2333");
      await barrage.waitFor({ state: "attached", timeout: 3000 });
      expect(await barrage.getAttribute("data-type")).toBe("233");
      await page.waitForTimeout(2000);
      await shot(page, "barrage-233-375");
      await page.mouse.dblclick(4, 700);
      await barrage.waitFor({ state: "detached", timeout: 500 });

      // Readers who ask for reduced motion get no barrage at all.
      const calm = await open({ reducedMotion: "reduce" });
      await web.open(calm, `/entry/${entryId}/detail`);
      await comment(calm, "666 安静模式");
      await calm.waitForTimeout(500);
      expect(await calm.locator(".barrage").count()).toBe(0);
      expect(web.errors).toEqual([]);
    },
  );

  it("客服 appears after hydration and opens a keyboard-usable dialog", { timeout: 60_000 }, async () => {
    // Not in the server's HTML: readers without JS and crawlers that read HTML never get it.
    const html = await (await fetch(`${web.site.url}/explore/all`)).text();
    expect(html).not.toContain("service-button");

    const page = await open({ login: false });
    await web.open(page, "/explore/all");
    const button = page.getByRole("button", { name: "客服", exact: true });
    await button.waitFor();
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "联系客服" });
    await dialog.waitFor();
    // Focus moved in.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await dialog.getByRole("link", { name: /发送邮件/ }).getAttribute("href")).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(await dialog.getByRole("link", { name: /关于我们/ }).getAttribute("href")).toBe("/about");
    await page.waitForTimeout(300); // the fade-in
    await shot(page, "customer-service-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Focus came back to the button.
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // The about link goes there and closes the dialog.
    await button.click();
    await dialog.getByRole("link", { name: /关于我们/ }).click();
    await page.waitForURL(/\/about$/);
    expect(await dialog.count()).toBe(0);

    const narrow = await open({ login: false, viewport: { width: 375, height: 740 } });
    await web.open(narrow, "/explore/all");
    await narrow.getByRole("button", { name: "客服", exact: true }).click();
    await narrow.getByRole("dialog", { name: "联系客服" }).waitFor();
    await narrow.waitForTimeout(300);
    await shot(narrow, "customer-service-dialog-375");

    // A crawler that runs scripts gets no button either.
    const bot = await open({ login: false, userAgent: GOOGLEBOT });
    await web.open(bot, "/explore/all");
    await bot.locator(".suspension-panel").waitFor({ state: "attached" });
    await bot.waitForTimeout(300);
    expect(await bot.getByRole("button", { name: "客服", exact: true }).count()).toBe(0);
    expect(web.errors).toEqual([]);
  });

  it("three failed requests raise 请求异常; once closed it stays away", { timeout: 90_000 }, async () => {
    const page = await open();
    // Every like call fails in the browser, as an ad blocker or a DNS failure would make it.
    await page.route("**/api/user/like/entry/**", (route) => route.abort("blockedbyclient"));
    await web.open(page, "/explore/all?sort=newest");
    const like = page.locator(".entry-item").first().getByRole("button", { name: /^赞/ });
    const healthAlert = page.locator(".request-health");

    async function failOnce() {
      await like.click();
      // The optimistic toggle goes back once the call has failed.
      await expect.poll(() => like.getAttribute("aria-busy")).toBeNull();
      await expect.poll(() => like.getAttribute("aria-pressed")).toBe("false");
    }
    const errorCount = () => page.evaluate(() => sessionStorage.getItem("nugget_request_errors"));

    await failOnce();
    await failOnce();
    expect(await errorCount()).toBe("2");
    expect(await healthAlert.count()).toBe(0);
    await failOnce();
    await healthAlert.waitFor();
    expect(await healthAlert.getByRole("heading").innerText()).toBe("请求异常");
    await healthAlert.getByText("检查网络连接或 DNS 设置").waitFor();
    await healthAlert.getByText(/关闭广告拦截插件/).waitFor();
    await healthAlert.getByText(/联系客服/).waitFor();
    // Shown, so the counter starts again.
    expect(await errorCount()).toBe("0");
    await page.waitForTimeout(300); // the fade-in
    await shot(page, "request-health-alert");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.waitForTimeout(3000); // the like failures' alerts go away
    await shot(page, "request-health-alert-375");
    await page.setViewportSize({ width: 1280, height: 860 });

    await healthAlert.getByRole("button", { name: "关闭" }).click();
    await healthAlert.waitFor({ state: "detached" });
    const closedAt = Number(
      await page.evaluate(() => localStorage.getItem("nugget_request_alert_closed_at")),
    );
    expect(Math.abs(Date.now() - closedAt)).toBeLessThan(60_000);

    // Closed in the last 24 hours: three more failures after a reload do not bring it back.
    await page.reload({ waitUntil: "networkidle" });
    await failOnce();
    await failOnce();
    await failOnce();
    await page.waitForTimeout(300);
    expect(await healthAlert.count()).toBe(0);
    expect(await errorCount()).toBe("3");

    // A close more than 24 hours ago no longer silences it: the next failure shows it.
    await page.evaluate(() =>
      localStorage.setItem("nugget_request_alert_closed_at", String(Date.now() - 86_400_001)),
    );
    await failOnce();
    await healthAlert.waitFor();
    expect(web.errors).toEqual([]);
  });
});
