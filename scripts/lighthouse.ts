/**
 * `npm run lighthouse`: Lighthouse's mobile preset on the home page, 发现 (/explore/all)
 * and an article, against the production build served by the real app on loopback with seeded
 * demo data in an in-memory database. Prints the four scores per page, writes them to
 * bench/results/lighthouse.md, and exits non-zero when performance or accessibility is under 95.
 *
 * Needs the client build (npm run build) and Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium; `apt-get install -y chromium fonts-noto-cjk`).
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "../tests/support/browser.ts";

// React picks its production or development build when first imported (see server/main.ts):
// measure what production serves.
process.env.NODE_ENV ||= "production";

const MIN_SCORE = 95;
/** Audits a page; the run with the median performance score is reported (LIGHTHOUSE_RUNS). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// The flags that work on this machine kind, as the browser tests launch it (docs: /work/shared/STACK.md).
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const BUILD_DIR = path.resolve(process.env.NUGGET_BUILD_DIR ?? "build");
const RESULTS = path.resolve("bench/results/lighthouse.md");

type Scores = Record<(typeof CATEGORIES)[number], number>;

async function startSite() {
  const { loadConfig } = await import("../server/config.ts");
  const { buildApp } = await import("../server/app.ts");
  const { openDatabase } = await import("../db/client.ts");
  const { seedIfEmpty } = await import("../db/seed/seed.ts");
  const config = loadConfig(process.env, { logLevel: "silent", devOutbox: false });
  const database = await openDatabase({ dataDir: ":memory:" });
  const nugget = await buildApp({ config, database, buildDir: BUILD_DIR });
  await seedIfEmpty(database.db, { users: 30, entries: 120, seed: 42 });
  const url = await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  return { ...nugget, url };
}

/** The first column article the 专栏 list links to. */
async function firstArticle(site: string): Promise<string> {
  const html = await (await fetch(`${site}/zhuanlan/all`)).text();
  const id = /href="\/post\/([0-9a-zA-Z]{24})"/.exec(html)?.[1];
  if (!id) throw new Error("no article link on /zhuanlan/all: is the database seeded?");
  return `/post/${id}`;
}

async function audit(url: string, port: number): Promise<{ scores: Scores; failing: string[] }> {
  // No config: Lighthouse's default is the mobile preset (Moto G Power, slow 4G, 4x CPU).
  const result = await lighthouse(url, {
    port,
    logLevel: "error",
    output: "json",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_JSON=dir keeps each full report for a closer look.
  if (process.env.LIGHTHOUSE_JSON) {
    fs.mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_") || "_";
    fs.writeFileSync(path.join(process.env.LIGHTHOUSE_JSON, `${name}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Scores;
  // The audits that cost points, so a low score says where to look.
  const failing = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9)
      .map(
        (a) =>
          `${id}: ${a.id} (${Math.round((a.score ?? 0) * 100)})${a.displayValue ? ` ${a.displayValue}` : ""}`,
      ),
  );
  return { scores, failing };
}

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    throw new Error(`no build in ${BUILD_DIR}: run npm run build first`);
  }
  const site = await startSite();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const rows: { page: string; path: string; scores: Scores; failing: string[] }[] = [];
  try {
    const pages = [
      { page: "首页", path: "/" },
      { page: "发现", path: "/explore/all" },
      { page: "文章", path: await firstArticle(site.url) },
    ];
    for (const page of pages) {
      // One warm-up request: the first SSR of a route pays for module loading, not the page.
      await fetch(site.url + page.path).then((r) => r.text());
      // Lighthouse's own advice: scores vary from run to run, so take the median of several.
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(site.url + page.path, chrome.port));
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const { scores, failing } = runs[Math.floor(runs.length / 2)];
      rows.push({ ...page, scores, failing });
      console.log(`${page.page} ${page.path}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}`);
      for (const line of failing) console.log(`    ${line}`);
    }
  } finally {
    chrome.kill();
    await site.app.close();
  }

  const table = [
    "# Lighthouse (mobile preset)",
    "",
    `${new Date().toISOString()} — Lighthouse ${lighthouseVersion()}, ${CHROME_PATH}, production build on loopback; the median of ${RUNS} runs a page (by performance).`,
    "",
    `| page | path | ${CATEGORIES.join(" | ")} |`,
    `|---|---|${CATEGORIES.map(() => "---").join("|")}|`,
    ...rows.map(
      (r) => `| ${r.page} | ${r.path} | ${CATEGORIES.map((c) => String(r.scores[c])).join(" | ")} |`,
    ),
    "",
  ].join("\n");
  fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
  fs.writeFileSync(RESULTS, table);
  console.log(`\nwritten to ${path.relative(process.cwd(), RESULTS)}`);

  const low = rows.flatMap((r) =>
    (["performance", "accessibility"] as const)
      .filter((c) => r.scores[c] < MIN_SCORE)
      .map((c) => `${r.page} ${r.path}: ${c} ${r.scores[c]} < ${MIN_SCORE}`),
  );
  if (low.length > 0) {
    console.error(`\n低于 ${MIN_SCORE} 分:\n${low.join("\n")}`);
    process.exitCode = 1;
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve("node_modules/lighthouse/package.json"), "utf8"));
  return pkg.version as string;
}

await main();
