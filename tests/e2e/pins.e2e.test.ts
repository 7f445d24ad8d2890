// The pin page uses the shared comment components (app/components/comments) with the pin target:
// the spec's pin-comment verbs (PUT like / PUT unlike), the §5 preview cut, replies, edit and delete.
import { expect, it } from "vitest";
import sharp from "sharp";
import { describeInBrowser, shot, useBrowserSite } from "../support/browser.ts";

describeInBrowser("pin comments through the shared components", () => {
  const web = useBrowserSite();

  it("comments, replies, likes, unlikes, edits, deletes on a pin", { timeout: 120_000 }, async () => {
    const a = await web.person();
    const b = await web.person();
    const res = await fetch(`${web.site.url}/api/pins`, {
      method: "POST",
      headers: a.headers,
      body: JSON.stringify({ content: "今天天气不错" }),
    });
    const pin = ((await res.json()) as { d: { id: string } }).d;
    await web.open(b.page, `/pin/${pin.id}`);
    await b.page.getByPlaceholder("输入评论...").fill("同感！" + "很长的一段话".repeat(80));
    // A picture with the comment (picList), uploaded through the comment box's picker.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7bd5" } })
      .png()
      .toBuffer();
    await Promise.all([
      b.page.waitForResponse((r) => r.url().endsWith("/api/upload") && r.ok()),
      b.page
        .locator(".comment-box input[type=file]")
        .first()
        .setInputFiles([{ name: "shot.png", mimeType: "image/png", buffer: png }]),
    ]);
    await b.page.getByRole("img", { name: "已选图片 1" }).waitFor();
    await Promise.all([
      b.page.waitForResponse((r) => r.url().endsWith("/api/comment") && r.ok()),
      b.page.getByRole("button", { name: "发布", exact: true }).click(),
    ]);
    await b.page.getByRole("button", { name: "展开" }).waitFor();
    const pic = b.page.locator(".comment-item").first().locator("img[src^='/uploads/']");
    await pic.waitFor();
    expect(await pic.getAttribute("loading")).toBe("lazy");
    const like = b.page.locator(".comment-item").first().getByRole("button", { name: "点赞" });
    await Promise.all([
      b.page.waitForResponse((r) => r.url().includes("/like") && r.request().method() === "PUT" && r.ok()),
      like.click(),
    ]);
    const unlike = b.page.locator(".comment-item").first().getByRole("button", { name: "取消点赞" });
    expect(await unlike.innerText()).toBe("1");
    await Promise.all([
      b.page.waitForResponse((r) => r.url().includes("/unlike") && r.request().method() === "PUT" && r.ok()),
      unlike.click(),
    ]);
    await b.page.locator(".comment-item").first().getByRole("button", { name: "点赞" }).waitFor();
    await Promise.all([
      b.page.waitForResponse((r) => r.url().includes("/like") && r.ok()),
      b.page.locator(".comment-item").first().getByRole("button", { name: "点赞" }).click(),
    ]);

    await web.open(a.page, `/pin/${pin.id}`);
    expect(
      await a.page.locator(".comment-item").first().getByRole("button", { name: "点赞" }).innerText(),
    ).toBe("1");
    await a.page.getByRole("button", { name: "回复", exact: true }).first().click();
    await a.page.getByPlaceholder(`回复 @${b.username}`).fill("谢谢！");
    await Promise.all([
      a.page.waitForResponse((r) => r.url().endsWith("/api/comment") && r.ok()),
      a.page.getByRole("button", { name: "回复", exact: true }).last().click(),
    ]);
    await a.page.locator(".comment-reply", { hasText: "谢谢！" }).waitFor();
    await a.page.getByRole("button", { name: "最热" }).click();
    await a.page.getByRole("button", { name: "编辑" }).click();
    await a.page.locator(".comment-reply textarea").fill("谢谢你！");
    await Promise.all([
      a.page.waitForResponse((r) => r.request().method() === "PUT" && r.ok()),
      a.page.getByRole("button", { name: "保存" }).click(),
    ]);
    await a.page.locator(".comment-reply", { hasText: "谢谢你！" }).waitFor();
    await shot(a.page, "pin-comments", true);
    await a.page.locator(".comment-reply").getByRole("button", { name: "删除" }).click();
    await Promise.all([
      a.page.waitForResponse((r) => r.request().method() === "DELETE" && r.ok()),
      a.page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click(),
    ]);
    await expect.poll(() => a.page.locator(".comment-reply").count()).toBe(0);
    expect(web.errors).toEqual([]);
  });
});
