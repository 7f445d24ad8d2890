import { beforeAll, expect, it } from "vitest";
import { describeInBrowser, shot, type Person, useBrowserSite } from "../support/browser.ts";

// The collections walk with two people: A creates a collection set, adds an entry to it from the
// entry page and sees it on /collection/{id}; B follows the set, the count moves and survives a reload.
describeInBrowser("collection sets in real browsers", () => {
  let a: Person;
  let b: Person;
  let entryId = "";
  const entryTitle = `值得收藏的好文章 ${Date.now().toString(36)}`;
  const setTitle = `前端精选 ${Date.now().toString(36)}`;
  let setId = "";

  const web = useBrowserSite();

  beforeAll(async () => {
    a = await web.person();
    b = await web.person({ width: 375 });
    // B shares a link through the API (the share form is walked elsewhere).
    const entry = await web.share(b, { title: entryTitle });
    entryId = entry.entryId;
  });

  it("creates a set from the entry page, collects the entry and shows it", { timeout: 120_000 }, async () => {
    const page = a.page;
    await web.open(page, `/entry/${entryId}/detail`);
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "新建收藏集" });
    // No sets yet: the dialog opens on the create form, its title field focused.
    await dialog.waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement)?.name)).toBe("title");
    await dialog.getByLabel("标题").fill(setTitle);
    await dialog.getByLabel("描述（选填）").fill("收集前端性能优化相关的好文章");
    await dialog.getByLabel("话题标签（选填）").fill("前端");
    await dialog.getByLabel("遮罩颜色 #1e80ff").check();
    await shot(page, "collection-create-dialog", true);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/collectionset") && r.ok()),
      page.waitForResponse((r) => r.url().includes("/api/addEntry") && r.ok()),
      dialog.getByRole("button", { name: "创建" }).click(),
    ]);
    setId = ((await created.json()) as { d: { id: string } }).d.id;
    // Back on the list: the new set is ticked.
    const list = page.getByRole("dialog", { name: "加入收藏集" });
    await list.getByRole("checkbox", { name: new RegExp(setTitle) }).waitFor();
    expect(await list.getByRole("checkbox", { name: new RegExp(setTitle) }).isChecked()).toBe(true);
    await shot(page, "collection-add-dialog", true);
    await list.getByRole("button", { name: "完成" }).click();
    await page.getByRole("button", { name: "已收藏" }).waitFor();

    // Unticking takes it out (the collected flag then comes from the server), ticking puts it back;
    // Escape closes the dialog (keyboard use).
    await page.getByRole("button", { name: "已收藏" }).click();
    const again = page.getByRole("dialog", { name: "加入收藏集" });
    const box = again.getByRole("checkbox", { name: new RegExp(setTitle) });
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/isInMyCollectionSet") && r.ok()),
      page.waitForResponse((r) => r.url().includes("/api/delEntry") && r.ok()),
      box.uncheck(),
    ]);
    await page.getByRole("button", { name: "收藏", exact: true }).waitFor();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/addEntry") && r.ok()),
      box.check(),
    ]);
    await page.getByRole("button", { name: "已收藏" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await web.open(page, `/collection/${setId}`);
    await page.getByRole("heading", { name: setTitle }).waitFor();
    await page.getByRole("link", { name: entryTitle }).waitFor();
    expect(await page.locator(".collection-head-meta").innerText()).toContain("1 篇文章");
    await shot(page, "collection-detail-owner", true);

    // The set is on A's profile, under 创建的.
    await web.open(page, `/user/${a.id}/collection`);
    await page.getByRole("link", { name: setTitle }).waitFor();
    expect(await page.locator(".profile-subtabs").innerText()).toContain("创建的 1");
    await shot(page, "profile-collections", true);
  });

  it("another person follows the set; the count survives a reload", { timeout: 120_000 }, async () => {
    const page = b.page; // a 375 px wide phone
    // The public entry page has the 收藏 button too; B has no sets, so the create form opens.
    await web.open(page, `/entry/${entryId}`);
    await page.getByRole("button", { name: "收藏", exact: true }).click();
    await page.getByRole("dialog", { name: "新建收藏集" }).waitFor();
    await shot(page, "collection-create-dialog-375", true);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await web.open(page, `/collection/${setId}`);
    const followers = page.locator(".collection-followers");
    expect(await followers.innerText()).toBe("0 人关注");
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/api/collectionset/follow") && r.ok()),
      page.getByRole("button", { name: `关注收藏集 ${setTitle}` }).click(),
    ]);
    expect(await followers.innerText()).toBe("1 人关注");
    await shot(page, "collection-detail-followed-375", true);
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.locator(".collection-followers").innerText()).toBe("1 人关注");
    const button = page.getByRole("button", { name: `关注收藏集 ${setTitle}` });
    expect(await button.innerText()).toBe("已关注");
    expect(await button.getAttribute("aria-pressed")).toBe("true");

    // The collections index lists it (all, newest, its tag), at phone width too.
    await web.open(page, `/collections/all?sort=newest&page=1&tag=${encodeURIComponent("前端")}`);
    await page.getByRole("link", { name: setTitle }).waitFor();
    await shot(page, "collections-index-375", true);

    // B's profile shows it under 关注的.
    await web.open(page, `/user/${b.id}/collection?show=followed`);
    await page.getByRole("link", { name: setTitle }).waitFor();
    await shot(page, "profile-collections-followed-375", true);

    // An unknown id is the 未知收藏集 placeholder with 404.
    const missing = await page.goto(`${web.site.url}/collection/0123456789abcdef01234567`);
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "未知收藏集" }).waitFor();
    expect(web.errors).toEqual([]);
  });

  it("the index pages 30 at a time: 加载更多 and a no-JS 下一页 link", { timeout: 120_000 }, async () => {
    const tag = `分页${Date.now().toString(36)}`;
    for (let i = 0; i < 31; i++)
      await web.api(a, "POST", "/api/collectionset", { title: `第 ${i + 1} 个`, tag });
    const page = a.page;
    const base = `${web.site.url}/collections/all?sort=newest&page=1&tag=${encodeURIComponent(tag)}`;
    await page.goto(base, { waitUntil: "networkidle" });
    const items = page.locator(".collection-item");
    expect(await items.count()).toBe(30);
    const next = page.getByRole("link", { name: "下一页" });
    expect(await next.getAttribute("href")).toBe(
      `/collections/all?sort=newest&page=2&tag=${encodeURIComponent(tag)}`,
    );
    await shot(page, "collections-index", true);
    await page.getByRole("button", { name: "加载更多" }).click();
    await expect.poll(() => items.count()).toBe(31);
    await page.locator(".list-pager-end").waitFor();
    // Page 2 on its own, as a crawler or a browser without JavaScript gets it.
    await web.open(page, `/collections/all?sort=newest&page=2&tag=${encodeURIComponent(tag)}`);
    expect(await page.locator(".collection-item").innerText()).toContain("第 1 个");
    await page.getByRole("link", { name: "上一页" }).waitFor();
    expect((await page.goto(`${web.site.url}/collections/all?page=0`))?.status()).toBe(404);
    expect((await page.goto(`${web.site.url}/collections/popular`))?.status()).toBe(404);
    expect(web.errors).toEqual([]);
  });
});
