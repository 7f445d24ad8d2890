import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { describeInBrowser, shot, type Site, useBrowserSite } from "../support/browser.ts";
import { uniqueEmail, uniqueUsername, uniqueIp } from "../support/app.ts";

// A signed-in person writes a pin with two images chosen through the composer's file input: each
// uploads at once (thumbnail), one is removed again, the pin appears in the feed with its image, and
// the image URL serves a re-encoded PNG with nosniff. Then the same page at 375 px.
describeInBrowser("images in the pin composer", () => {
  let site: Site;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let uploadDir = "";
  const errors: string[] = [];

  // The directory is made when the site starts, not when the file is collected (skipped or not).
  useBrowserSite(
    (web) => ({ site, browser } = web),
    () => ({ uploadDir: (uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-e2e-uploads-"))) }),
  );

  beforeAll(async () => {
    const res = await fetch(`${site.url}/api/v1/createUser`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
      body: JSON.stringify({ username: uniqueUsername(), email: uniqueEmail(), password: "secret-pass-1" }),
    });
    const { d } = (await res.json()) as { d: { token: string } };
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "nugget_session", value: d.token, url: site.url }]);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on("pageerror", (e) => errors.push(String(e)));
  });
  afterAll(async () => {
    if (uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  /** A picture worth looking at in a screenshot: a diagonal gradient with a stripe. */
  async function picture(width: number, height: number, hue: [number, number, number]) {
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const t = (x + y) / (width + height);
        const o = (y * width + x) * 3;
        const stripe = Math.abs(y - height / 2) < height / 12 ? 1 : 0;
        data[o] = stripe ? 255 : Math.round(hue[0] * (1 - t) + 255 * t);
        data[o + 1] = stripe ? 255 : Math.round(hue[1] * (1 - t) + 200 * t);
        data[o + 2] = stripe ? 255 : Math.round(hue[2] * (1 - t) + 80 * t);
      }
    }
    return sharp(data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  }

  it("chooses images, posts the pin, and the image serves", { timeout: 90_000 }, async () => {
    await page.goto(`${site.url}/pins`, { waitUntil: "networkidle" });
    const text = `周末拍的图 ${Date.now()}`;
    await page.getByPlaceholder("分享你的新鲜事…").fill(text);

    const input = page.locator(".pin-composer input[type=file]");
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/upload") && r.ok()),
      input.setInputFiles([
        { name: "sunset.png", mimeType: "image/png", buffer: await picture(480, 320, [30, 90, 200]) },
      ]),
    ]);
    await page.getByRole("img", { name: "已选图片 1" }).waitFor();
    // A second image, then removed again: only the first is posted.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/upload") && r.ok()),
      input.setInputFiles([
        { name: "extra.jpg", mimeType: "image/jpeg", buffer: await picture(200, 200, [200, 40, 90]) },
      ]),
    ]);
    await page.getByRole("img", { name: "已选图片 2" }).waitFor();
    await shot(page, "pin-composer-images");
    await page.getByRole("button", { name: "移除图片 2" }).click();
    await expect.poll(() => page.locator(".image-picker img").count()).toBe(1);

    // Something that is not an image is refused with the spec's message, and nothing is added.
    await input.setInputFiles([
      { name: "page.png", mimeType: "image/png", buffer: Buffer.from("<html></html>") },
    ]);
    await page.getByText("文件格式不支持").waitFor();
    await expect.poll(() => page.locator(".image-picker-item img").count()).toBe(1);

    await page.getByRole("button", { name: "发布", exact: true }).click();
    const card = page.locator(".pin-card", { hasText: text });
    await card.waitFor();
    const img = card.locator(".pin-images img");
    expect(await img.count()).toBe(1);
    expect(await img.getAttribute("loading")).toBe("lazy");
    // The feed shows the thumb variant (fits 400 × 300; the original until the job made it) and
    // links to the original.
    const src = (await card.locator(".pin-images a").getAttribute("href"))!;
    expect(src).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{64}\.png$/);
    expect(await img.getAttribute("src")).toBe(src.replace(/\.png$/, "@thumb.png"));
    // The composer is empty again.
    expect(await page.locator(".image-picker-item img").count()).toBe(0);
    // The image really shows (decoded by the browser, not a broken icon).
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
      .toBeGreaterThanOrEqual(400);
    await shot(page, "pin-with-image");

    const res = await fetch(site.url + src);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 480, 320]);

    // The pin page shows it too.
    await card.locator(".pin-card-content").click();
    await page.waitForURL(/\/pin\/[0-9a-f]{24}$/);
    await page.locator(".pin-view .pin-images img").waitFor();
    await shot(page, "pin-page-image");

    // 375 px: the composer with a thumbnail and the feed still fit the screen.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    phone.on("pageerror", (e) => errors.push(String(e)));
    await phone.goto(`${site.url}/pins`, { waitUntil: "networkidle" });
    await Promise.all([
      phone.waitForResponse((r) => r.url().endsWith("/api/upload") && r.ok()),
      phone
        .locator(".pin-composer input[type=file]")
        .setInputFiles([
          { name: "small.png", mimeType: "image/png", buffer: await picture(300, 400, [20, 160, 90]) },
        ]),
    ]);
    await phone.getByRole("img", { name: "已选图片 1" }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, "pin-composer-375");
    expect(errors).toEqual([]);
  });
});
