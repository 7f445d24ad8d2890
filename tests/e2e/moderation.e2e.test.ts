import { expect, it } from "vitest";
import { describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";
import { makeEntry } from "../support/factories.ts";

// Issue 13, item 3: a reader reports a share from its page with the keyboard at phone width; an
// editor decides it in /admin/reports; the share is hidden from readers, its author sees 内容审核中,
// the reporter hears the outcome, and the audit log shows the decision.
describeInBrowser("reporting and the moderators' queue", () => {
  const web = useBrowserSite();

  it("reports a share from its page, and an editor hides it from /admin/reports", async () => {
    const author = await web.person();
    const title = `一条卖课广告 ${Date.now().toString(36)}`;
    const share = await makeEntry(web.site.database.db, author.id, { title });

    const reader = await web.person({ width: 390, height: 844, open: `/entry/${share.id}` });
    const page = reader.page;
    const reportButton = page.locator(".entry-view-meta").getByRole("button", { name: "举报" });
    await reportButton.waitFor();
    // The dialog's code loads with the first press.
    await expect
      .poll(async () => {
        await reportButton.click({ timeout: 2000 }).catch(() => undefined);
        return page.getByRole("dialog", { name: "举报文章/分享" }).count();
      })
      .toBe(1);
    const dialog = page.getByRole("dialog", { name: "举报文章/分享" });

    // By keyboard: 其他 without words is refused in place, then 垃圾广告 with words is sent.
    await dialog.getByRole("radio", { name: "其他" }).focus();
    await page.keyboard.press("Space");
    await dialog.getByRole("button", { name: "提交举报" }).press("Enter");
    await dialog.getByText("选择「其他」时请写明原因").waitFor();
    await dialog.getByRole("radio", { name: "垃圾广告" }).focus();
    await page.keyboard.press("Space");
    await dialog.getByLabel(/说明/).fill("正文全是加群链接");
    await shot(page, "report-dialog-390");
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/reports") && r.ok()),
      dialog.getByRole("button", { name: "提交举报" }).press("Enter"),
    ]);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.getByText("举报已提交").waitFor();
    // Focus went back to the button that opened the dialog.
    expect(await reportButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // An editor (not an admin) works the queue: the share is one row, with its reporter's words.
    const editor = await web.person({ grant: { role: "editor" }, open: "/admin/reports" });
    const desk = editor.page;
    const card = desk.locator(".report-case", { hasText: title });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain("正文全是加群链接");
    expect(await card.textContent()).toContain("1 人举报");
    // Editors are offered no delete or suspension.
    const offered = await card.getByRole("combobox").locator("option").allTextContents();
    expect(offered).toEqual(["驳回", "隐藏", "警告作者"]);
    await shot(desk, "admin-reports", true);
    await desk.setViewportSize({ width: 390, height: 844 });
    await card.getByRole("combobox").selectOption("warn");
    await shot(desk, "admin-reports-390");
    await desk.setViewportSize({ width: 1280, height: 900 });
    await card.getByRole("combobox").selectOption("hide");
    await card.getByPlaceholder(/理由/).fill("广告");
    await Promise.all([
      desk.waitForResponse((r) => r.url().includes("/decide") && r.ok()),
      card.getByRole("button", { name: "确认" }).click(),
    ]);
    await expect.poll(() => desk.locator(".report-case", { hasText: title }).count()).toBe(0);

    // Readers no longer find it; its author does, marked as under review.
    expect((await page.goto(`${web.site.url}/entry/${share.id}`))?.status()).toBe(404);
    expect((await fetch(`${web.site.url}/entry/${share.id}`)).status).toBe(404);
    await web.open(author.page, `/entry/${share.id}`);
    await author.page.getByText("内容审核中").waitFor();
    await shot(author.page, "under-review-author");

    const told = await web.api<{ list: { content: string }[] }>(reader, "GET", "/api/getUserNotification");
    expect(told.list.some((n) => n.content.startsWith("你举报的内容已处理"))).toBe(true);
    await web.open(page, "/notification");
    await page.getByText(/你举报的内容已处理/).waitFor();
    await shot(page, "notification-report-decided-390");

    await web.open(desk, "/admin/audit");
    const row = desk.locator("tbody tr", { hasText: editor.username }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain("隐藏");
    await shot(desk, "admin-audit");
    expect(web.errors).toEqual([]);
  }, 120_000);
});
