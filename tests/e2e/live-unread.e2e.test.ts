import path from "node:path";
import { expect, it } from "vitest";
import type { Request } from "playwright-core";
import { SCREENSHOTS, describeInBrowser, useBrowserSite, useTwoPeople } from "../support/browser.ts";
import { makeEntry } from "../support/factories.ts";

// Issue 9, live counts: B's page stays open while A comments on B's entry; B's bell and the title's
// "(n) " prefix change without a reload, through the tab's one event stream.
describeInBrowser("the bell follows the live stream", () => {
  const web = useBrowserSite();
  const people = useTwoPeople(web);

  // What B's bell and title say, against what they should say now. The bell counts system notices
  // too, and on CI's shared PostgreSQL database another test file may post one to everybody at any
  // moment (every open stream then recounts), so the expectation is read from the API in the same
  // poll as the page. `bareTitle` undefined: only the "(n) " prefix is checked.
  const bellState = async (userUnread: number, bareTitle?: string) => {
    const { b } = people;
    const counts = await web.api(b, "GET", "/api/getUserNotificationNum");
    if (counts.user !== userUnread) return `user ${counts.user}, expected ${userUnread}`;
    const label = counts.total ? `消息通知，${counts.total} 条未读` : "消息通知";
    const prefix = counts.total ? `(${counts.total}) ` : "";
    const shown = await b.page.locator(".bell").getAttribute("aria-label");
    const title = await b.page.title();
    if (shown !== label) return `bell "${shown}", expected "${label}"`;
    const titleOk =
      bareTitle === undefined
        ? prefix
          ? title.startsWith(prefix)
          : !/^\(\d+\) /.test(title)
        : title === prefix + bareTitle;
    return titleOk ? "ok" : `title "${title}", expected prefix "${prefix}"`;
  };

  it("changes B's bell and title while B's page stays open", { timeout: 90_000 }, async () => {
    const { a, b } = people;
    const entry = await makeEntry(web.site.database.db, b.id);
    // Read everything first: the count starts at 0 whatever other tests posted to everyone.
    await web.api(b, "POST", "/api/setUserNotificationNum", {});
    await web.api(b, "POST", "/api/checkAllSystemNotification", {});

    const streams: Request[] = [];
    b.page.on("request", (r) => {
      if (r.url().endsWith("/api/notifications/stream")) streams.push(r);
    });
    await b.page.goto(`${web.site.url}/explore/all`, { waitUntil: "load" });
    const bell = b.page.locator(".bell");
    await bell.waitFor();
    // The stream opens after hydration: wait until this instance holds it.
    await expect.poll(() => web.site.services.notifications.liveStreams(), { timeout: 15_000 }).toBe(1);
    const title = (await b.page.title()).replace(/^\(\d+\) /, "");
    await expect.poll(() => bellState(0, title)).toBe("ok");

    // A comments on B's entry; B does nothing.
    const c = await web.api(a, "POST", "/api/comment", {
      targetId: entry.id,
      content: "实时提醒来了吗？",
    });
    expect(c.commentId).toBeTruthy();
    await expect.poll(() => bellState(1, title), { timeout: 10_000 }).toBe("ok");
    expect(Number(await bell.locator(".badge").innerText())).toBeGreaterThanOrEqual(1);
    await b.page.screenshot({ path: path.join(SCREENSHOTS, "live-bell.png") });

    // A second comment: 2, still without a reload.
    await web.api(a, "POST", "/api/comment", { targetId: entry.id, content: "再来一条" });
    await expect.poll(() => bellState(2, title), { timeout: 10_000 }).toBe("ok");

    // A client-side navigation keeps the count in the new page's title, and still one stream.
    await b.page.getByRole("link", { name: "首页" }).first().click();
    // (a new reader's home sends them on to /getting-started)
    await b.page.waitForURL((url) => !url.pathname.startsWith("/explore"));
    await expect.poll(() => bellState(2), { timeout: 10_000 }).toBe("ok");
    // Reading them elsewhere (another device) clears the bell here too.
    await web.api(b, "POST", "/api/setUserNotificationNum", {});
    await expect.poll(() => bellState(0), { timeout: 10_000 }).toBe("ok");
    expect(streams.length).toBe(1);
    expect(web.site.services.notifications.liveStreams()).toBe(1);
    expect(web.errors).toEqual([]);

    // Leaving the site closes the stream.
    await b.page.goto("about:blank");
    await expect.poll(() => web.site.services.notifications.liveStreams()).toBe(0);
  });
});
