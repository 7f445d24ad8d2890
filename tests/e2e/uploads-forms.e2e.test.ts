import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gradientPicture } from "../support/pictures.ts";
import {
  describeInBrowser,
  overflowX,
  type Person,
  shot,
  uploadFile,
  useBrowserSite,
} from "../support/browser.ts";

/** Noise does not compress: a PNG of it passes the collection background's 1,048,576 bytes. */
function noisePng(side: number) {
  const data = Buffer.alloc(side * side * 3);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(Math.random() * 256);
  return sharp(data, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const uploaded = (page: Page) => page.waitForResponse((r) => r.url().endsWith("/api/upload") && r.ok());

// Uploads in the forms: the avatar on /user/settings/profile (cropped to a square in
// the browser, saved through updateUserInfo, shown in the header), the collection background (the
// server's 413 and 415 under the field), and the pin composer's images.
describeInBrowser("uploads in the forms", () => {
  let desk: Person;
  let phone: Person;

  const web = useBrowserSite({}, { tempUploads: true });

  beforeAll(async () => {
    desk = await web.person();
    phone = await web.person({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await desk?.context.close();
    await phone?.context.close();
  });

  it("uploads a cropped avatar and the header shows it", { timeout: 120_000 }, async () => {
    const page = desk.page;
    await web.open(page, "/user/settings/profile");
    const header = page.locator(".avatar-button .avatar");
    expect(await header.evaluate((el) => el.tagName)).toBe("SPAN");
    const input = page.locator(".image-field input[type=file]");

    // Not an image: the browser cannot crop it, so the server judges it, and its 415 stays in place.
    await input.setInputFiles([{ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("hello") }]);
    await page.getByText("notes.png：文件格式不支持").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    await input.setInputFiles([
      {
        name: "me.jpg",
        mimeType: "image/jpeg",
        buffer: await gradientPicture(600, 400, [30, 90, 200]).jpeg().toBuffer(),
      },
    ]);
    const dialog = page.getByRole("dialog", { name: "裁剪头像" });
    await dialog.getByRole("img", { name: "要裁剪的图片" }).waitFor();
    // Keyboard: the crop area has focus; move right and zoom in.
    const view = dialog.getByRole("group", { name: "裁剪区域" });
    await expect.poll(() => view.evaluate((el) => el === document.activeElement)).toBe(true);
    const before = await dialog.getByRole("img", { name: "要裁剪的图片" }).getAttribute("style");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("+");
    await page.keyboard.press("+");
    expect(await dialog.getByRole("img", { name: "要裁剪的图片" }).getAttribute("style")).not.toBe(before);
    // And the pointer: drag the picture back to the left.
    const box = (await view.boundingBox())!;
    await page.mouse.move(box.x + 140, box.y + 140);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 150, { steps: 4 });
    await page.mouse.up();
    await shot(page, "avatar-crop-dialog");

    const [upload, saved] = await Promise.all([
      uploaded(page),
      page.waitForResponse((r) => r.url().endsWith("/api/v1/updateUserInfo") && r.ok()),
      dialog.getByRole("button", { name: "使用这张" }).click(),
    ]);
    const { d } = (await upload.json()) as {
      d: { url: string; width: number; height: number; type: string };
    };
    expect(d.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{64}\.jpg$/);
    // Cropped in the browser: a square, at most 400 px, still a JPEG.
    expect(d.width).toBe(d.height);
    expect(d.width).toBeLessThanOrEqual(400);
    expect(d.width).toBeGreaterThan(300);
    expect(d.type).toBe("jpg");
    expect(((await saved.json()) as { d: { avatarLarge: string } }).d.avatarLarge).toBe(d.url);

    // The header's avatar is the new picture, and so is the field's preview; the old error is gone.
    await expect.poll(() => header.getAttribute("src")).toBe(d.url);
    expect(await page.locator(".image-field-frame img").getAttribute("src")).toBe(d.url);
    expect(await page.getByText("文件格式不支持").count()).toBe(0);
    await shot(page, "avatar-saved");
    // It survives a reload: the profile holds it.
    await page.reload({ waitUntil: "networkidle" });
    expect(await header.getAttribute("src")).toBe(d.url);

    // 390 px: the dialog fits the screen.
    const small = phone.page;
    await web.open(small, "/user/settings/profile");
    await small.locator(".image-field input[type=file]").setInputFiles([
      {
        name: "tall.png",
        mimeType: "image/png",
        buffer: await gradientPicture(300, 500, [200, 40, 90]).png().toBuffer(),
      },
    ]);
    const phoneDialog = small.getByRole("dialog", { name: "裁剪头像" });
    await phoneDialog.getByRole("img", { name: "要裁剪的图片" }).waitFor();
    expect(await overflowX(small)).toBeLessThanOrEqual(0);
    const panel = (await phoneDialog.boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    await shot(small, "avatar-crop-dialog-390");
    // Escape cancels: nothing is uploaded.
    await small.keyboard.press("Escape");
    await phoneDialog.waitFor({ state: "detached" });
    await shot(small, "profile-settings-390");
    expect(web.errors).toEqual([]);
  });

  it(
    "the collection form uploads a background and shows the server's refusals",
    { timeout: 90_000 },
    async () => {
      const page = desk.page;
      await web.open(page, "/collections");
      await page.getByRole("button", { name: "新建收藏集" }).first().click();
      const dialog = page.getByRole("dialog", { name: "新建收藏集" });
      await dialog.waitFor();
      await dialog.getByLabel("标题").fill(`背景图测试 ${Date.now()}`);
      const input = dialog.locator(".image-field input[type=file]");

      // Over 1,048,576 bytes: the server's 413 under the field.
      const big = await noisePng(640);
      expect(big.length).toBeGreaterThan(1_048_576);
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/upload")),
        input.setInputFiles([{ name: "big.png", mimeType: "image/png", buffer: big }]),
      ]);
      expect(refused.status()).toBe(413);
      await dialog.getByText("big.png：文件太大").waitFor();
      // A GIF is an image, but not one a background may be: 415.
      const gif = await gradientPicture(40, 40, [10, 10, 10]).gif().toBuffer();
      await input.setInputFiles([{ name: "moving.gif", mimeType: "image/gif", buffer: gif }]);
      await dialog.getByText("moving.gif：文件格式不支持").waitFor();
      await shot(page, "collection-background-refused");

      await uploadFile(input, {
        name: "sky.jpg",
        mimeType: "image/jpeg",
        buffer: await gradientPicture(640, 360, [20, 120, 220]).jpeg().toBuffer(),
      });
      const preview = dialog.getByRole("img", { name: "收藏集背景图" });
      await preview.waitFor();
      const url = (await preview.getAttribute("src"))!;
      expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{64}\.jpg$/);
      expect(await dialog.getByText("文件太大").count()).toBe(0);
      await shot(page, "collection-background-uploaded");
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/api/collectionset") && r.ok()),
        dialog.getByRole("button", { name: "创建" }).click(),
      ]);
      expect(((await created.json()) as { d: { imageUrl: string } }).d.imageUrl).toBe(url);
      expect(web.errors).toEqual([]);
    },
  );

  it("a pin carries its images", { timeout: 90_000 }, async () => {
    for (const [who, name] of [
      [desk, "pin-composer-images"],
      [phone, "pin-composer-images-390"],
    ] as const) {
      const page = who.page;
      await web.open(page, "/pins");
      const text = `今天的两张图 ${name}`;
      await page.getByPlaceholder("分享你的新鲜事…").fill(text);
      const input = page.locator(".pin-composer input[type=file]");
      await uploadFile(input, {
        name: "a.png",
        mimeType: "image/png",
        buffer: await gradientPicture(480, 320, [30, 90, 200]).png().toBuffer(),
      });
      await uploadFile(input, {
        name: "b.jpg",
        mimeType: "image/jpeg",
        buffer: await gradientPicture(320, 320, [200, 40, 90]).jpeg().toBuffer(),
      });
      await page.getByRole("img", { name: "已选图片 2" }).waitFor();
      // A refusal stays under the images, naming the file; the thumbnails stay.
      await input.setInputFiles([{ name: "x.png", mimeType: "image/png", buffer: Buffer.from("nope") }]);
      await page.locator(".pin-composer").getByText("x.png：文件格式不支持").waitFor();
      expect(await page.locator(".pin-composer .image-picker img").count()).toBe(2);
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await shot(page, name);

      await page.getByRole("button", { name: "发布", exact: true }).click();
      const card = page.locator(".pin-card", { hasText: text });
      await card.waitFor();
      expect(await card.locator(".pin-images img").count()).toBe(2);
      expect(await page.locator(".pin-composer .image-picker img").count()).toBe(0);
      expect(await page.locator(".pin-composer").getByText("文件格式不支持").count()).toBe(0);
    }
    expect(web.errors).toEqual([]);
  });
});
