import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/support/app.ts";
import type { NuggetApp } from "../app.ts";
import { closeOnSignals, shutdown } from "./drain.ts";

// The SIGTERM drain of one instance, in process (tests/multi-instance.test.ts shows it behind nginx
// with real processes on PostgreSQL). A test route holds a request open as long as the test wants.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

let nugget: NuggetApp | undefined;
afterEach(async () => {
  if (nugget && !nugget.app.server.listening) await nugget.database.close();
  else if (nugget) {
    await nugget.app.close();
    await nugget.database.close();
  }
  nugget = undefined;
});

/** An app listening on a free port, with GET /test/slow?ms= that answers after that long. */
async function listening(): Promise<{ url: string; app: NuggetApp }> {
  nugget = await testApp();
  nugget.app.get("/test/slow", async (req) => {
    await sleep(Number((req.query as { ms?: string }).ms ?? 0));
    return { s: 1, m: "ok", d: null };
  });
  await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${(nugget.app.server.address() as AddressInfo).port}`, app: nugget };
}

/** A GET on a connection of its own (fetch would pool them), answering status, headers and body. */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("draining for a shutdown", () => {
  it("says 503 on /readyz and closes connections while it waits, lets requests in flight finish, then refuses", async () => {
    const { url, app } = await listening();
    expect((await get(`${url}/readyz`)).status).toBe(200);
    const inFlight = get(`${url}/test/slow?ms=600`);
    await sleep(50);

    const closed = shutdown(app.app, app.drain, { delayMs: 300, timeoutMs: 5000, log: quiet });
    const ready = await get(`${url}/readyz`);
    expect([ready.status, JSON.parse(ready.body).d]).toEqual([503, { draining: true }]);
    expect(ready.headers.connection).toBe("close");
    // Still serving during the delay: a balancer that has not noticed yet loses nothing.
    const during = await get(`${url}/healthz`);
    expect([during.status, during.headers.connection]).toEqual([200, "close"]);

    expect(await closed).toBe(0);
    const finished = await inFlight;
    expect([finished.status, JSON.parse(finished.body).m]).toEqual([200, "ok"]);
    // The listener is gone: a balancer's new connection is refused, which it retries elsewhere.
    await expect(get(`${url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("cuts requests still open after the timeout and answers exit code 1", async () => {
    const { url, app } = await listening();
    const stuck = get(`${url}/test/slow?ms=30000`).then(
      () => "answered",
      () => "cut",
    );
    await sleep(50);
    const started = Date.now();
    expect(await shutdown(app.app, app.drain, { delayMs: 0, timeoutMs: 300, log: quiet })).toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await stuck).toBe("cut");
  });

  it("exits 0 after the first signal's drain, and at once on a second signal", async () => {
    const { url, app } = await listening();
    const codes: number[] = [];
    const remove = closeOnSignals(app.app, app.drain, {
      delayMs: 0,
      timeoutMs: 5000,
      log: quiet,
      exit: (code) => codes.push(code),
    });
    try {
      const inFlight = get(`${url}/test/slow?ms=400`);
      await sleep(50);
      process.emit("SIGTERM");
      await sleep(50);
      expect(codes).toEqual([]);
      process.emit("SIGTERM");
      expect(codes).toEqual([143]);
      expect((await inFlight).status).toBe(200);
      while (codes.length < 2) await sleep(20);
      expect(codes).toEqual([143, 0]);
    } finally {
      remove();
    }
  });
});
