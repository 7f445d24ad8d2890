import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import type { NuggetApp } from "../../server/app.ts";
import type { Config } from "../../server/config.ts";
import { testApp } from "./app.ts";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const BUILD_DIR = path.resolve(process.env.NUGGET_BUILD_DIR ?? "build");
/** Browser tests need Debian's Chromium and the client build (npm test builds first). */
export const browserTestsCan =
  fs.existsSync(CHROMIUM) && fs.existsSync(path.join(BUILD_DIR, "server/index.js"))
    ? null
    : `needs ${CHROMIUM} and ${BUILD_DIR} (apt-get install chromium fonts-noto-cjk; npm run build)`;
export const SCREENSHOTS = path.resolve("test-results/screenshots");

// Flags that work on this machine kind: no sandbox as root, no background traffic to a closed network.
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
}

/** The whole site (API + SSR) listening on a free loopback port. */
export async function startSite(overrides: Partial<Config> = {}): Promise<NuggetApp & { url: string }> {
  const nugget = await testApp({ ...overrides }, BUILD_DIR);
  const address = await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return { ...nugget, url: address };
}
