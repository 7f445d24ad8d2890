import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser, overflowX, type Person, shot, useBrowserSite } from "../support/browser.ts";

/** A cover worth looking at in a screenshot: a vertical gradient, 3:4. */
const cover = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 30, g: 110, b: 220 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="400"><rect y="150" width="300" height="70" fill="#fff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

// The author's side of booklets: a booklet author creates a booklet (a refused cover shown in place,
// then a real one), writes two sections in the Markdown editor (autosaved), moves the second above
// the first from the keyboard, marks one free and puts the booklet on sale; the booklet page lists
// the sections in the new order. Someone else is refused the editor. Then the same at 390 px.
describeInBrowser("booklet editor: create, write, reorder, free, publish", () => {
  let author: Person;
  let bookletId = "";

  const web = useBrowserSite({}, { tempUploads: true });

  beforeAll(async () => {
    // An admin makes booklet authors; here the database does.
    author = await web.person({ consoleErrors: true, grant: { isXiaoceAuthor: true } });
  });

  /** Fills a field of the open section and waits for its autosave (PUT) to land and be shown. */
  async function typeAndSave(page: Page, label: string, text: string) {
    const saved = page.waitForResponse(
      (r) => r.request().method() === "PUT" && r.url().includes("/api/booklets/sections/"),
    );
    await page.getByLabel(label, { exact: true }).fill(text);
    expect((await saved).status()).toBe(200);
    await page
      .getByRole("status")
      .filter({ hasText: /^已保存/ })
      .waitFor();
  }

  it("creates a booklet, writes, reorders, marks free, publishes", { timeout: 120_000 }, async () => {
    const page = author.page;
    // 写小册 in the avatar menu leads here.
    await web.open(page, "/editor/book/new/section");
    await page.getByRole("heading", { name: "新建小册" }).waitFor();
    await page.getByLabel("小册标题").fill("Rust 入门到实践");
    await page.getByLabel("简介").fill("从所有权到异步，一本小册带你写出可靠的 Rust 程序。");
    // Not an image: the server's 415 stays under the field.
    const file = page.locator('input[type="file"]');
    await file.setInputFiles([{ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("hello") }]);
    await page.getByText("notes.png：文件格式不支持").waitFor();
    await file.setInputFiles([{ name: "cover.png", mimeType: "image/png", buffer: await cover() }]);
    await page.getByRole("img", { name: "小册封面" }).waitFor();
    expect(await page.getByText("文件格式不支持").count()).toBe(0);
    await page.getByLabel("价格（元，0 为免费）").fill("abc");
    await page.getByRole("button", { name: "创建小册" }).click();
    await page.getByText("价格应为 0 到 9999.99 元，最多两位小数").waitFor();
    await page.getByLabel("价格（元，0 为免费）").fill("9.9");
    await page.getByLabel("分类").selectOption({ label: "后端" });
    await shot(page, "booklet-editor-new", true);
    await page.getByRole("button", { name: "创建小册" }).click();
    await page.waitForURL(/\/editor\/book\/[0-9a-f]{24}\/section$/);
    bookletId = /\/book\/([0-9a-f]{24})\//.exec(page.url())![1];
    await page.getByRole("heading", { name: "还没有章节" }).waitFor();

    // Two sections, each written in the Markdown editor and autosaved.
    for (const [title, text] of [
      [
        "所有权与借用",
        '## 所有权\n\n每个值都有一个**所有者**。\n\n```rust\nlet s = String::from("hi");\n```',
      ],
      ["开始之前：安装工具链", "## rustup\n\n用 `rustup` 安装稳定版工具链。"],
    ]) {
      await page.getByLabel("新章节标题").fill(title);
      await page.getByRole("button", { name: "添加章节" }).click();
      await expect.poll(() => page.getByLabel("章节标题", { exact: true }).inputValue()).toBe(title);
      await typeAndSave(page, "章节正文（Markdown）", text);
    }
    await page.locator(".markdown-body h2", { hasText: "rustup" }).waitFor();
    await shot(page, "booklet-editor-writing", true);

    // Renaming is typing in the title: the list follows, the autosave keeps it.
    await typeAndSave(page, "章节标题", "开始之前：安装 Rust");
    await page.getByRole("link", { name: /开始之前：安装 Rust/ }).waitFor();

    // From the keyboard: 上移 the second section; focus stays with it (now first, so on 下移).
    const up = page.getByRole("button", { name: "上移「开始之前：安装 Rust」" });
    await up.focus();
    await page.keyboard.press("Enter");
    const rows = page.locator(".section-outline-name");
    await expect.poll(() => rows.allTextContents()).toEqual(["开始之前：安装 Rust", "所有权与借用"]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("下移「开始之前：安装 Rust」");

    // The first section (now 开始之前) is the free sample.
    await page.getByRole("link", { name: /开始之前：安装 Rust/ }).click();
    await page.waitForURL(/\?section=/);
    await page.getByLabel("免费试读", { exact: true }).check();
    await page.getByText("已设为免费试读").waitFor();
    await page.locator(".section-outline-row", { hasText: "开始之前" }).getByText("免费").waitFor();

    await page.getByRole("button", { name: "上架小册" }).click();
    await page.getByText("小册已上架").waitFor();
    await page.getByRole("button", { name: "下架小册" }).waitFor();
    await page.getByTestId("booklet-sold").filter({ hasText: "0" }).waitFor();
    await shot(page, "booklet-editor-published", true);

    // The booklet page: the new order, the free mark, the price.
    await page.getByRole("link", { name: "查看小册" }).click();
    await page.waitForURL(new RegExp(`/book/${bookletId}$`));
    await page.getByRole("heading", { name: "Rust 入门到实践" }).waitFor();
    const listed = page.locator(".section-list .section-title");
    expect(await listed.allTextContents()).toEqual(["开始之前：安装 Rust", "所有权与借用"]);
    await page.locator(".section-row").first().getByText("免费试读").waitFor();
    await shot(page, "booklet-editor-result", true);
    const sections = await web.api(author, "GET", `/api/booklets/getListSection?bookletId=${bookletId}`);
    const info = await web.api(author, "GET", `/api/booklets/get?bookletId=${bookletId}`);
    expect(info).toMatchObject({ price: 990, isDraft: false, category: { name: "backend" } });
    expect(info.cover).toMatch(/^\/uploads\//);
    expect(sections.map((s: { title: string; isFree: boolean }) => [s.title, s.isFree])).toEqual([
      ["开始之前：安装 Rust", true],
      ["所有权与借用", false],
    ]);

    // Someone else: the booklet's editor is forbidden, and so is 新建小册 for a non-author.
    const other = await web.person({ consoleErrors: true });
    // Spec §6: a refused page goes back to / (a reader's timeline) with the 没有权限 alert.
    for (const url of [`/editor/book/${bookletId}/section`, "/editor/book/new/section"]) {
      await other.page.goto(`${web.site.url}${url}`);
      await other.page.getByRole("alert").filter({ hasText: "没有权限" }).waitFor();
      expect(new URL(other.page.url()).pathname).not.toMatch(/^\/editor/);
    }
    expect(web.errors).toEqual([]);
  });

  it("fits a 390 px phone", { timeout: 60_000 }, async () => {
    const phone = await web.browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addCookies((await author.context.cookies()).filter((c) => c.name === "nugget_session"));
    const page = await phone.newPage();
    page.on("pageerror", (e) => web.errors.push(`${page.url()}: ${String(e)}`));
    await web.open(page, `/editor/book/${bookletId}/section`);
    await page.getByRole("heading", { name: "Rust 入门到实践" }).waitFor();
    await shot(page, "booklet-editor-390");
    await page.getByRole("tab", { name: "预览" }).click();
    await page.locator(".markdown-body h2", { hasText: "rustup" }).waitFor();
    await shot(page, "booklet-editor-preview-390");
    await page.getByRole("button", { name: "小册信息" }).click();
    await page.getByRole("dialog", { name: "小册信息" }).waitFor();
    await page.waitForTimeout(400); // the dialog fades in
    await shot(page, "booklet-editor-info-390");
    await page.keyboard.press("Escape");
    await web.open(page, "/editor/book/new/section");
    await page.getByRole("heading", { name: "新建小册" }).waitFor();
    await shot(page, "booklet-editor-new-390", true);
    for (const url of [`/editor/book/${bookletId}/section`, "/editor/book/new/section"]) {
      await web.open(page, `${url}`);
      expect(await overflowX(page), url).toBeLessThanOrEqual(0);
    }
    await phone.close();
    expect(web.errors).toEqual([]);
  });
});
