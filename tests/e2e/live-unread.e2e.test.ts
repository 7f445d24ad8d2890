import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import type { Browser, Request } from "playwright-core";
import {
  SCREENSHOTS,
  apiAs,
  describeInBrowser,
  signedInPerson,
  type Person,
  type Site,
  useBrowserSite,
} from "../support/browser.ts";
import { makeEntry } from "../support/factories.ts";

// Issue 9, live counts: B's page stays open while A comments on B's entry; B's bell and the title's
// "(n) " prefix change without a reload, through the tab's one event stream.
describeInBrowser("the bell follows the live stream", () => {
  let site: Site;
  let browser: Browser;
  let a: Person;
  let b: Person;
  const errors: string[] = [];

  useBrowserSite((web) => ({ site, browser } = web));

  beforeAll(async () => {
    a = await signedInPerson(site, browser, errors);
    b = await signedInPerson(site, browser, errors);
  });

  it("changes B's bell and title while B's page stays open", { timeout: 90_000 }, async () => {
    const entry = await makeEntry(site.database.db, b.id);
    // Read everything first: the count starts at 0 whatever other tests posted to everyone.
    await apiAs(site, b, "POST", "/api/setUserNotificationNum", {});
    await apiAs(site, b, "POST", "/api/checkAllSystemNotification", {});

    const streams: Request[] = [];
    b.page.on("request", (r) => {
      if (r.url().endsWith("/api/notifications/stream")) streams.push(r);
    });
    await b.page.goto(`${site.url}/explore/all`, { waitUntil: "load" });
    const bell = b.page.locator(".bell");
    await bell.waitFor();
    expect(await bell.getAttribute("aria-label")).toBe("消息通知");
    // The stream opens after hydration: wait until this instance holds it.
    await expect.poll(() => site.services.notifications.liveStreams(), { timeout: 15_000 }).toBe(1);
    const title = await b.page.title();
    expect(title.startsWith("(")).toBe(false);

    // A comments on B's entry; B does nothing.
    const c = await apiAs(site, a, "POST", "/api/comment", {
      targetId: entry.id,
      content: "实时提醒来了吗？",
    });
    expect(c.commentId).toBeTruthy();
    await b.page.getByRole("link", { name: "消息通知，1 条未读" }).waitFor({ timeout: 10_000 });
    expect(await bell.locator(".badge").innerText()).toBe("1");
    await expect.poll(() => b.page.title()).toBe(`(1) ${title}`);
    await b.page.screenshot({ path: path.join(SCREENSHOTS, "live-bell.png") });

    // A second comment: 2, still without a reload.
    await apiAs(site, a, "POST", "/api/comment", { targetId: entry.id, content: "再来一条" });
    await b.page.getByRole("link", { name: "消息通知，2 条未读" }).waitFor({ timeout: 10_000 });
    await expect.poll(() => b.page.title()).toBe(`(2) ${title}`);

    // A client-side navigation keeps the count in the new page's title, and still one stream.
    await b.page.getByRole("link", { name: "首页" }).first().click();
    // (a new reader's home sends them on to /getting-started)
    await b.page.waitForURL((url) => !url.pathname.startsWith("/explore"));
    await expect.poll(() => b.page.title()).toMatch(/^\(2\) /);
    // Reading them elsewhere (another device) clears the bell here too.
    await apiAs(site, b, "POST", "/api/setUserNotificationNum", {});
    await b.page.getByRole("link", { name: "消息通知", exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => b.page.title()).not.toMatch(/^\(\d+\) /);
    expect(streams.length).toBe(1);
    expect(site.services.notifications.liveStreams()).toBe(1);
    expect(errors).toEqual([]);

    // Leaving the site closes the stream.
    await b.page.goto("about:blank");
    await expect.poll(() => site.services.notifications.liveStreams()).toBe(0);
  });
});
