import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { inArray } from "drizzle-orm";
import { banners } from "../../db/schema/index.ts";
import { svgDataUrl } from "../../db/seed/text.ts";
import { newId } from "../../server/lib/ids.ts";
import { altTexts, describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";

// Aside banners on the welcome sidebar (2 shown, a closed one stays closed) and the tracking beacons:
// a page view after navigating, a like from the like button.
describeInBrowser("aside banners and tracking in a real browser", () => {
  const run = Date.now().toString(36);
  const titles = ["A", "B", "C"].map((k) => `活动${k} ${run}`);
  const ids = titles.map(() => newId());

  const web = useBrowserSite();

  beforeAll(async () => {
    // Ordered ahead of any banner other test files or earlier runs left in a shared database
    // (lower each second); removed again afterwards.
    const firstOrder = -(Math.floor(Date.now() / 1000) % 200_000_000) * 10;
    await web.site.database.db.insert(banners).values(
      titles.map((title, i) => ({
        position: "aside",
        title,
        imageUrl: svgDataUrl(240, 200, title, ["#1e80ff", "#87e8de"]),
        url: i === 1 ? "https://example.com/event" : "/books",
        id: ids[i],
        order: firstOrder + i,
      })),
    );
  });
  afterAll(async () => {
    await web.site?.database.db.delete(banners).where(inArray(banners.id, ids));
  });

  const shownTitles = (p: Page) => altTexts(p.locator(".aside-banners img"));

  it("shows 2 aside banners; a closed one stays closed after a reload", { timeout: 90_000 }, async () => {
    const page = await web.visitor();
    await web.open(page, "/");
    expect(await shownTitles(page)).toEqual([titles[0], titles[1]]);
    // The outbound banner carries the tracking suffix; a site path does not.
    const hrefs = await page
      .locator(".aside-banner-link")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs[0]).toBe("/books");
    expect(hrefs[1]).toMatch(
      /^https:\/\/example\.com\/event\?utm_source=nugget&utm_medium=banner&utm_content=[0-9a-f]{24}$/,
    );
    await shot(page, "banners-welcome");

    await page.getByRole("button", { name: `关闭 ${titles[0]}` }).click();
    await expect.poll(() => shownTitles(page)).toEqual([titles[1], titles[2]]);
    const stored = await page.evaluate(() => localStorage.getItem("nugget_closed_banners"));
    expect(JSON.parse(stored ?? "[]")).toHaveLength(1);

    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => shownTitles(page)).toEqual([titles[1], titles[2]]);
    await shot(page, "banners-after-close");
    expect(web.errors).toEqual([]);
    await page.context().close();
  });

  it("fires a page-view log after navigating, with a cached suid", { timeout: 60_000 }, async () => {
    const page = await web.visitor({ width: 375 });
    const firstView = page.waitForRequest(
      (r) => r.url().includes("/api/log?") && r.url().includes("objectType=page"),
    );
    await web.open(page, "/");
    await firstView;
    const suid = await page.evaluate(() => localStorage.getItem("nugget_suid:web"));
    expect(suid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await shot(page, "banners-welcome-375");

    const view = page.waitForRequest(
      (r) =>
        r.url().includes("/api/log?") && r.url().includes("objectType=page") && r.url().includes("books"),
    );
    await page.evaluate(() => {
      // A client-side navigation, as a link click makes.
      document.querySelector<HTMLAnchorElement>('a[href="/books"]')?.click();
    });
    const url = new URL((await view).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      action: "view",
      objectType: "page",
      location: "/books",
      referrer: "/",
      source: "web",
      suid,
    });
    expect(web.errors).toEqual([]);
    await page.context().close();
  });

  it("keeps working, silently, when an ad blocker drops every beacon", { timeout: 60_000 }, async () => {
    const page = await web.visitor();
    let blocked = 0;
    await page.route(/\/api\/(log|collector|punch|gen_suid)\b/, (route) => {
      blocked++;
      return route.abort("blockedbyclient");
    });
    await web.open(page, "/");
    for (const path of ["/welcome/frontend", "/explore/all", "/welcome/backend", "/"]) {
      // A full navigation, as a plain link makes. Not by adding a link to the page and clicking it:
      // a node added before the page has hydrated is a hydration mismatch (React #418) of the test's
      // own making on a slow machine.
      await page.evaluate((to) => window.location.assign(to), path);
      await page.waitForURL(web.site.url + path);
      await page.waitForTimeout(400);
    }
    await expect.poll(() => blocked).toBeGreaterThanOrEqual(5);
    // Not counted as failed requests: no 请求异常, nothing in the counter, no page errors.
    expect(await page.evaluate(() => sessionStorage.getItem("nugget_request_errors"))).toBeNull();
    expect(await page.locator(".request-health").count()).toBe(0);
    expect(await shownTitles(page)).toHaveLength(2);
    expect(web.errors).toEqual([]);
    await page.context().close();
  });

  it("sends a like beacon from the like button, attributed to the session", { timeout: 60_000 }, async () => {
    const person = await web.person({ consoleErrors: true });
    const entry = await web.share(person, { title: `值得一赞的文章 ${run}` });
    const page = person.page;
    // The feed reports the entries it showed on screen (spec §7 /collector), once each.
    const impressions = page.waitForRequest((r) => r.url().includes("/api/collector?"));
    await web.open(page, "/explore/all?sort=newest");
    const shown = new URL((await impressions).url()).searchParams.get("ids")!.split("|");
    const listed = await page
      .locator(".entry-list [data-entry-id]")
      .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.entryId!));
    expect(shown).toContain(entry.entryId);
    expect(new Set(shown).size).toBe(shown.length);
    expect(listed).toEqual(expect.arrayContaining(shown));
    // The explore sidebar carries the banners too (nothing closed in this browser).
    expect(await shownTitles(page)).toEqual([titles[0], titles[1]]);
    await shot(page, "banners-explore-signed-in");
    // The response, not the request: the server must have queued the event before the flush below.
    const like = page.waitForResponse(
      (r) => r.url().includes("/api/log?") && r.url().includes("action=like"),
    );
    await page
      .locator(".entry-item", { hasText: `值得一赞的文章 ${run}` })
      .getByRole("button", { name: /^赞，/ })
      .click();
    const answered = await like;
    expect(answered.status()).toBe(200);
    const sent = new URL(answered.url());
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      objectType: "entry",
      target: entry.entryId,
    });
    await web.site.services.tracking.flush();
    const rows = await web.site.database.db.query.trackingEvents.findMany({
      where: (t, { and, eq }) => and(eq(t.action, "like"), eq(t.target, entry.entryId)),
    });
    expect(rows.map((r) => r.uid)).toEqual([person.id]);
    expect(web.errors).toEqual([]);
    await person.context.close();
  });
});
