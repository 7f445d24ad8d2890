import { expect, it } from "vitest";
import { describeInBrowser, overflowX, shot, useBrowserSite } from "../support/browser.ts";

// 后台任务: an admin finds a failed job with its error on /admin/jobs and puts it back in its
// queue by keyboard; anyone else is refused.
describeInBrowser("the admins' job page", () => {
  const web = useBrowserSite();

  it("shows queues and a failed job, retries it, and is closed to non-admins", async () => {
    let failing = true;
    const mark = `e2e-${Date.now().toString(36)}`;
    await web.site.jobs.work("counter-repair", async (data: { mark?: string }) => {
      if (data.mark === mark && failing) throw new Error(`数据库暂时不可用（${mark}）`);
    });
    const id = await web.site.jobs.send("counter-repair", { mark }, { retryLimit: 0 });
    await web.site.jobs.drain().catch(() => undefined);

    expect((await fetch(`${web.site.url}/admin/jobs`)).status).toBe(401);
    const someone = await web.person();
    // Spec §6: anyone else goes back to "/" (for them the timeline, or getting-started for a
    // newcomer) with 没有权限 in the alert list, and the code leaves the address bar.
    await someone.page.goto(`${web.site.url}/admin/jobs`);
    await someone.page.getByRole("alert").filter({ hasText: "没有权限" }).waitFor();
    await someone.page.waitForURL((url) => url.pathname !== "/admin/jobs" && !url.search.includes("alert"));

    const admin = await web.person({ grant: { role: "admin" }, open: "/" });
    const desk = admin.page;
    await desk.getByRole("button", { name: `${admin.username}的菜单` }).click();
    await desk.getByRole("menuitem", { name: "后台任务" }).click();
    await desk.waitForURL(/\/admin\/jobs$/);
    await desk.getByRole("heading", { name: "后台任务" }).waitFor();
    await desk.getByRole("row").filter({ hasText: "notify-followers" }).waitFor();
    const job = desk.getByRole("listitem").filter({ hasText: mark });
    await job.getByText(`数据库暂时不可用（${mark}）`).first().waitFor();
    await shot(desk, "admin-jobs", true);

    // 重试 by keyboard; the job goes back to its queue and runs.
    failing = false;
    await job.getByRole("button", { name: `重试任务 counter-repair ${id}` }).focus();
    await desk.keyboard.press("Enter");
    await desk.getByText("已放回队列，稍后由任一实例执行").waitFor();
    await web.site.jobs.drain();
    await desk.reload({ waitUntil: "networkidle" });
    expect(await desk.getByRole("listitem").filter({ hasText: mark }).count()).toBe(0);

    // On a phone the page is no wider than the screen.
    await desk.setViewportSize({ width: 375, height: 740 });
    await desk.reload({ waitUntil: "networkidle" });
    await shot(desk, "admin-jobs-375", true);
    expect(await overflowX(desk)).toBeLessThanOrEqual(0);
    expect(web.errors).toEqual([]);
  });
});
