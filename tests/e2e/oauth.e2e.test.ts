import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser, logOut, shot, useBrowserSite } from "../support/browser.ts";

// Bind GitHub from the settings page through the popup, log out, log back in with GitHub.
describeInBrowser("third-party accounts in a real browser", () => {
  const web = useBrowserSite();

  /** Clicks `trigger`, then grants consent on the dev provider's page in the popup it opens. */
  async function consentInPopup(page: Page, trigger: () => Promise<void>, name: string, screenshot?: string) {
    const [popup] = await Promise.all([page.waitForEvent("popup"), trigger()]);
    popup.on("pageerror", (e) => web.errors.push(`popup: ${String(e)}`));
    await popup.getByRole("button", { name: "以 测试用户 身份授权" }).waitFor();
    await popup.getByLabel(/测试身份/).fill(name);
    if (screenshot) await shot(popup, screenshot);
    // The callback page closes the popup itself; the opener polls for that.
    await Promise.all([
      popup.waitForEvent("close", { timeout: 15_000 }),
      popup.getByRole("button", { name: `以 ${name} 身份授权` }).click(),
    ]).catch(async (e) => {
      // Show where the popup got stuck.
      if (!popup.isClosed()) {
        await shot(popup, "oauth-popup-stuck");
        throw new Error(`${String(e)}\npopup at ${popup.url()}: ${await popup.locator("body").innerText()}`);
      }
      throw e;
    });
  }

  it("binds GitHub in a popup, then logs in with it", { timeout: 120_000 }, async () => {
    const person = await web.person({ consoleErrors: true });
    const { page } = person;
    const name = `e2e_${randomBytes(4).toString("hex")}`;

    await web.open(page, "/user/settings/account");
    const githubRow = page.locator('.settings-row[data-channel="github"]');
    await githubRow.getByText("未绑定").waitFor();
    await shot(page, "oauth-settings-unbound");

    // Keyboard: focus the 绑定 button and press Enter; binding asks for the current password
    // first (a stolen session alone binds nothing).
    const bindButton = page.getByRole("button", { name: "绑定GitHub账号" });
    await bindButton.focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "绑定GitHub账号" });
    await confirm.getByRole("button", { name: "继续绑定" }).click();
    await confirm.getByText("请输入当前密码").waitFor();
    await confirm.getByLabel("当前密码").fill("not-my-password");
    await confirm.getByRole("button", { name: "继续绑定" }).click();
    await confirm.getByText("当前密码不正确").waitFor();
    await shot(page, "oauth-bind-password");
    await confirm.getByLabel("当前密码").fill("secret-pass-1");
    // The success alert lives 3 s (spec §9) and may come and go while the row reloads on a slow
    // machine: watch for it from before the popup opens.
    const boundAlert = page.getByText("GitHub账号绑定成功").waitFor({ timeout: 30_000 });
    boundAlert.catch(() => undefined); // awaited below; this only keeps an early failure handled
    await consentInPopup(
      page,
      async () => {
        await confirm.getByLabel("当前密码").press("Enter");
      },
      name,
      "oauth-dev-consent",
    );
    // The page reloaded its data: the account is shown with 解绑.
    await githubRow.getByText(name).waitFor();
    await githubRow.getByRole("button", { name: "解绑GitHub账号" }).waitFor();
    await boundAlert;
    await shot(page, "oauth-settings-bound");
    const info = await (
      await fetch(web.site.url + "/api/v1/getUserInfo", { headers: person.headers })
    ).json();
    expect(info.d.community.github.nickname).toBe(name);

    // Log out.
    await web.open(page, "/");
    const avatar = page.getByRole("button", { name: `${person.username}的菜单` });
    await logOut(page, avatar);
    // A page that stays put when logged in ("/" sends new accounts to /getting-started).
    await web.open(page, "/explore");

    // Log in with GitHub from the auth modal: the page comes back to where it was, logged in.
    await page.locator("header").getByRole("button", { name: "登录" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "使用GitHub账号登录" }).waitFor();
    await shot(page, "oauth-login-modal");
    const before = page.url();
    await consentInPopup(
      page,
      async () => {
        await dialog.getByRole("button", { name: "使用GitHub账号登录" }).click();
        expect(await page.evaluate(() => localStorage.getItem("oauth login url"))).toBe(before);
      },
      name,
    );
    await avatar.waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => localStorage.getItem("oauth login url"))).toBeNull();
    await page.waitForLoadState("networkidle");
    await shot(page, "oauth-logged-in");

    // 375 px: the bound row and the login modal's icons.
    const narrow = await person.context.newPage();
    await narrow.setViewportSize({ width: 375, height: 780 });
    await web.open(narrow, "/user/settings/account");
    await narrow.locator('.settings-row[data-channel="github"]').getByText(name).waitFor();
    await shot(narrow, "oauth-settings-375");
    const visitor = await web.browser.newPage({ viewport: { width: 375, height: 780 } });
    await web.open(visitor, "/");
    await visitor.locator("header").getByRole("button", { name: "登录" }).click();
    await visitor.getByRole("dialog").getByRole("button", { name: "使用微信账号登录" }).waitFor();
    await visitor.waitForTimeout(400); // the modal's fade-in
    await shot(visitor, "oauth-login-modal-375");
    // A spent or forged state outside a popup: the error page stays, with a way back.
    const refused = await visitor.goto(web.site.url + "/api/oauth/github/callback?code=x&state=forged");
    expect(refused?.status()).toBe(400);
    await visitor.getByText("授权已失效，请重新发起").waitFor();
    await visitor.getByRole("link", { name: "返回" }).waitFor();
    await shot(visitor, "oauth-callback-error-375");
    await visitor.close();
    await narrow.close();
    await person.context.close();

    expect(web.errors).toEqual([]);
  });
});
