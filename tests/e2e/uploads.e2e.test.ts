import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { gradientPicture } from "../support/pictures.ts";
import { describeInBrowser, overflowX, shot, uploadFile, useBrowserSite } from "../support/browser.ts";

// A signed-in person writes a pin with two images chosen through the composer's file input: each
// uploads at once (thumbnail), one is removed again, the pin appears in the feed with its image, and
// the image URL serves a re-encoded PNG with nosniff. Then the same page at 375 px.
describeInBrowser("images in the pin composer", () => {
  let context: BrowserContext;
  let page: Page;

  const web = useBrowserSite({}, { tempUploads: true });

  beforeAll(async () => {
    ({ context, page } = await web.person());
  });

  it("chooses images, posts the pin, and the image serves", { timeout: 90_000 }, async () => {
    await web.open(page, "/pins");
    const text = `周末拍的图 ${Date.now()}`;
    await page.getByPlaceholder("分享你的新鲜事…").fill(text);

    const input = page.locator(".pin-composer input[type=file]");
    await uploadFile(input, {
      name: "sunset.png",
      mimeType: "image/png",
      buffer: await gradientPicture(480, 320, [30, 90, 200], "across").png().toBuffer(),
    });
    await page.getByRole("img", { name: "已选图片 1" }).waitFor();
    // A second image, then removed again: only the first is posted.
    await uploadFile(input, {
      name: "extra.jpg",
      mimeType: "image/jpeg",
      buffer: await gradientPicture(200, 200, [200, 40, 90], "across").png().toBuffer(),
    });
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

    const res = await fetch(web.site.url + src);
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
    phone.on("pageerror", (e) => web.errors.push(String(e)));
    await web.open(phone, "/pins");
    await uploadFile(phone.locator(".pin-composer input[type=file]"), {
      name: "small.png",
      mimeType: "image/png",
      buffer: await gradientPicture(300, 400, [20, 160, 90], "across").png().toBuffer(),
    });
    await phone.getByRole("img", { name: "已选图片 1" }).waitFor();
    expect(await overflowX(phone)).toBeLessThanOrEqual(0);
    await shot(phone, "pin-composer-375");
    expect(web.errors).toEqual([]);
  });
});
