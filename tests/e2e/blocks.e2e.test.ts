import { beforeAll, expect, it } from "vitest";
import { describeInBrowser, shot, type Person, useBrowserSite } from "../support/browser.ts";

// Issue 13: A blocks B from B's profile (the 「更多」 menu, by keyboard, confirmed in the dialog),
// sees B under 已拉黑 in 屏蔽管理 on a phone, and lifts the block there.
describeInBrowser("mute and block in a browser", () => {
  let a: Person;
  let b: Person;

  const web = useBrowserSite();

  beforeAll(async () => {
    a = await web.person({ width: 390, height: 844, consoleErrors: true });
    b = await web.person();
    // B follows A: the block must remove it, and A's follower count with it.
    await web.api(b, "POST", "/api/follow", { ids: a.id });
  });

  it("blocks from the profile menu, lists B in 屏蔽管理 and undoes it", { timeout: 120_000 }, async () => {
    const page = a.page;
    await web.open(page, `/user/${b.id}`);
    const more = page.getByRole("button", { name: `更多操作：${b.username}` });
    await more.focus();
    await page.keyboard.press("ArrowDown");
    const blockItem = page.getByRole("menuitem", { name: "拉黑此用户" });
    await page.getByRole("menuitem", { name: "屏蔽此用户" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => blockItem.evaluate((el) => el === document.activeElement)).toBe(true);
    await shot(page, "blocks-profile-menu");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("不能关注你").waitFor();
    // The dialog fades in: shoot it once its animations are done.
    await dialog.evaluate((el) =>
      Promise.all(
        [el, ...(el.parentElement ? [el.parentElement] : [])].flatMap((e) =>
          e.getAnimations({ subtree: true }).map((a) => a.finished),
        ),
      ),
    );
    await shot(page, "blocks-confirm-dialog");
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/block") && r.ok()),
      dialog.getByRole("button", { name: "拉黑", exact: true }).click(),
    ]);
    await page.getByText("已拉黑此用户").waitFor();
    expect((await web.api(a, "GET", `/api/getUserFollowInfo?uid=${a.id}`)).followerNum).toBe(0);
    // B is kept away: following A again is refused with the house's 403.
    expect(await web.api(b, "POST", "/api/follow", { ids: a.id }, [403])).toBeNull();
    // The menu now offers the undo.
    await more.click();
    await page.getByRole("menuitem", { name: "解除拉黑" }).waitFor();
    await page.keyboard.press("Escape");

    // 屏蔽管理: B is under 已拉黑, not under 已屏蔽.
    await web.open(page, "/user/settings/blocks");
    await page.getByText("还没有屏蔽任何人").waitFor();
    await page.getByRole("link", { name: "已拉黑" }).click();
    await page.waitForURL(/tab=block/);
    const row = page.getByRole("list", { name: "已拉黑" }).getByRole("listitem");
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText(b.username).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, "blocks-settings-blocked", true);
    // Dark mode: the page draws with the palette's variables only.
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "blocks-settings-blocked-dark", true);
    await page.emulateMedia({ colorScheme: "light" });

    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/unblock") && r.ok()),
      row.getByRole("button", { name: `解除拉黑 ${b.username}` }).click(),
    ]);
    await page.getByText("还没有拉黑任何人").waitFor();
    await shot(page, "blocks-settings-undone", true);
    expect((await web.api(a, "GET", "/api/blocks?kind=block")).list).toEqual([]);
    await web.api(b, "POST", "/api/follow", { ids: a.id });
    expect(web.errors).toEqual([]);
  });
});
