import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { BUILD_DIR, built, useTestApp } from "./support/app.ts";

// Issue 12, item 9: /about's join, translation and partners sections and /app say something real,
// server-rendered, with the operator's support address; no 「即将公布」 placeholder is left.
describe.skipIf(!built)("the about and app pages", () => {
  let nugget: NuggetApp;
  useTestApp((n) => (nugget = n), { supportEmail: "hello@nugget.example" }, BUILD_DIR);

  it("/about has the three sections the header's More menu links to, each with content", async () => {
    const res = await nugget.app.inject({ url: "/about" });
    expect(res.statusCode).toBe(200);
    for (const id of ["join", "translation", "partners"]) expect(res.body).toContain(`id="${id}"`);
    expect(res.body).toContain('href="mailto:hello@nugget.example"');
    expect(res.body).toContain('href="https://www.postgresql.org/"');
    expect(res.body).toContain("翻译计划");
    expect(res.body).not.toMatch(/即将公布|敬请期待/);
  });

  it("/app says how to use the site on a phone and where the API is documented", async () => {
    const res = await nugget.app.inject({ url: "/app" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("添加到主屏幕");
    expect(res.body).toContain('href="/api/docs"');
    expect(res.body).not.toMatch(/即将公布|敬请期待/);
  });
});
