import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { banners } from "../../db/schema/index.ts";
import { CATEGORIES } from "../../db/reference-data.ts";
import { svgDataUrl } from "../../db/seed/text.ts";
import { newId } from "../../server/lib/ids.ts";
import {
  altTexts,
  describeInBrowser,
  overflowX,
  type Person,
  shot,
  useBrowserSite,
} from "../support/browser.ts";

// Issue 12, items 3 and 4: 「等 N 人赞过」 under an article with its keyboard-usable likers dialog;
// hero banners above the explore feed, closed and remembered; an admin making a banner in /admin.
describeInBrowser("likers, hero banners and the banner admin in a real browser", () => {
  const run = Date.now().toString(36);
  const heroTitles = ["A", "B", "C"].map((k) => `顶部活动${k} ${run}`);
  const heroIds = heroTitles.map(() => newId());
  // Ahead of any banner other files or earlier runs left in a shared database (lower each second).
  const firstOrder = -(Math.floor(Date.now() / 1000) % 200_000_000) * 10;

  const web = useBrowserSite({}, { tempUploads: true });

  beforeAll(async () => {
    await web.site.database.db.insert(banners).values(
      heroTitles.map((title, i) => ({
        id: heroIds[i],
        position: "hero",
        title,
        imageUrl: svgDataUrl(1200, 300, title, ["#1e80ff", "#87e8de"]),
        url: "/books",
        order: firstOrder + i,
      })),
    );
  });
  afterAll(async () => {
    await web.site?.database.db.delete(banners).where(inArray(banners.id, heroIds));
    await web.site?.database.db.delete(banners).where(like(banners.title, `%${run}%`));
  });

  const focusIsIn = (page: Page, selector: string) =>
    page.evaluate((s) => !!document.activeElement?.closest(s), selector);

  it("shows who liked an article; the list opens and closes by keyboard", { timeout: 120_000 }, async () => {
    const people: Person[] = [];
    for (let i = 0; i < 3; i++) people.push(await web.person({ consoleErrors: true }));
    const [author, first, second] = people;
    const entry = await web.share(author, {
      title: `有人赞过的文章 ${run}`,
      content: "一篇讲 React 服务端渲染的文章。",
    });
    for (const p of [first, second]) await web.api(p, "PUT", `/api/user/like/entry/${entry.entryId}`, {});

    const page = await web.visitor();
    await web.open(page, `/entry/${entry.entryId}/detail`);
    const row = page.getByRole("button", { name: /等 2 人赞过/ });
    await row.waitFor();
    // Newest like first, server-rendered.
    expect(
      await page
        .locator(".entry-likers-faces .avatar")
        .evaluateAll((a) => a.map((x) => x.getAttribute("alt") ?? x.getAttribute("aria-label"))),
    ).toEqual([`${second.username}的头像`, `${first.username}的头像`]);
    await shot(page, "likers-row");

    // Open by keyboard: the dialog loads the list, focus moves in and stays in.
    await row.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /赞过的人/ });
    await dialog.getByRole("link", { name: new RegExp(first.username) }).waitFor();
    expect(await dialog.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining(second.username),
      expect.stringContaining(first.username),
    ]);
    expect(await focusIsIn(page, ".likers-dialog")).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsIn(page, ".likers-dialog")).toBe(true);
    }
    await shot(page, "likers-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.classList.contains("entry-likers-open"))).toBe(
      true,
    );

    // The author likes it too: the row moves with the like button, their face first.
    const desk = author.page;
    await web.open(desk, `/entry/${entry.entryId}/detail`);
    await desk.getByRole("group", { name: "文章操作" }).getByRole("button", { name: /^赞，/ }).click();
    await desk.getByRole("button", { name: /等 3 人赞过/ }).waitFor();
    expect(
      await desk
        .locator(".entry-likers-faces .avatar")
        .first()
        .evaluate((x) => x.getAttribute("alt") ?? x.getAttribute("aria-label")),
    ).toBe(`${author.username}的头像`);

    // A phone: the row and the dialog fit the screen.
    const phone = await web.visitor({ width: 390 });
    await web.open(phone, `/entry/${entry.entryId}/detail`);
    await phone.getByRole("button", { name: /等 3 人赞过/ }).scrollIntoViewIfNeeded();
    await shot(phone, "likers-row-390");
    await phone.getByRole("button", { name: /等 3 人赞过/ }).click();
    await phone.getByRole("dialog").getByRole("listitem").nth(2).waitFor();
    await shot(phone, "likers-dialog-390");
    expect(await overflowX(phone)).toBeLessThanOrEqual(0);

    // A column article (/post/{id}) shows the same row.
    const draft = await web.api<{ id: string }>(author, "POST", "/api/drafts", {
      title: `专栏文章 ${run}`,
      content: "## 开篇\n\n写点什么。",
    });
    const category = CATEGORIES.find((c) => c.name === "frontend")!.id;
    const post = await web.api<{ id: string }>(author, "POST", `/api/drafts/${draft.id}/publish`, {
      categoryId: category,
    });
    await web.api(first, "PUT", `/api/user/like/entry/${post.id}`, {});
    await web.open(phone, `/post/${post.id}`);
    await phone.getByRole("button", { name: /等 1 人赞过/ }).scrollIntoViewIfNeeded();
    await shot(phone, "likers-post-390");
    expect(web.errors).toEqual([]);
    await phone.context().close();
    await page.context().close();
    for (const p of people) await p.context.close();
  });

  const heroShown = (p: Page) => altTexts(p.locator(".hero-banners img"));

  it("shows 2 hero banners on explore; a closed one stays closed", { timeout: 90_000 }, async () => {
    const page = await web.visitor();
    await web.open(page, "/explore/all");
    expect(await heroShown(page)).toEqual([heroTitles[0], heroTitles[1]]);
    await shot(page, "hero-explore");
    await page.getByRole("button", { name: `关闭 ${heroTitles[0]}` }).click();
    await expect.poll(() => heroShown(page)).toEqual([heroTitles[1], heroTitles[2]]);
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => heroShown(page)).toEqual([heroTitles[1], heroTitles[2]]);

    const phone = await web.visitor({ width: 390 });
    await web.open(phone, "/");
    expect(await heroShown(phone)).toEqual([heroTitles[0], heroTitles[1]]);
    await shot(phone, "hero-welcome-390");
    expect(await overflowX(phone)).toBeLessThanOrEqual(0);
    expect(web.errors).toEqual([]);
    await page.context().close();
    await phone.context().close();
  });

  it(
    "lets an admin create a banner in /admin/banners; get_banner answers it",
    { timeout: 120_000 },
    async () => {
      const admin = await web.person({ consoleErrors: true, grant: { role: "admin" }, open: "/" });
      const desk = admin.page;
      // The avatar menu's code arrives after hydration (app/lib/deferred.tsx): on a busy machine the
      // first press may come before it, so press until the menu is there.
      const menuItem = desk.getByRole("menuitem", { name: "横幅管理" });
      await expect
        .poll(
          async () => {
            await desk.getByRole("button", { name: `${admin.username}的菜单` }).click();
            return menuItem.waitFor({ timeout: 2_000 }).then(
              () => true,
              () => false,
            );
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await menuItem.click();
      await desk.waitForURL(/\/admin\/banners$/);
      await desk.getByRole("heading", { name: "横幅管理" }).waitFor();

      await desk.getByRole("button", { name: "新建横幅" }).click();
      const title = `管理员新建 ${run}`;
      await desk.getByLabel("标题（图片的替代文字）").fill(title);
      const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#ff7a45" } })
        .png()
        .toBuffer();
      await desk.locator(".banner-form .image-field-input").setInputFiles({
        name: "hero.png",
        mimeType: "image/png",
        buffer: png,
      });
      await expect.poll(() => desk.getByLabel("图片地址").inputValue()).toMatch(/^\/uploads\//);
      await desk.getByLabel("链接", { exact: true }).fill("/books");
      // Out of the allowed range (±1,000,000): refused under its field, nothing saved.
      await desk.getByLabel("排序（越小越靠前）").fill("-2000000");
      await desk.getByRole("button", { name: "保存" }).click();
      await desk.locator(".field.has-error").getByRole("alert").waitFor();
      await desk.getByLabel("排序（越小越靠前）").fill("-1000000");
      await shot(desk, "admin-banner-form", true);
      await desk.getByRole("button", { name: "保存" }).click();
      await desk.getByText("横幅已创建").waitFor();
      const item = desk.getByRole("listitem").filter({ hasText: title });
      await item.getByText("展示中").waitFor();
      await shot(desk, "admin-banners", true);

      // 编辑 opens the form with the banner's fields; 取消 closes it.
      await item.getByRole("button", { name: `编辑 ${title}` }).click();
      expect(await desk.getByLabel("链接", { exact: true }).inputValue()).toBe("/books");
      await desk.getByRole("button", { name: "取消" }).click();

      await desk.setViewportSize({ width: 390, height: 800 });
      await desk.reload({ waitUntil: "networkidle" });
      await shot(desk, "admin-banners-390", true);
      expect(await overflowX(desk)).toBeLessThanOrEqual(0);

      // get_banner answers it (the explore page shows get_banner's first two: test 2 walks that; other
      // test files' banners, ordered below the ±1,000,000 an admin may set, may come first).
      const shown = await web.api<{ list: { title: string }[] }>(
        admin,
        "GET",
        "/api/get_banner?position=hero",
      );
      expect(shown.list.map((b) => b.title)).toContain(title);

      // 系统通知: written, confirmed, listed under the form.
      await web.open(desk, "/admin/notices");
      const notice = `今晚 23:00 停机维护 ${run}`;
      await desk.getByLabel(/通知内容/).fill(notice);
      await desk.getByRole("button", { name: "发布", exact: true }).click();
      await desk.getByRole("alertdialog").getByRole("button", { name: "发布" }).click();
      await desk.getByText("通知已发布给所有用户").waitFor();
      await desk.getByRole("listitem").filter({ hasText: notice }).waitFor();
      await shot(desk, "admin-notices-390", true);
      expect(web.errors).toEqual([]);
      await admin.context.close();
    },
  );
});
