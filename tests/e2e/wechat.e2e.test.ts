import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { uniqueIp } from "../support/app.ts";
import { registerByEmail } from "../support/client.ts";
import { makeArticle } from "../support/factories.ts";
import { describeInBrowser, shot, useBrowserSite, waitForHydrationOnGoto } from "../support/browser.ts";
import { jsSdkSignature } from "../../server/lib/wechat/index.ts";

/** WeChat 8 on Android, as its in-app browser sends it. */
const WECHAT_UA =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) " +
  "Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 " +
  "MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";

/** Stands in for jweixin-1.6.0.js (never fetched from WeChat here): records what the page asks of wx. */
const JWEIXIN_STUB = `window.__wx = { configs: [], shares: [], timeline: [] };
window.wx = {
  config: function (o) { window.__wx.configs.push(o); },
  ready: function (cb) { cb(); },
  error: function () {},
  updateAppMessageShareData: function (c) { window.__wx.shares.push(c); },
  updateTimelineShareData: function (c) { window.__wx.timeline.push(c); },
};`;

interface Recorded {
  configs: { appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }[];
  shares: { title: string; desc: string; link: string; imgUrl: string }[];
  timeline: { title: string; link: string; imgUrl: string }[];
}

// Inside WeChat's browser: the JS-SDK is signed on load and after each navigation with the page's
// share card; 微信登录 goes through the official account's authorization (the dev consent page).
describeInBrowser("the site inside WeChat's browser", () => {
  const web = useBrowserSite();

  /** A phone in WeChat: its user agent, the stub SDK, and every /api/wechat/auth URL it signs. */
  async function wechatPage() {
    const context = await web.browser.newContext({
      viewport: { width: 390, height: 844 },
      userAgent: WECHAT_UA,
      extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
    });
    const sdkRequests: string[] = [];
    await context.route("https://res.wx.qq.com/**", (route) => {
      sdkRequests.push(route.request().url());
      return route.fulfill({ contentType: "application/javascript", body: JWEIXIN_STUB });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    waitForHydrationOnGoto(page);
    page.on("pageerror", (e) => web.errors.push(String(e)));
    // A CSP refusal of the SDK would show here.
    page.on("console", (msg) => {
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        web.errors.push(msg.text());
    });
    const signed: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname === "/api/wechat/auth") signed.push(url.searchParams.get("url") ?? "");
    });
    return { context, page, signed, sdkRequests };
  }

  const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __wx: Recorded }).__wx);

  /** Waits until the stub SDK has been handed `n` share cards. */
  async function shares(page: Page, n: number): Promise<Recorded> {
    await page.waitForFunction(
      (count) => ((window as unknown as { __wx?: Recorded }).__wx?.shares.length ?? 0) >= count,
      n,
    );
    return recorded(page);
  }

  it("signs every page it navigates to and sets its share card", { timeout: 90_000 }, async () => {
    const author = await registerByEmail(web.site);
    const title = `微信里分享的文章 ${randomBytes(3).toString("hex")}`;
    const { post } = await makeArticle(web.site, author.auth, {
      title,
      content: "# 为什么\n\n在微信里打开的读者，分享出去的卡片有标题、摘要和图片。",
    });
    const { context, page, signed, sdkRequests } = await wechatPage();

    const postUrl = `${web.site.url}/post/${post.id}`;
    await page.goto(postUrl + "#comments", { waitUntil: "networkidle" });
    let wx = await shares(page, 1);
    // Signed with the page's address without its fragment, on the app's dev AppID.
    expect(signed).toEqual([postUrl]);
    expect(sdkRequests).toEqual(["https://res.wx.qq.com/open/js/jweixin-1.6.0.js"]);
    expect(wx.configs).toHaveLength(1);
    const [config] = wx.configs;
    expect(config.jsApiList).toEqual(["updateAppMessageShareData", "updateTimelineShareData"]);
    const ticket = await web.site.kv.get(`wechat:${config.appId}:jsapi_ticket`);
    expect(config.signature).toBe(
      jsSdkSignature({
        jsapiTicket: ticket!,
        nonceStr: config.nonceStr,
        timestamp: config.timestamp,
        url: postUrl,
      }),
    );
    expect(wx.shares[0]).toMatchObject({ title, link: postUrl });
    expect(wx.shares[0].desc).toContain("分享出去的卡片");
    // No image of its own: the site icon, as an address WeChat can fetch.
    expect(wx.shares[0].imgUrl).toMatch(new RegExp(`^${web.site.url}/assets/share-icon-[\\w-]+\\.png$`));
    expect((await fetch(wx.shares[0].imgUrl)).headers.get("content-type")).toBe("image/png");
    expect(wx.timeline[0]).toEqual({ title, link: postUrl, imgUrl: wx.shares[0].imgUrl });

    // A client-side navigation (no reload: the SDK stays loaded) signs the new address.
    await page.getByRole("link", { name: "掘金 首页" }).click();
    await page.waitForURL(`${web.site.url}/`);
    wx = await shares(page, 2);
    expect(signed).toEqual([postUrl, `${web.site.url}/`]);
    expect(sdkRequests).toHaveLength(1);
    expect(wx.configs).toHaveLength(2);
    expect(wx.configs[1].nonceStr).not.toBe(config.nonceStr);
    expect(wx.shares[1]).toMatchObject({
      title: "掘金 - 一个帮助开发者成长的社区",
      link: `${web.site.url}/`,
    });
    await shot(page, "wechat-home-390");
    await context.close();

    // Any other browser loads neither the SDK nor the code that drives it.
    const plain = await web.browser.newPage({ viewport: { width: 390, height: 844 } });
    const loaded: string[] = [];
    plain.on("request", (req) => loaded.push(req.url()));
    waitForHydrationOnGoto(plain);
    await plain.goto(postUrl, { waitUntil: "networkidle" });
    expect(loaded.filter((u) => /wechat\/auth|res\.wx\.qq\.com|js-sdk/.test(u))).toEqual([]);
    await plain.close();
    expect(web.errors).toEqual([]);
  });

  it("logs in with 微信 in place, through the official account's consent", { timeout: 90_000 }, async () => {
    const { context, page, signed } = await wechatPage();
    const popups: string[] = [];
    page.on("popup", (p) => popups.push(p.url()));
    const name = `微信读者${randomBytes(2).toString("hex")}`;

    await web.open(page, "/explore");
    await page.locator("header").getByRole("button", { name: "登录" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "使用微信账号登录" }).waitFor();
    await page.waitForTimeout(400); // the modal's fade-in
    await shot(page, "wechat-login-modal-390");
    // The whole page goes to the authorization (WeChat's snsapi_userinfo page; here its stand-in).
    await Promise.all([
      page.waitForURL(/\/dev\/oauth\/wechat\?/),
      dialog.getByRole("button", { name: "使用微信账号登录" }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get("scope")).toBe("snsapi_userinfo");
    await page.getByText("公众号网页授权").waitFor();
    await page.getByLabel(/测试身份/).fill(name);
    await shot(page, "wechat-consent-390");
    await Promise.all([
      page.waitForURL(`${web.site.url}/explore`, { timeout: 15_000 }),
      page.getByRole("button", { name: `以 ${name} 身份授权` }).click(),
    ]);
    await page.getByRole("button", { name: `${name}的菜单` }).waitFor({ timeout: 15_000 });
    expect(popups).toEqual([]);
    // Back on the site, the page it returned to is signed too.
    await page.waitForFunction(
      () => ((window as unknown as { __wx?: Recorded }).__wx?.shares.length ?? 0) >= 1,
    );
    expect(signed.at(-1)).toBe(`${web.site.url}/explore`);
    await page.waitForLoadState("networkidle");
    await shot(page, "wechat-logged-in-390");

    // Wide, as WeChat for Windows/Mac shows the same consent.
    const wide = await context.newPage();
    await wide.setViewportSize({ width: 1280, height: 800 });
    await wide.goto(`${web.site.url}/api/oauth/wechat/start?mode=login&via=inapp&redirect=/explore`);
    await wide.getByText("公众号网页授权").waitFor();
    await shot(wide, "wechat-consent-1280");
    await context.close();
    expect(web.errors).toEqual([]);
  });
});
