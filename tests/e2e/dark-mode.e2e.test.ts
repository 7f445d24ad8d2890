import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations } from "../support/axe.ts";
import { describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";
import { uniqueIp, withPageCache } from "../support/app.ts";
import { eq } from "drizzle-orm";
import { makeArticle, makeUser } from "../support/factories.ts";
import { users } from "../../db/schema/index.ts";

const ARTICLE = [
  "# 深色模式下的代码",
  "",
  "正文里有 `inline code`，引用和代码块：",
  "",
  "> 一段引用",
  "",
  "```ts",
  "// 注释",
  "export function greet(name: string): string {",
  "  const n = 42;",
  "  return `hello ${name}` + n;",
  "}",
  "```",
].join("\n");

/** The relative luminance of the body's background: near 0 is dark, near 1 light. */
const bodyLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });

/** axe-core's colour-contrast rule over the page as it is now: the failing elements. */
async function contrastViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, { runOnly: ["color-contrast"] });
  return violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? ""}`));
}

describeInBrowser("dark mode", () => {
  const web = useBrowserSite(withPageCache());

  it(
    "follows the system, flips to 浅色 from the menu without a flash after reload, and keeps cached pages theme-less",
    { timeout: 120_000 },
    async () => {
      const errors: string[] = [];
      const author = await makeUser(web.site);
      const { post } = await makeArticle(web.site, author.auth, {
        title: "深色模式的文章",
        content: ARTICLE,
      });

      const page = await web.visitor({ colorScheme: "dark", errors });
      const context = page.context();
      // What <html data-theme> says when <body> first appears: the theme the first paint uses.
      await page.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (!document.body) return;
          (window as any).__themeAtBody = document.documentElement.getAttribute("data-theme");
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      });

      await web.open(page, "/");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(await bodyLuminance(page)).toBeLessThan(0.05);
      expect(await page.locator("html").getAttribute("data-theme")).toBeNull();
      expect(await contrastViolations(page)).toEqual([]);
      await shot(page, "dark-home-1280");

      // The article with its code block, and a dialog (login), in dark.
      await web.open(page, `/post/${post.id}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.locator(".markdown-body pre code").waitFor();
      expect(await contrastViolations(page)).toEqual([]);
      await shot(page, "dark-article-1280", true);
      await page.locator("header").getByRole("button", { name: "登录" }).click();
      await page.getByRole("dialog").waitFor();
      expect(await contrastViolations(page)).toEqual([]);
      await shot(page, "dark-login-dialog-1280");
      await page.keyboard.press("Escape");

      // 浅色 from the visitor's 主题 menu: at once, and remembered in the cookie.
      await web.open(page, "/");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.getByRole("button", { name: "主题" }).click();
      await page.getByRole("menuitemradio", { name: "浅色" }).click();
      expect(await bodyLuminance(page)).toBeGreaterThan(0.8);
      const cookie = (await context.cookies()).find((c) => c.name === "nugget_theme");
      expect(cookie?.value).toBe("light");

      // After a reload the page is light before the body exists: no flash of the dark theme.
      const response = await page.reload({ waitUntil: "networkidle" });
      expect(await page.evaluate(() => (window as any).__themeAtBody)).toBe("light");
      expect(await bodyLuminance(page)).toBeGreaterThan(0.8);
      // The server's HTML carries the head script (with this response's nonce), not the choice.
      const html = await response!.text();
      expect(html).toMatch(/<script nonce="[^"]+">\(function\(\)\{var m=.*nugget_theme/);
      expect(html).not.toContain("data-theme=");
      await page.getByRole("button", { name: "主题" }).click();
      expect(await page.getByRole("menuitemradio", { name: "浅色" }).getAttribute("aria-checked")).toBe(
        "true",
      );
      await shot(page, "light-theme-menu-1280");
      await page.keyboard.press("Escape");

      // Another visitor, no cookie, dark system: the cached copy is theirs too, and dark.
      const plain = await fetch(`${web.site.url}/`, { headers: { "x-forwarded-for": uniqueIp() } });
      expect(plain.headers.get("x-cache")).toBe("hit");
      expect(await plain.text()).not.toContain("data-theme=");
      const other = await web.browser.newContext({
        colorScheme: "dark",
        viewport: { width: 390, height: 844 },
      });
      const otherPage = await other.newPage();
      await web.open(otherPage, "/");
      expect(await bodyLuminance(otherPage)).toBeLessThan(0.05);
      await shot(otherPage, "dark-home-390");
      await web.open(otherPage, `/post/${post.id}`);
      await shot(otherPage, "dark-article-390", true);

      // 跟随系统 drops the cookie and the page follows the system again.
      await page.getByRole("button", { name: "主题" }).click();
      await page.getByRole("menuitemradio", { name: "跟随系统" }).click();
      expect(await bodyLuminance(page)).toBeLessThan(0.05);
      expect((await context.cookies()).some((c) => c.name === "nugget_theme")).toBe(false);

      await other.close();
      await context.close();
      expect(errors).toEqual([]);
    },
  );

  it(
    "offers the choice in the avatar menu; the editor, settings and admin pages are readable in dark",
    { timeout: 90_000 },
    async () => {
      const errors: string[] = [];
      for (const width of [1280, 390]) {
        const person = await web.person({ errors, width, consoleErrors: true });
        const { page } = person;
        if (width === 1280) {
          await web.open(page, "/");
          await page.getByRole("button", { name: `${person.username}的菜单` }).click();
          await page.getByRole("menuitemradio", { name: "深色" }).click();
          expect(await page.locator("html").getAttribute("data-theme")).toBe("dark");
          expect(await bodyLuminance(page)).toBeLessThan(0.05);
          await shot(page, "dark-avatar-menu-1280");
          await page.keyboard.press("Escape");
          await web.site.database.db.update(users).set({ role: "admin" }).where(eq(users.id, person.id));
          for (const path of [
            "/pins",
            "/user/settings/profile",
            "/user/settings/account",
            "/admin/withdrawals",
            "/admin/banners",
            "/admin/jobs",
            "/collections/recommended",
            "/repos",
            "/notification",
            `/user/${person.id}`,
            "/explore/all",
          ]) {
            await web.open(page, `${path}`);
            await shot(page, `dark${path.replace(/[0-9a-f]{24}/, "id").replaceAll("/", "-")}-1280`);
            expect({ path, violations: await contrastViolations(page) }).toEqual({ path, violations: [] });
          }
          await web.open(page, "/editor/drafts/new");
        } else {
          await page.emulateMedia({ colorScheme: "dark" });
          await web.open(page, "/editor/drafts/new");
        }
        await page.waitForURL(/\/editor\/posts\/[0-9a-f]{24}$/);
        await page.locator("#editor-title").fill("深色里的编辑器");
        await page.locator("#editor-content").fill(ARTICLE);
        await page
          .locator(".markdown-body pre code, [class*=preview] pre code")
          .first()
          .waitFor({ state: "attached" });
        expect(await bodyLuminance(page)).toBeLessThan(0.05);
        await shot(page, `dark-editor-${width}`);
        await person.context.close();
      }
      expect(errors).toEqual([]);
    },
  );
});
