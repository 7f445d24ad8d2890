/**
 * JavaScript budget of the pages people land on: the home page and an article must each
 * load at most 120 KB of gzipped JavaScript before any interaction. size-limit needs Node 22, so this
 * reads React Router's own client manifest (build/client/assets/manifest-*.js), which lists exactly
 * the modules a document preloads: the client entry, root and the matched route, with their static
 * imports. Chunks loaded later through import() (dialogs, highlight.js languages) are not counted.
 *
 *   node --import tsx scripts/bundle-budget.ts [buildDir]     (NUGGET_BUILD_DIR, else "build")
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

export interface ClientManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
}

export interface PageBudget {
  name: string;
  /** The leaf route's id; its parents (root, layouts) are added from the manifest. */
  route: string;
  /** gzip bytes */
  budget: number;
}

export const KB = 1024;

/**
 * Issue 8 asks for 120 KB on both, and both fit (home ~119.2 KB, article ~118.0 KB). React DOM
 * (entry.client, ~65 KB) and React Router (~39 KB of the shell) alone are ~104 KB, so what is left
 * is small: whatever a page does not need for its first render loads later, through import() (the
 * dialogs, a logged-in reader's header, the comment thread near the viewport: app/lib/deferred.tsx).
 */
export const TARGET = 120 * KB;
export const PAGES: PageBudget[] = [
  { name: "首页 /", route: "index", budget: TARGET },
  { name: "文章 /post/:id", route: "routes/column/post", budget: TARGET },
];

export interface PageSize {
  name: string;
  budget: number;
  /** asset URL → gzip bytes, in load order */
  files: Map<string, number>;
  total: number;
}

export function readClientManifest(buildDir: string): ClientManifest {
  const assets = path.join(buildDir, "client/assets");
  // The newest one: a build directory outside the project is not emptied between builds.
  const file = fs
    .readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => path.join(assets, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!file) throw new Error(`no manifest-*.js in ${assets}: build first (npx react-router build)`);
  const text = fs.readFileSync(file, "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json) as ClientManifest;
}

/** Every module URL the document of `routeId` preloads: entry, then each route from root down. */
export function pageModules(manifest: ClientManifest, routeId: string): string[] {
  const chain = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route "${id}" is not in the client manifest`);
    chain.unshift(route);
  }
  const urls = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of chain) {
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls].filter((url) => url.endsWith(".js"));
}

export function measurePage(
  manifest: ClientManifest,
  page: PageBudget,
  sizeOf: (url: string) => number,
): PageSize {
  const files = new Map(pageModules(manifest, page.route).map((url) => [url, sizeOf(url)] as const));
  const total = [...files.values()].reduce((sum, n) => sum + n, 0);
  return { name: page.name, budget: page.budget, files, total };
}

/** The pages over their budget, as messages; empty when every page fits. */
export function overBudget(sizes: PageSize[]): string[] {
  return sizes
    .filter((page) => page.total > page.budget)
    .map((page) => `${page.name}: ${kb(page.total)} gzip > budget ${kb(page.budget)}`);
}

export function gzipSizer(buildDir: string): (url: string) => number {
  const cache = new Map<string, number>();
  return (url) => {
    let size = cache.get(url);
    if (size === undefined) {
      const bytes = fs.readFileSync(path.join(buildDir, "client", url));
      size = zlib.gzipSync(bytes, { level: 9 }).length;
      cache.set(url, size);
    }
    return size;
  };
}

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

export function report(sizes: PageSize[], verbose = false): string {
  const lines: string[] = [];
  for (const page of sizes) {
    const mark = page.total > page.budget ? "超出" : "ok";
    lines.push(`${page.name.padEnd(18)} ${kb(page.total).padStart(10)} / ${kb(page.budget)}  ${mark}`);
    if (verbose) {
      const rows = [...page.files].sort((a, b) => b[1] - a[1]);
      for (const [url, size] of rows) lines.push(`    ${kb(size).padStart(9)}  ${url}`);
    }
  }
  return lines.join("\n");
}

function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const buildDir = path.resolve(
    args.find((arg) => !arg.startsWith("--")) ?? process.env.NUGGET_BUILD_DIR ?? "build",
  );
  const manifest = readClientManifest(buildDir);
  const sizer = gzipSizer(buildDir);
  const sizes = PAGES.map((page) => measurePage(manifest, page, sizer));
  console.log(`JavaScript (gzip) each page preloads — ${buildDir}`);
  console.log(report(sizes, verbose));
  const failures = overBudget(sizes);
  if (failures.length > 0) {
    console.error(`\n超出预算:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
