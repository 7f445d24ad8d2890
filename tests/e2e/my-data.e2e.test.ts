import { expect, it } from "vitest";
import { describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";

// 我的数据 on /user/settings/account: 下载我的数据 shows 请求中 then 可下载至 …,
// and the 注销账号 dialog asks for the choice and the password, and can be left by keyboard.
describeInBrowser("my data on the account settings", () => {
  const web = useBrowserSite();

  it("requests an export and shows its status, then opens and cancels the deletion dialog", async () => {
    const { page } = await web.person({ consoleErrors: true, open: "/user/settings/account" });
    const row = page.locator(".settings-row").filter({ hasText: "我的数据" });
    await row.getByRole("button", { name: "下载我的数据" }).click();
    await row.getByText("请求中：正在打包").waitFor();
    await expect(row.getByRole("button", { name: "下载我的数据" }).isDisabled()).resolves.toBe(true);
    await shot(page, "my-data-export-pending", true);

    // The job builds it; a reload shows the link, valid for 7 days.
    await web.site.jobs.drain(["account-export"]);
    await web.open(page, "/user/settings/account");
    await row.getByText(/可下载至 \d{4}\/\d{1,2}\/\d{1,2} \d/).waitFor();
    const href = await row.getByRole("link", { name: "下载 ZIP" }).getAttribute("href");
    const zip = await page.request.get(`${web.site.url}${href}`);
    expect(zip.status()).toBe(200);
    expect(zip.headers()["content-type"]).toBe("application/zip");
    await shot(page, "my-data-export-ready", true);

    // 注销账号: the dialog names what happens, refuses without a choice, and Escape leaves it.
    const close = page.locator(".settings-row").filter({ hasText: "注销账号" });
    await close.getByRole("button", { name: "注销账号" }).click();
    const dialog = page.getByRole("dialog", { name: "注销账号" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "确认注销" }).click();
    await dialog.getByText("请选择如何处理你发布的内容").waitFor();
    await dialog.getByLabel("保留，署名改为「已注销用户」").check();
    await dialog.getByLabel("当前密码").fill("not-my-password");
    await dialog.getByRole("button", { name: "确认注销" }).click();
    await dialog.getByText("当前密码不正确").waitFor();
    await shot(page, "my-data-close-dialog");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Nothing happened: still signed in, the page still opens.
    const again = await web.open(page, "/user/settings/account");
    expect(again?.status()).toBe(200);
    expect(web.errors).toEqual([]);
  });

  it("confirms: signed out at once, and logging in again within 14 days cancels it", async () => {
    const me = await web.person({ consoleErrors: true });
    const page = me.page;
    const self = await web.api<{ email: string }>(me, "GET", "/api/v1/getUserInfo");
    await web.open(page, "/user/settings/account");
    await page.locator(".settings-row").filter({ hasText: "注销账号" }).getByRole("button").click();
    const dialog = page.getByRole("dialog", { name: "注销账号" });
    await dialog.getByLabel("全部删除（包括我点过的赞）").check();
    await dialog.getByLabel("当前密码").fill("secret-pass-1");
    await dialog.getByRole("button", { name: "确认注销" }).click();
    await page.getByText("账号将在 14 天后注销，期间重新登录即可撤销").waitFor();
    const login = page.locator("header").getByRole("button", { name: "登录" });
    await login.waitFor();
    await shot(page, "my-data-closing-signed-out");

    await login.click();
    await page.getByPlaceholder("请输入手机号或邮箱").fill(self.email);
    await page.getByPlaceholder("请输入密码").fill("secret-pass-1");
    await page.getByRole("dialog").getByRole("button", { name: "登录", exact: true }).click();
    await page.getByText("登录成功，账号注销已取消").waitFor();
    await shot(page, "my-data-closing-cancelled");
    expect(web.errors).toEqual([]);
  });

  it("shows an erased account's profile as 已注销用户, its kept articles still there", async () => {
    const me = await web.person();
    await web.api(me, "POST", "/api/v1/updateUserInfo", {
      field: "blogAddress",
      value: "https://blog.example.com",
    });
    await web.api(me, "POST", "/api/v1/updateUserInfo", { field: "selfDescription", value: "我的简介" });
    const draft = await web.api(me, "POST", "/api/drafts", { title: "留下的文章", content: "# 正文" });
    const categories = await web.api<{ id: string }[]>(me, "GET", "/api/categories");
    await web.api(me, "POST", `/api/drafts/${draft.id}/publish`, { categoryId: categories[0].id });
    await web.api(me, "POST", "/api/account/deletion", { content: "keep", password: "secret-pass-1" });
    await web.site.services.accountData.eraseDue(new Date(Date.now() + 15 * 86_400_000));
    const page = await web.visitor();
    await web.open(page, `/user/${me.id}`);
    await page.getByRole("heading", { name: "已注销用户" }).waitFor();
    await page.getByText("留下的文章").first().waitFor();
    expect(await page.getByText("我的简介").count()).toBe(0);
    expect(await page.getByRole("button", { name: "关注 已注销用户" }).count()).toBe(0);
    expect(await page.locator('a[href^="https://blog.example.com"]').count()).toBe(0);
    await shot(page, "my-data-erased-profile", true);
    expect(web.errors).toEqual([]);
  });

  it("fits a phone", async () => {
    const me = await web.person({ width: 390, height: 844, open: "/user/settings/account" });
    await me.page.locator(".settings-row").filter({ hasText: "注销账号" }).getByRole("button").click();
    await me.page.getByRole("dialog", { name: "注销账号" }).waitFor();
    await me.page.waitForTimeout(300); // the backdrop's fade-in
    await shot(me.page, "my-data-close-dialog-phone");
    await me.page.emulateMedia({ colorScheme: "dark" });
    await shot(me.page, "my-data-close-dialog-phone-dark");
    const overflow = await me.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(web.errors).toEqual([]);
  });
});
