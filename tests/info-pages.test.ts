import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { testApp } from "./support/app.ts";

const BUILD_DIR = path.resolve(process.env.NUGGET_BUILD_DIR ?? "build");
const built = fs.existsSync(path.join(BUILD_DIR, "server/index.js"));

// Issue 12, item 9: /about's join, translation and partners sections and /app say something real,
// server-rendered, with the operator's support address; no 「即将公布」 placeholder is left.
describe.skipIf(!built)("the about and app pages", () => {
  let nugget: NuggetApp;
  beforeAll(async () => {
    nugget = await testApp({ supportEmail: "hello@nugget.example" }, BUILD_DIR);
  });
  afterAll(async () => {
    await nugget?.app.close();
    await nugget?.database.close();
  });

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
