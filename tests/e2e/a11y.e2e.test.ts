import { expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeViolations } from "../support/axe.ts";
import { describeInBrowser, shot, useBrowserSite, waitForHydrationOnGoto } from "../support/browser.ts";
import { makeArticle, makeEntry, makePin, makeTag, makeUser } from "../support/factories.ts";

/** Moderate findings counted all the same: each page has its main landmark and one h1. */
const STRUCTURE = ["page-has-heading-one", "landmark-one-main"];

/**
 * axe-core (WCAG 2.0/2.1 A and AA, and its best practices) over the page as it is now: one line
 * per serious or critical violation (or a STRUCTURE one) — its rule, impact, and the first few
 * elements — prefixed with `where`.
 */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const found = await axeViolations(page, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
  });
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical" || STRUCTURE.includes(v.id))
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.join(" "));
      return (
        `${where}: ${v.id} (${v.impact}) ${targets.slice(0, 4).join(" | ")}` +
        (targets.length > 4 ? ` (+${targets.length - 4})` : "")
      );
    });
}

async function open(page: Page, url: string) {
  const res = await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
  expect(res?.status(), url).toBe(200);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
}

/** Whether the focused element is inside `dialog`. */
const focusInside = (dialog: Locator) => dialog.evaluate((d) => d.contains(document.activeElement));

/**
 * Opens a dialog from `opener` with the keyboard (focus, Enter), then checks that focus is inside
 * it, that Tab and Shift+Tab past its ends stay inside, that Escape closes it, and that focus is
 * back on the opener. While it is open, axe's findings go to `violations` under `where`.
 */
async function checkDialogKeyboard(
  page: Page,
  opener: Locator,
  where: string,
  violations: string[],
  { menuItem, role = "dialog" }: { menuItem?: string; role?: "dialog" | "alertdialog" } = {},
) {
  await opener.focus();
  await page.keyboard.press("Enter");
  if (menuItem) {
    // Opened from an item of `opener`'s menu; focus comes back to `opener` all the same.
    const item = page.getByRole("menuitem", { name: menuItem });
    await item.waitFor();
    await item.focus();
    await page.keyboard.press("Enter");
  }
  const dialog = page.getByRole(role);
  await dialog.waitFor({ timeout: 30_000 });
  await expect.poll(() => focusInside(dialog), { timeout: 10_000 }).toBe(true);
  violations.push(...(await seriousViolations(page, where)));
  const stops = await dialog.evaluate(
    (d) =>
      [...d.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
        (el) => el.offsetParent !== null,
      ).length,
  );
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${key} #${i + 1} left the dialog`).toBe(true);
    }
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached", timeout: 10_000 });
  await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
}

describeInBrowser("accessibility", () => {
  let author: Awaited<ReturnType<typeof makeUser>>;
  let postId: string;
  let entryId: string;
  let tagTitle: string;

  const web = useBrowserSite();

  it("axe finds nothing serious on the main pages, logged out", { timeout: 300_000 }, async () => {
    author = await makeUser(web.site);
    const tag = await makeTag(web.site.database.db);
    tagTitle = tag.title;
    const { post } = await makeArticle(
      web.site,
      author.auth,
      { title: "无障碍的文章", content: "# 标题\n\n正文，`code` 和代码：\n\n```ts\nconst a = 1;\n```" },
      { tagIds: [tag.id] },
    );
    postId = post.id;
    entryId = (await makeEntry(web.site.database.db, author.user.id, { title: "一条无障碍分享" })).id;
    const pinId = await makePin(web.site, author.auth);

    const errors: string[] = [];
    const page = await web.visitor({ errors });
    const violations: string[] = [];
    for (const url of [
      "/",
      "/explore",
      `/tag/${encodeURIComponent(tagTitle)}`,
      `/post/${postId}`,
      `/entry/${entryId}`,
      `/entry/${entryId}/detail`,
      "/pins",
      `/pin/${pinId}`,
      "/books",
      "/repos",
      "/zhuanlan",
      `/user/${author.user.id}`,
      `/search?query=${encodeURIComponent("无障碍")}`,
    ]) {
      await open(page, web.site.url + url);
      violations.push(...(await seriousViolations(page, url)));
    }
    await page.locator("header").getByRole("button", { name: "登录" }).click();
    await page.getByRole("dialog").waitFor();
    violations.push(...(await seriousViolations(page, "login dialog")));
    await page.context().close();

    const phone = await web.visitor({ width: 390, errors });
    for (const url of ["/", `/post/${postId}`]) {
      await open(phone, web.site.url + url);
      violations.push(...(await seriousViolations(phone, `${url} (390 px)`)));
    }
    await phone.context().close();
    expect(violations).toEqual([]);
  });

  it("axe finds nothing serious on the main pages, logged in", { timeout: 300_000 }, async () => {
    const errors: string[] = [];
    const me = await web.person({ errors });
    const violations: string[] = [];
    for (const url of [
      "/",
      "/notification",
      "/user/settings/profile",
      "/user/settings/account",
      "/user/settings/password",
      "/user/wallet",
      "/subscribe",
      "/editor/drafts",
      "/editor/drafts/new",
      `/post/${postId}`,
    ]) {
      await open(me.page, web.site.url + url);
      // 写文章 makes a draft and moves on to its editor: that is the page checked.
      if (url === "/editor/drafts/new") await me.page.locator(".editor-page").waitFor({ timeout: 30_000 });
      violations.push(...(await seriousViolations(me.page, `${url} (logged in)`)));
      if (url === "/user/settings/account") await shot(me.page, "a11y-account-1280");
    }
    expect(violations).toEqual([]);
    await me.context.close();
  });

  it(
    "the login, share, report and logout dialogs take focus, keep Tab inside, close on Escape and give focus back",
    { timeout: 180_000 },
    async () => {
      const errors: string[] = [];
      const page = await web.visitor({ errors });
      waitForHydrationOnGoto(page);
      await open(page, `${web.site.url}/post/${postId}`);
      const violations: string[] = [];
      const login = page.locator("header").getByRole("button", { name: "登录" });
      await checkDialogKeyboard(page, login, "login dialog", violations);
      const share = page.getByRole("button", { name: "分享" }).first();
      await checkDialogKeyboard(page, share, "share dialog", violations);
      await page.context().close();

      const me = await web.person({ errors });
      await open(me.page, `${web.site.url}/user/${author.user.id}`);
      const report = me.page.getByRole("button", { name: "举报" }).first();
      await checkDialogKeyboard(me.page, report, "report dialog", violations);
      const avatar = me.page.locator("header").getByRole("button", { name: `${me.username}的菜单` });
      await checkDialogKeyboard(me.page, avatar, "logout dialog", violations, {
        menuItem: "登出",
        role: "alertdialog",
      });
      await me.context.close();
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
