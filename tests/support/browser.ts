import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Response,
} from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import type { NuggetApp } from "../../server/app.ts";
import type { Config } from "../../server/config.ts";
import { users } from "../../db/schema/index.ts";
import { BUILD_DIR, built, testApp, uniqueEmail, uniqueIp, uniqueUsername } from "./app.ts";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Browser tests need Debian's Chromium and the client build (npm test builds first). */
export const browserTestsCan =
  fs.existsSync(CHROMIUM) && built
    ? null
    : `needs ${CHROMIUM} and ${BUILD_DIR} (apt-get install chromium fonts-noto-cjk; npm run build)`;
/** `describe` for a browser test file: skipped, saying why, where browserTestsCan says it cannot run. */
export const describeInBrowser = describe.skipIf(browserTestsCan !== null);
export const SCREENSHOTS = path.resolve("test-results/screenshots");

/** Saves `page` (the viewport, or with `fullPage` all of it) as SCREENSHOTS/`name`.png. */
export const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });

// Flags that work on this machine kind: no sandbox as root, no background traffic to a closed network.
// scripts/lighthouse.ts launches with the same ones.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

/**
 * The whole site (API + SSR) listening on a free loopback port. It trusts X-Forwarded-For so the
 * test's own API calls can each come from their own address: every browser test registers people,
 * and with Redis the registration limit per address is shared by all test files of a run.
 */
export async function startSite(overrides: Partial<Config> = {}): Promise<Site> {
  const nugget = await testApp({ trustProxy: true, ...overrides }, BUILD_DIR);
  const address = await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return { ...nugget, url: address };
}

export type Site = NuggetApp & { url: string };

/** What a browser test file works with, from useBrowserSite: its site and Chromium once they are up. */
export interface BrowserSite {
  site: Site;
  browser: Browser;
  /** Page errors (and console errors, where asked) of everyone `person` and `visitor` opened. */
  errors: string[];
  /**
   * signedInPerson on this site, reporting to `errors` (or the test's own list); `grant` is written
   * to their users row, as an admin would grant it; with `open`, their page then opens that path.
   */
  person: (opts?: PersonOptions & { grant?: Grant; errors?: string[]; open?: string }) => Promise<Person>;
  /** visitorPage, reporting to `errors` (or the test's own list). */
  visitor: (opts?: VisitorOptions & { errors?: string[] }) => Promise<Page>;
  /** Opens the site's `path` in `page` and waits for the network to go idle; answers the response. */
  open: (page: Page, path: string) => Promise<Response | null>;
  /**
   * A link `who` shares through the API (POST /api/entryPublish): an article in the frontend
   * category at an address of its own, unless `fields` say otherwise; answers its entryId.
   */
  share: (
    who: Pick<Person, "headers">,
    fields: { title: string } & Record<string, unknown>,
  ) => Promise<{ entryId: string }>;
  /** apiAs on this site. */
  api: <T = any>(
    who: Pick<Person, "headers">,
    method: string,
    url: string,
    body?: unknown,
    accept?: number[],
  ) => Promise<T>;
}

/** What an admin grants a person (a role, booklet authorship, a wallet); the tests write it directly. */
type Grant = Partial<Pick<typeof users.$inferInsert, "role" | "isXiaoceAuthor" | "hasWalletAccess">>;

/**
 * The preamble of a browser test file: one site (startSite with `overrides`, or what the function
 * answers when they must be made first, such as a directory) and one Chromium for the whole
 * describe block, closed after it — `const web = useBrowserSite()`; `web.site` and `web.browser`
 * are there from the first beforeAll on. Vitest runs hooks in the order they were registered and
 * after-hooks in reverse, so the file's own beforeAll (people, seed data) runs once the site is up
 * and its own afterAll (contexts, rows it leaves behind) before the site closes. With `tempUploads`
 * the site stores uploads in a directory of its own, made when the site starts (not when the file
 * is collected, skipped or not) and removed once it has closed.
 */
export function useBrowserSite(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  { tempUploads = false }: { tempUploads?: boolean } = {},
): BrowserSite {
  let uploadDir: string | undefined;
  const web: BrowserSite = {
    // Set in beforeAll, before any test or the file's own hooks read them.
    site: undefined as unknown as Site,
    browser: undefined as unknown as Browser,
    errors: [],
    person: async ({ grant, errors = web.errors, open, ...opts } = {}) => {
      const person = await signedInPerson(web.site, web.browser, errors, opts);
      if (grant) await web.site.database.db.update(users).set(grant).where(eq(users.id, person.id));
      if (open !== undefined) await web.open(person.page, open);
      return person;
    },
    open: (page, path) => page.goto(`${web.site.url}${path}`, { waitUntil: "networkidle" }),
    visitor: ({ errors = web.errors, ...opts } = {}) => visitorPage(web.browser, errors, opts),
    share: (who, fields) =>
      apiAs(web.site, who, "POST", "/api/entryPublish", {
        originalUrl: `https://example.com/articles/${randomBytes(6).toString("hex")}`,
        type: "article",
        content: "一篇讲前端性能优化的文章。",
        category: "frontend",
        ...fields,
      }),
    api: (who, method, url, body, accept) => apiAs(web.site, who, method, url, body, accept),
  };
  beforeAll(async () => {
    const config = typeof overrides === "function" ? overrides() : overrides;
    if (tempUploads) uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-e2e-uploads-"));
    web.site = await startSite(uploadDir ? { ...config, uploadDir } : config);
    web.browser = await launchBrowser();
  });
  afterAll(async () => {
    await web.browser?.close();
    await web.site?.app.close();
    await web.site?.database.close();
    if (uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
  });
  return web;
}

/**
 * A and B of the two-person walks (one acts, the other watches or answers), signed in on `web`'s
 * site in a beforeAll after the site's: `const people = useTwoPeople(web)`, then `people.a` and
 * `people.b` from the file's own hooks and tests on.
 */
export function useTwoPeople(web: BrowserSite): { a: Person; b: Person } {
  // Set in beforeAll, before any test reads them.
  const people = {} as { a: Person; b: Person };
  beforeAll(async () => {
    people.a = await web.person();
    people.b = await web.person();
  });
  return people;
}

interface VisitorOptions {
  width?: number;
  colorScheme?: "light" | "dark";
}

/**
 * A page for someone not logged in, from an address of its own (the site trusts X-Forwarded-For,
 * see startSite) so per-address limits and "seen" records are theirs alone. Page and console errors
 * go to `errors`, as with signedInPerson's `consoleErrors`.
 */
async function visitorPage(
  browser: Browser,
  errors: string[],
  { width = 1280, colorScheme }: VisitorOptions,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    colorScheme,
    extraHTTPHeaders: { "x-forwarded-for": uniqueIp() },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  return page;
}

/** A test user with a browser page that carries their session cookie, and API headers. */
export interface Person {
  id: string;
  username: string;
  /** The auth triple as headers, plus the JSON content type, for `apiAs`. */
  headers: Record<string, string>;
  context: BrowserContext;
  page: Page;
}

interface PersonOptions {
  width?: number;
  height?: number;
  consoleErrors?: boolean;
}

/**
 * Registers a new account through the API (from its own forwarded address, see startSite) and
 * opens a page logged in as it. Page errors — and, with `consoleErrors`, console errors such as
 * hydration mismatches — are pushed to `errors`, which the test checks at its end.
 */
async function signedInPerson(
  site: { url: string },
  browser: Browser,
  errors: string[],
  opts: PersonOptions = {},
): Promise<Person> {
  const username = uniqueUsername();
  const res = await fetch(`${site.url}/api/v1/createUser`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp() },
    body: JSON.stringify({ username, email: uniqueEmail(), password: "secret-pass-1" }),
  });
  const { s, m, d } = (await res.json()) as {
    s: number;
    m: string;
    d: { token: string; clientId: string; user: { id: string } };
  };
  if (s !== 1) throw new Error(`register failed: ${res.status} ${s} ${m}`);
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
  });
  await context.addCookies([{ name: "nugget_session", value: d.token, url: site.url }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  waitForHydrationOnGoto(page);
  page.on("pageerror", (e) => errors.push(String(e)));
  if (opts.consoleErrors) {
    page.on("console", (msg) => {
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
        errors.push(msg.text());
    });
  }
  return {
    id: d.user.id,
    username,
    headers: { uid: d.user.id, client: d.clientId, token: d.token, "content-type": "application/json" },
    context,
    page,
  };
}

/**
 * Makes `page.goto` of an HTML page return once React has hydrated it (root.tsx marks <html>), not
 * at "load": until then a click on a menu button is lost, and on a loaded CI machine the gap between
 * the network going idle and hydration can be seconds.
 */
export function waitForHydrationOnGoto(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (res?.headers()["content-type"]?.startsWith("text/html")) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    return res;
  };
}

/** A JSON API call as `who`; answers `d`, or throws with the message unless `s` is one of `accept`. */
async function apiAs<T = any>(
  site: { url: string },
  who: Pick<Person, "headers">,
  method: string,
  url: string,
  body?: unknown,
  accept: number[] = [1],
): Promise<T> {
  const res = await fetch(site.url + url, {
    method,
    headers: who.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { s: number; m: string; d: T };
  if (!accept.includes(json.s)) throw new Error(`${method} ${url}: ${json.s} ${json.m}`);
  return json.d;
}

/** How much wider than its viewport the page is: 0 or less when nothing sticks out sideways. */
export const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The alt texts of the images `images` finds, in page order (which banners are shown). */
export const altTexts = (images: Locator) =>
  images.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt")));

/** Chooses `file` in the file `input` and waits for its upload (POST /api/upload) to be answered OK. */
export async function uploadFile(input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [response] = await Promise.all([
    input.page().waitForResponse((r) => r.url().endsWith("/api/upload") && r.ok()),
    input.setInputFiles([file]),
  ]);
  return response;
}

/**
 * Logs out through `avatar`'s menu, confirming in the dialog, and waits for the reload it makes
 * (or the next step races it: a goto aborts, a dialog opens in the old page) and the header's 登录.
 */
export async function logOut(page: Page, avatar: Locator) {
  await avatar.click();
  await page.getByRole("menuitem", { name: "登出" }).click();
  await Promise.all([
    page.waitForEvent("load"),
    page.getByRole("alertdialog").getByRole("button", { name: "登出" }).click(),
  ]);
  await page.locator("header").getByRole("button", { name: "登录" }).waitFor({ timeout: 15_000 });
}
