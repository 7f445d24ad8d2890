import { beforeAll, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { trackingEvents } from "../../db/schema/index.ts";
import { makeBareUser, makeEntry, makeTag } from "../support/factories.ts";
import { uniqueIp } from "../support/app.ts";
import { describeInBrowser, shot, waitForHydrationOnGoto, useBrowserSite } from "../support/browser.ts";

// Issue 12 item 7 in a real browser: the entry click and GET /punch of every navigation reach the
// server, list thumbnails below the fold wait for the reader to come near (spec §9: 300 px, 100 ms),
// POST /increment follows a collection follow, and 「App 内打开」 falls back to /app after 3000 ms on a
// phone.
describeInBrowser("browser-side tracking, lazy images and open-in-app", () => {
  const run = Date.now().toString(36);
  const tagTitle = `追踪${run}`;
  /** Newest first, as the tag's newest list shows them. */
  const entryIds: string[] = [];
  const thumb = (i: number) => `/uploads/track-${run}-${i}.png`;
  // A 1×1 PNG for every thumbnail, so the page shows no broken images and the test sees each request.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  );

  const web = useBrowserSite();

  beforeAll(async () => {
    const db = web.site.database.db;
    const tag = await makeTag(db, tagTitle);
    const author = await makeBareUser(db);
    for (let i = 0; i < 20; i++) {
      const entry = await makeEntry(
        db,
        author,
        {
          title: `追踪条目 ${run} 第${i}篇`,
          screenshot: thumb(i),
          createdAt: new Date(Date.now() - i * 60_000),
        },
        [tag.id],
      );
      entryIds.push(entry.id);
    }
  });

  async function serveThumbs(page: Page) {
    const asked: string[] = [];
    await page.route(`**/uploads/track-${run}-*`, (route) => {
      asked.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 200, contentType: "image/png", body: PNG });
    });
    return asked;
  }

  it("records a click on a listed entry, and one punch per navigation", { timeout: 90_000 }, async () => {
    const person = await web.person({ consoleErrors: true, height: 700 });
    const page = person.page;
    const asked = await serveThumbs(page);
    const punches: Request[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/punch?")) punches.push(r);
    });
    const list = `/tag/${encodeURIComponent(tagTitle)}?sort=newest`;
    await web.open(page, list);
    await expect.poll(() => punches.length).toBe(1);

    const target = entryIds[2];
    const click = page.waitForResponse(
      (r) => r.url().includes("/api/log?") && r.url().includes("action=click"),
    );
    await page.locator(`.entry-item[data-entry-id="${target}"] .entry-title a`).click();
    await page.waitForURL(`${web.site.url}/entry/${target}`);
    const answered = await click;
    expect(answered.status()).toBe(200);
    expect(Object.fromEntries(new URL(answered.url()).searchParams)).toMatchObject({
      action: "click",
      objectType: "entry",
      value: target,
      source: "web",
    });

    // The server recorded it, under the session's user, with the list it was clicked in.
    await web.site.services.tracking.flush();
    const clicks = await web.site.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.action, "click"), eq(trackingEvents.target, target)));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toMatchObject({ objectType: "entry", value: target, uid: person.id });
    expect(decodeURIComponent(clicks[0].location)).toBe(`/tag/${tagTitle}?sort=newest`);

    // The in-app navigation made the second punch, and nothing makes a third.
    await expect.poll(() => punches.length).toBe(2);
    await page.waitForTimeout(1000);
    expect(punches).toHaveLength(2);
    const [first, second] = punches.map((r) => Object.fromEntries(new URL(r.url()).searchParams));
    expect(first).toMatchObject({ sub_location: "tag", src: "web" });
    expect(decodeURIComponent(first.location)).toBe(`/tag/${tagTitle}?sort=newest`);
    expect(second).toMatchObject({ sub_location: "entry", location: `/entry/${target}`, src: "web" });
    expect(second.suid).toBe(first.suid);
    // The browser has sent the second punch, but the server may not have queued it yet: flush
    // until it is written (a busy machine answers later than the request event fires).
    const punchedCategories = async () => {
      await web.site.services.tracking.flush();
      const punched = await web.site.database.db
        .select()
        .from(trackingEvents)
        .where(and(eq(trackingEvents.action, "punch"), eq(trackingEvents.uid, person.id)));
      return punched.map((p) => p.category).sort();
    };
    await expect.poll(punchedCategories).toEqual(["entry", "tag"]);

    // Back to the list, rendered by the browser this time: a far thumbnail still waits (React
    // renders no image inside <noscript> on the client), and comes when scrolled near.
    asked.length = 0;
    await page.goBack();
    const last = page.locator(`.entry-item[data-entry-id="${entryIds[19]}"] img.entry-thumb`);
    await last.waitFor({ state: "attached" });
    await page.waitForTimeout(500);
    expect(asked).not.toContain(thumb(19));
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => asked.includes(thumb(19))).toBe(true);
    await expect.poll(() => punches.length).toBe(3);
    expect(web.errors).toEqual([]);
    await person.context.close();
  });

  it(
    "fetches a thumbnail below the fold only when the reader scrolls near it; without scripts, all",
    { timeout: 90_000 },
    async () => {
      const context = await web.browser.newContext({
        viewport: { width: 1280, height: 700 },
        extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
      });
      const page = await context.newPage();
      waitForHydrationOnGoto(page);
      page.on("pageerror", (e) => web.errors.push(String(e)));
      page.on("console", (m) => {
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
          web.errors.push(m.text());
      });
      const asked = await serveThumbs(page);
      await web.open(page, `/tag/${encodeURIComponent(tagTitle)}?sort=newest`);
      await page.waitForTimeout(500);
      // The first screen's thumbnails are there; the last item's, ~2,000 px down, was never asked for.
      expect(asked).toContain(thumb(0));
      expect(asked).not.toContain(thumb(19));
      const last = page.locator(`.entry-item[data-entry-id="${entryIds[19]}"] img.entry-thumb`);
      expect(await last.getAttribute("src")).toBeNull();
      await shot(page, "tracking-lazy-thumbs-1280");

      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => asked.includes(thumb(19))).toBe(true);
      await expect
        .poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1);
      expect(web.errors).toEqual([]);
      await context.close();

      // Without JavaScript the <noscript> copy shows every image.
      const plain = await web.browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled: false,
      });
      const noJs = await plain.newPage();
      const seen = await serveThumbs(noJs);
      await noJs.goto(`${web.site.url}/tag/${encodeURIComponent(tagTitle)}?sort=newest`, {
        waitUntil: "load",
      });
      await noJs.locator(`.entry-item[data-entry-id="${entryIds[19]}"]`).scrollIntoViewIfNeeded();
      await expect.poll(() => seen.includes(thumb(19))).toBe(true);
      // Only the <noscript> copy shows, not the empty slot the observer would have filled.
      const item = noJs.locator(`.entry-item[data-entry-id="${entryIds[19]}"]`);
      expect(await item.locator("img:visible").count()).toBe(1);
      await shot(noJs, "tracking-no-js-390");
      await plain.close();
    },
  );

  it("reports a collection follow to POST /increment", { timeout: 60_000 }, async () => {
    const owner = await web.person();
    const set = await web.api<{ id: string }>(owner, "POST", "/api/collectionset", {
      title: `追踪收藏集 ${run}`,
      description: "",
    });
    await owner.context.close();
    const reader = await web.person({ consoleErrors: true, open: `/collection/${set.id}` });
    const page = reader.page;
    const reported = page.waitForResponse((r) => r.url().endsWith("/api/increment"));
    await page.getByRole("button", { name: /^关注/ }).first().click();
    const answer = await reported;
    expect(answer.request().method()).toBe("POST");
    expect(JSON.parse(answer.request().postData() ?? "{}")).toEqual({
      num: 1,
      event: "csFollow",
      csId: set.id,
      src: "web",
    });
    expect(((await answer.json()) as { s: number }).s).toBe(1);
    await web.site.services.tracking.flush();
    const rows = await web.site.database.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.action, "increment"), eq(trackingEvents.target, set.id)));
    expect(rows.map((r) => [r.value, r.uid])).toEqual([["csFollow:+1", reader.id]]);
    expect(web.errors).toEqual([]);
    await reader.context.close();
  });

  it("tries the app on a phone and falls back to /app after 3000 ms", { timeout: 60_000 }, async () => {
    const target = entryIds[0];
    // A desktop is offered nothing.
    const desk = await web.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const deskPage = await desk.newPage();
    waitForHydrationOnGoto(deskPage);
    await deskPage.goto(`${web.site.url}/entry/${target}`);
    expect(await deskPage.getByRole("link", { name: "App 内打开" }).isVisible()).toBe(false);
    await desk.close();

    const phone = await web.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
    });
    const page = await phone.newPage();
    waitForHydrationOnGoto(page);
    page.on("pageerror", (e) => web.errors.push(String(e)));
    await page.goto(`${web.site.url}/entry/${target}`);
    const button = page.getByRole("link", { name: "App 内打开" });
    await expect.poll(() => button.isVisible()).toBe(true);
    await shot(page, "tracking-open-in-app-390");
    const started = Date.now();
    await button.tap();
    // No app here: the page stays in front, and stays put until the fallback.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe(`/entry/${target}`);
    await page.waitForURL(`${web.site.url}/app`, { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(web.errors).toEqual([]);
    await phone.close();
  });
});
