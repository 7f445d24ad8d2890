import { beforeAll, expect, it } from "vitest";
import { describeInBrowser, overflowX, type Person, shot, useBrowserSite } from "../support/browser.ts";

// The booklet walk: a reader opens a booklet, reads a free section, meets a locked one, buys it
// through the dev payment provider (the 模拟支付 page posts a signed notice to the real callback
// route), and the section opens; the author then sees the income on /user/wallet.
describeInBrowser("booklets: read, buy through the dev provider, income", () => {
  let author: Person;
  let reader: Person;
  let bookletId = "";
  const sections: string[] = [];

  const web = useBrowserSite();

  beforeAll(async () => {
    // The author is a booklet author with a wallet (an admin grants these; here the database does).
    author = await web.person({
      consoleErrors: true,
      grant: { isXiaoceAuthor: true, hasWalletAccess: true },
    });
    reader = await web.person({ consoleErrors: true });
    const booklet = await web.api(author, "POST", "/api/booklets", {
      title: "前端工程化实战",
      summary: "从脚手架、构建到部署，一本小册讲清楚前端工程化的每一步。",
      price: 1990,
      category: "frontend",
    });
    bookletId = booklet.id;
    const bodies = [
      [
        "开篇：为什么需要工程化",
        "## 工程化是什么\n\n工程化让团队协作**更可靠**。\n\n```js\nconsole.log('hello');\n```",
      ],
      ["构建工具的选择", "## Vite 与 webpack\n\n付费章节的正文：按需编译与打包的取舍。"],
      ["持续集成与部署", "## CI/CD\n\n每次提交都自动测试与发布。"],
    ];
    for (const [i, [title, content]] of bodies.entries()) {
      sections.push(
        (
          await web.api(author, "POST", `/api/booklets/${bookletId}/sections`, {
            title,
            content,
            isFree: i === 0,
          })
        ).id,
      );
    }
    await web.api(author, "PUT", "/api/booklets/isDraft", { bookletId, isDraft: false });
  });

  it(
    "reads free, meets a lock, buys with the dev cashier, reads; the author sees the income",
    { timeout: 120_000 },
    async () => {
      const page = reader.page;
      await web.open(page, `/book/${bookletId}`);
      await page.getByRole("heading", { name: "前端工程化实战" }).waitFor();
      await page.getByText("免费试读").first().waitFor();
      await page.getByText("¥19.90").first().waitFor();
      await shot(page, "booklet-info", true);

      // The free section reads without buying.
      await page.getByRole("link", { name: /开篇：为什么需要工程化/ }).click();
      await page.waitForURL(new RegExp(`/section/${sections[0]}$`));
      await page.getByRole("heading", { name: "工程化是什么" }).waitFor();
      await shot(page, "booklet-free-section", true);

      // The next one is locked.
      await page
        .getByRole("link", { name: /构建工具的选择/ })
        .first()
        .click();
      await page.waitForURL(new RegExp(`/section/${sections[1]}$`));
      await page.getByRole("heading", { name: "购买后阅读" }).waitFor();
      expect(await page.getByText("付费章节的正文").count()).toBe(0);
      await shot(page, "booklet-locked-section", true);

      // The dialog works from the keyboard: Enter opens, Escape closes, focus comes back.
      const buy = page.getByRole("button", { name: "购买 ¥19.90" });
      await buy.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "购买小册" });
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await buy.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press("Enter");
      await dialog.waitFor();
      await dialog.getByRole("radio", { name: /微信支付/ }).check();
      await dialog.getByRole("button", { name: "确认支付 ¥19.90" }).click();
      const payLink = dialog.getByRole("link", { name: "打开模拟支付页（开发环境）" });
      await payLink.waitFor();
      await dialog.getByText("等待支付结果").waitFor();
      await shot(page, "booklet-buy-dialog", true);

      // The cashier opens in a new tab; 确认支付 sends the signed notice.
      const [cashier] = await Promise.all([reader.context.waitForEvent("page"), payLink.click()]);
      await cashier.waitForLoadState("domcontentloaded");
      await cashier.getByRole("heading", { name: /模拟支付/ }).waitFor();
      await shot(cashier, "booklet-dev-cashier", true);
      await cashier.getByRole("button", { name: "确认支付 ¥19.90" }).click();
      await cashier.getByText("支付成功！").waitFor();
      await cashier.close();

      // Back on the section: polling `check` sees the payment and the text appears in place.
      await page.getByRole("heading", { name: "Vite 与 webpack" }).waitFor({ timeout: 20_000 });
      await page.getByText("付费章节的正文").waitFor();
      await shot(page, "booklet-bought-section", true);
      const info = await web.api(reader, "GET", `/api/booklets/get?bookletId=${bookletId}`);
      expect(info).toMatchObject({ bought: true, buyCount: 1 });
      await web.open(page, "/books/frontend?sort=hottest");
      await page.getByRole("link", { name: "前端工程化实战" }).first().waitFor();
      await page.getByText("已购买").first().waitFor();
      await shot(page, "books-index", true);

      // The author's wallet: 70% of ¥19.90 is ¥13.93, with the sale's bill.
      await web.open(author.page, "/user/wallet");
      await author.page.getByTestId("wallet-amount").filter({ hasText: "13.93" }).waitFor();
      await author.page.getByText("《前端工程化实战》销售收入").waitFor();
      await author.page.getByText("+13.93").waitFor();
      await shot(author.page, "wallet-income", true);

      // The form says what the server would: below the minimum is refused before sending.
      await author.page.getByLabel("提现金额（元）").fill("5");
      await author.page.getByLabel("支付宝账号").fill("13800000000");
      await author.page.getByLabel("真实姓名").fill("张三");
      await author.page.getByRole("button", { name: "申请提现" }).click();
      await author.page.getByText("单笔最低 10.00 元").first().waitFor();
      await author.page.getByLabel("提现金额（元）").fill("12.5");
      await author.page.getByRole("button", { name: "申请提现" }).click();
      await author.page.getByText("提现处理中 12.50 元").waitFor();
      await author.page.getByTestId("wallet-amount").filter({ hasText: "1.43" }).waitFor();
      await shot(author.page, "wallet-withdrawn", true);

      // Only admins see the queue: logged out is 401 like every login-required page, anyone else
      // goes back to "/" with 没有权限 (spec §6).
      expect((await fetch(`${web.site.url}/admin/withdrawals`)).status).toBe(401);
      await reader.page.goto(`${web.site.url}/admin/withdrawals`);
      await reader.page.getByRole("alert").filter({ hasText: "没有权限" }).waitFor();
      expect(new URL(reader.page.url()).pathname).not.toBe("/admin/withdrawals");
      expect(await reader.page.getByText("12.50 元").count()).toBe(0);
      await shot(reader.page, "admin-withdrawals-403", true);

      // An admin (the database grants the role) finds 提现审核 in the avatar menu.
      const admin = await web.person({ consoleErrors: true, grant: { role: "admin" }, open: "/" });
      const desk = admin.page;
      await desk.getByRole("button", { name: `${admin.username}的菜单` }).click();
      await desk.getByRole("menuitem", { name: "提现审核" }).click();
      await desk.waitForURL(/\/admin\/withdrawals$/);
      const row = desk.getByRole("row").filter({ hasText: author.username });
      await row.getByText("12.50 元").waitFor();
      await row.getByText("13800000000").waitFor();
      await row.getByText("张三").waitFor();
      await shot(desk, "admin-withdrawals", true);

      // The same queue on a phone: each withdrawal stacks into a card, nothing wider than the screen.
      const phoneDesk = await web.browser.newContext({ viewport: { width: 375, height: 740 } });
      await phoneDesk.addCookies((await admin.context.cookies()).filter((c) => c.name === "nugget_session"));
      const pd = await phoneDesk.newPage();
      pd.on("pageerror", (e) => web.errors.push(String(e)));
      await web.open(pd, "/admin/withdrawals");
      // This test's own withdrawal: on CI's shared PostgreSQL database the queue holds earlier runs' too.
      await pd.locator("tr", { hasText: author.username }).getByText("13800000000").waitFor();
      await shot(pd, "admin-withdrawals-375", true);
      expect(await overflowX(pd)).toBeLessThanOrEqual(0);
      await phoneDesk.close();

      // 已打款 by keyboard: Enter opens the confirmation with focus on 取消, Tab reaches 已打款.
      const pay = row.getByRole("button", { name: `已打款：${author.username} 12.50 元` });
      await pay.focus();
      await desk.keyboard.press("Enter");
      const confirm = desk.getByRole("alertdialog", { name: "确认已打款" });
      await confirm.getByText("确认已向 张三（支付宝 13800000000）打款 12.50 元？").waitFor();
      expect(
        await confirm.getByRole("button", { name: "取消" }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await desk.waitForTimeout(400); // the dialog fades in
      await shot(desk, "admin-withdrawals-confirm", true);
      await desk.keyboard.press("Tab");
      await desk.keyboard.press("Enter");
      await desk.getByText(`${author.username}的 12.50 元提现已标记为已打款`).waitFor();
      await confirm.waitFor({ state: "detached" });
      await row.waitFor({ state: "detached" });
      // Its row is gone, so focus waits on the row that took its place, or on the heading when it was
      // the last (on CI's shared PostgreSQL database earlier runs may have left withdrawals of theirs).
      const left = await desk.getByRole("button", { name: /^已打款：/ }).count();
      if (left === 0) await desk.getByText("暂无待处理的提现").waitFor();
      expect(
        await desk.evaluate(() => document.activeElement?.matches("h1, h2, [aria-label^='已打款：']")),
      ).toBe(true);
      await shot(desk, "admin-withdrawals-settled", true);
      await desk.getByRole("link", { name: "已打款" }).click();
      await desk.getByRole("row").filter({ hasText: author.username }).getByText("12.50 元").waitFor();
      await shot(desk, "admin-withdrawals-history", true);

      // The author's wallet shows the withdrawal done, nothing held any more.
      await web.open(author.page, "/user/wallet");
      await author.page.locator(".bill-row", { hasText: "提现到支付宝" }).getByText("已完成").waitFor();
      await author.page.getByText("-12.50").waitFor();
      expect(await author.page.getByText("提现处理中").count()).toBe(0);
      await shot(author.page, "wallet-withdrawal-paid", true);

      // The author picks the free sections on the booklet page (a flag set through a call, spec §4).
      await web.open(author.page, `/book/${bookletId}`);
      await author.page.getByRole("checkbox", { name: "3. 持续集成与部署" }).check();
      await author.page.getByText("第 3 节已设为免费").waitFor();
      await author.page
        .getByRole("checkbox", { name: "3. 持续集成与部署" })
        .and(author.page.locator(":checked"))
        .waitFor();
      await shot(author.page, "booklet-author-manage", true);
      const listed = await web.api(reader, "GET", `/api/booklets/getListSection?bookletId=${bookletId}`);
      expect(listed.map((x: { isFree: boolean }) => x.isFree)).toEqual([true, false, true]);

      expect(web.errors).toEqual([]);
    },
  );

  it("fits a 375 px phone", { timeout: 60_000 }, async () => {
    const phone = await web.person({
      width: 375,
      height: 740,
      consoleErrors: true,
      open: `/book/${bookletId}`,
    });
    await phone.page.getByRole("heading", { name: "前端工程化实战" }).waitFor();
    await shot(phone.page, "booklet-info-375", true);
    await web.open(phone.page, `/book/${bookletId}/section/${sections[1]}`);
    await phone.page.getByRole("heading", { name: "购买后阅读" }).waitFor();
    await shot(phone.page, "booklet-locked-375", true);
    await phone.page.getByRole("button", { name: "购买 ¥19.90" }).click();
    await phone.page.getByRole("dialog", { name: "购买小册" }).waitFor();
    await phone.page.waitForTimeout(400); // the dialog fades in
    await shot(phone.page, "booklet-buy-dialog-375", true);
    await phone.page.keyboard.press("Escape");
    await web.open(phone.page, "/books/frontend");
    await phone.page.getByRole("link", { name: "前端工程化实战" }).first().waitFor();
    await shot(phone.page, "books-index-375", true);

    const walletPhone = await phone.context.browser()!.newContext({ viewport: { width: 375, height: 740 } });
    const cookies = await author.context.cookies();
    await walletPhone.addCookies(cookies.filter((c) => c.name === "nugget_session"));
    const wp = await walletPhone.newPage();
    await web.open(wp, "/user/wallet");
    await wp.getByTestId("wallet-amount").waitFor();
    await shot(wp, "wallet-375", true);
    // Nothing wider than the screen.
    for (const p of [phone.page, wp]) {
      expect(await overflowX(p)).toBeLessThanOrEqual(0);
    }
    await walletPhone.close();
    expect(web.errors).toEqual([]);
  });
});
