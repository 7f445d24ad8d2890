import { expect, it } from "vitest";
import { describeInBrowser, useBrowserSite } from "../support/browser.ts";
import { uniqueEmail, uniqueIp, uniqueUsername, withPageCache } from "../support/app.ts";
import { registerByEmail } from "../support/client.ts";
import { makeEntry, makeTag } from "../support/factories.ts";

// A visitor reads pages from the anonymous cache (no CSRF cookie, no token in the page), then
// registers and likes an entry: the browser makes its own double-submit token and the like lands.
describeInBrowser("the anonymous page cache in a real browser", () => {
  const pageErrors: string[] = [];

  const web = useBrowserSite(withPageCache());

  it(
    "serves a cached tag page, then the visitor registers and likes from it",
    { timeout: 90_000 },
    async () => {
      const author = await registerByEmail(web.site);
      const tag = await makeTag(web.site.database.db);
      const entry = await makeEntry(web.site.database.db, author.user.id, { title: "缓存页里的分享" }, [
        tag.id,
      ]);
      const url = `${web.site.url}/tag/${encodeURIComponent(tag.title)}`;
      // Another visitor has read the page: this one gets the cached copy.
      await fetch(url);

      const context = await web.browser.newContext({
        viewport: { width: 1280, height: 860 },
        extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on("pageerror", (e) => pageErrors.push(String(e)));
      const response = await page.goto(url, { waitUntil: "networkidle" });
      expect(response?.headers()["x-cache"]).toBe("hit");
      expect(response?.headers()["content-encoding"]).toBe("gzip");
      // One copy for every visitor: no cookie of anyone's in it.
      expect(response?.headers()["set-cookie"]).toBeUndefined();
      const item = page.locator(`[data-entry-id="${entry.id}"]`);
      await item.waitFor();

      const username = uniqueUsername();
      await page.locator("header").getByRole("button", { name: "注册" }).click();
      const modal = page.getByRole("dialog");
      await modal.getByPlaceholder("请输入手机号或邮箱").fill(uniqueEmail());
      await modal.getByPlaceholder("请输入用户名").fill(username);
      await modal.getByPlaceholder(/请输入密码/).fill("secret-pass-1");
      await modal.getByRole("button", { name: "注册", exact: true }).click();
      await page.getByRole("button", { name: `${username}的菜单` }).waitFor();
      await page.waitForLoadState("networkidle");

      const liked = page.waitForResponse((r) => r.request().method() !== "GET" && /like/i.test(r.url()));
      await item.locator(".like-button").click();
      const answer = await liked;
      expect(answer.status()).toBe(200);
      expect(((await answer.json()) as { s: number }).s).toBe(1);
      await expect.poll(() => item.locator(".like-button").getAttribute("aria-pressed")).toBe("true");
      // The token the browser made is the cookie the server compared.
      expect((await context.cookies()).map((c) => c.name)).toContain("nugget_csrf");
      // Logged in now: pages are rendered for this person, never from the cache.
      const own = await page.goto(url, { waitUntil: "networkidle" });
      expect(own?.headers()["x-cache"]).toBeUndefined();
      await expect.poll(() => item.locator(".like-button").getAttribute("aria-pressed")).toBe("true");
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
