import { expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { registerByEmail } from "../support/client.ts";
import { uniqueEmail, uniquePhone } from "../support/app.ts";
import { describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";

// 账号设置: changing the e-mail asks for the current password (a stolen session alone
// must not move the account to another address).
describeInBrowser("changing the account's e-mail", () => {
  const web = useBrowserSite();

  it("asks for the current password, says when it is wrong, then changes the address", async () => {
    const { page } = await web.person({ consoleErrors: true, open: "/user/settings/account" });
    const row = page.locator(".settings-row").filter({ hasText: "邮箱" });
    await row.getByRole("button", { name: "更换" }).click();
    const next = uniqueEmail();
    await page.getByRole("textbox", { name: "邮箱" }).fill(next);
    await row.getByRole("button", { name: "保存" }).click();
    await row.getByText("请输入当前密码").waitFor();

    await page.getByLabel("当前密码").fill("not-my-password");
    await row.getByRole("button", { name: "保存" }).click();
    await row.getByText("当前密码不正确").waitFor();
    await shot(page, "settings-email-password", true);

    await page.getByLabel("当前密码").fill("secret-pass-1");
    await row.getByRole("button", { name: "保存" }).click();
    await page.getByText("邮箱已更换，请前往新邮箱完成验证；原邮箱会收到一封通知").waitFor();
    await row.getByText(next).waitFor();
    expect(web.errors).toEqual([]);
  });

  it("lets the old address undo the change from its mail, on a phone, by keyboard", async () => {
    const me = await web.person({ consoleErrors: true, open: "/user/settings/account" });
    const row = me.page.locator(".settings-row").filter({ hasText: "邮箱" });
    await row.getByRole("button", { name: "更换" }).click();
    await me.page.getByRole("textbox", { name: "邮箱" }).fill(uniqueEmail());
    await me.page.getByLabel("当前密码").fill("secret-pass-1");
    await row.getByRole("button", { name: "保存" }).click();
    await me.page.getByText("邮箱已更换，请前往新邮箱完成验证；原邮箱会收到一封通知").waitFor();

    // The notice to the old address links to a page that changes nothing until its button is pressed.
    const notice = web.site.outbox!.list().find((m) => m.text.includes("/revert-email?token="))!;
    const link = /https?:\/\/\S+\/revert-email\?token=[\w-]+/.exec(notice.text)![0];
    const phone = await web.browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await phone.newPage();
    page.on("pageerror", (e) => web.errors.push(e.message));
    await web.open(page, `${new URL(link).pathname}${new URL(link).search}`);
    const undo = page.getByRole("button", { name: "这不是我，恢复原邮箱" });
    await undo.waitFor();
    await shot(page, "revert-email-phone", true);
    await undo.focus();
    await page.keyboard.press("Enter");
    await page.getByText("已改回原邮箱，所有设备上的登录都已退出").waitFor();
    // Every session ended: the settings page no longer opens for the person who changed it.
    const settings = await me.page.goto(`${web.site.url}/user/settings/account`);
    expect(settings?.status()).toBe(401);
    await phone.close();
    expect(web.errors).toEqual([]);
  });

  it("unbinds the phone only with the current password, in the dialog", async () => {
    const phone = uniquePhone();
    const me = await web.person({ consoleErrors: true });
    await web.site.database.db
      .update(users)
      .set({ mobilePhoneNumber: phone, mobilePhoneVerified: true })
      .where(eq(users.id, me.id));
    const { page } = me;
    await web.open(page, "/user/settings/account");
    const row = page.locator(".settings-row").filter({ hasText: "手机" });
    await row.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).waitFor();
    await row.getByRole("button", { name: "解绑" }).click();
    const dialog = page.getByRole("dialog", { name: "确定要解绑手机号吗？" });
    await dialog.getByRole("button", { name: "解绑" }).click();
    await dialog.getByText("请输入当前密码").waitFor();
    await dialog.getByLabel("当前密码").fill("not-my-password");
    await dialog.getByRole("button", { name: "解绑" }).click();
    await dialog.getByText("当前密码不正确").waitFor();
    await shot(page, "settings-unbind-password", true);
    await dialog.getByLabel("当前密码").fill("secret-pass-1");
    await dialog.getByRole("button", { name: "解绑" }).click();
    await page.getByText("手机号已解绑").waitFor();
    await row.getByText("未绑定").waitFor();
    expect(web.errors).toEqual([]);
  });

  it("sends a reset mail only behind the image captcha", async () => {
    const me = await registerByEmail(web.site);
    const page = await web.visitor();
    const captchaAnswer = async () => {
      const res = await page.waitForResponse((r) => r.url().includes("/api/v1/getRandCode"));
      const token = ((await res.json()) as { d: { imageToken: string } }).d.imageToken;
      return (await web.site.kv.get(`captcha:${token}`))!;
    };
    const first = captchaAnswer();
    await web.open(page, `/reset-password?type=email&account=${encodeURIComponent(me.email)}`);
    const answer = await first;
    await page.getByRole("button", { name: "发送重置邮件" }).click();
    await page.getByText("请输入 4 位图片验证码").waitFor();
    await page.getByLabel("图片验证码").fill(answer);
    await page.getByRole("button", { name: "发送重置邮件" }).click();
    await page.getByText(`我们已向 ${me.email} 发送了重置密码的链接`, { exact: false }).waitFor();
    expect(web.site.outbox!.list(me.email).some((m) => m.text.includes("/set-new-password?token="))).toBe(
      true,
    );
    expect(web.errors).toEqual([]);
  });
});
