import { request as httpRequest, type ClientRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { BUILD_DIR, built, testApp } from "./support/app.ts";
import { testConfig } from "./support/test-config.ts";
import { waitFor } from "./support/wait.ts";

// Renders whose readers left (server/ssr.ts): one still waiting for its turn is not rendered, and a
// shutdown lets one already running finish before it closes what the render uses. The feed's loader
// is held at a gate the test opens, so "waiting" and "running" are states, not timings.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let nugget: NuggetApp | undefined;
afterEach(async () => {
  if (nugget?.app.server.listening) await nugget.app.close();
  await nugget?.database.close();
  nugget = undefined;
});

/** The app on a socket, one render at a time, with the entries feed counted and held at a gate. */
async function gatedApp() {
  nugget = await testApp(
    { ssrConcurrency: 1, pageCache: { ...testConfig().pageCache, enabled: false } },
    BUILD_DIR,
  );
  const entries = nugget.services.entries;
  const feed = entries.feed.bind(entries);
  const gate = { open: () => {}, calls: 0, finished: [] as number[] };
  let opened: Promise<void> = new Promise<void>((resolve) => (gate.open = resolve));
  entries.feed = (async (...args: Parameters<typeof feed>) => {
    gate.calls++;
    await opened;
    const page = await feed(...args);
    gate.finished.push(Date.now());
    return page;
  }) as typeof feed;
  await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = nugget.app.server.address() as AddressInfo;
  /** A GET on a connection of its own, which the test may cut. */
  const open = (path: string): ClientRequest => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent: false });
    req.on("error", () => undefined);
    req.on("response", (res) => res.resume());
    req.end();
    return req;
  };
  return { app: nugget, gate, open, reopen: () => (opened = Promise.resolve()) };
}

describe.skipIf(!built)("renders whose readers left", () => {
  it("does not render a page whose reader left while it waited for its turn", async () => {
    const { gate, open, reopen } = await gatedApp();
    const first = open("/explore/all");
    await waitFor("the first render", async () => (gate.calls === 1 ? true : undefined));
    // One render at a time: this one waits behind the first, then its reader hangs up.
    const second = open("/explore/all?sort=newest");
    await sleep(100);
    second.destroy();
    await sleep(50);
    reopen();
    gate.open();
    await waitFor("the first render's end", async () => (gate.finished.length === 1 ? true : undefined));
    await sleep(200);
    expect(gate.calls).toBe(1);
    first.destroy();
  });

  it("lets a render whose reader left finish before the shutdown closes what it uses", async () => {
    const { app, gate, open } = await gatedApp();
    const req = open("/explore/all");
    await waitFor("the first render", async () => (gate.calls === 1 ? true : undefined));
    // Its reader gone, no connection holds the server open any more: only the render does.
    req.destroy();
    await sleep(50);
    setTimeout(() => gate.open(), 300);
    await app.app.close();
    const closedAt = Date.now();
    expect(gate.finished).toHaveLength(1);
    expect(gate.finished[0]).toBeLessThanOrEqual(closedAt);
  });
});
