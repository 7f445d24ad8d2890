import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { NuggetApp } from "../../app.ts";
import { testApp, uniqueIp } from "../../../tests/support/app.ts";
import { call, registerByEmail } from "../../../tests/support/client.ts";
import { openUnreadStream, type OpenStream } from "../../../tests/support/event-stream.ts";
import { makeEntry } from "../../../tests/support/factories.ts";

// What an open event stream keeps (10,000 of them an instance, bench/sse.ts): once it has
// started, only its raw response, not Fastify's request and reply with the session's viewer row,
// the request logger and the plugins' decorations. Node's own gc, so the proof runs as tests do.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

let site: NuggetApp & { url: string };
const held: { request: WeakRef<FastifyRequest>; reply: WeakRef<FastifyReply> }[] = [];
const opened: OpenStream[] = [];

beforeAll(async () => {
  const nugget = await testApp();
  // Weak references only: the test must not be what keeps them.
  nugget.app.addHook("onRequest", async (request, reply) => {
    if (request.url === "/api/notifications/stream") {
      held.push({ request: new WeakRef(request), reply: new WeakRef(reply) });
    }
  });
  site = { ...nugget, url: await nugget.app.listen({ port: 0, host: "127.0.0.1" }) };
});
afterAll(async () => {
  opened.forEach((s) => s.close());
  await site?.app.close();
  await site?.database.close();
});

/** Collects garbage until `gone` holds (a WeakRef is cleared only between jobs), or gives up. */
async function collectedUntil(gone: () => boolean) {
  for (let i = 0; i < 20 && !gone(); i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return gone();
}

describe("an open event stream", () => {
  it("lets its request and reply be collected, and still pushes each change", async () => {
    const viewer = (await registerByEmail(site)).auth;
    const fan = (await registerByEmail(site)).auth;
    const entry = await makeEntry(site.database.db, viewer.uid);
    const s = await openUnreadStream(site.url, viewer);
    opened.push(s);
    expect((await s.next()).user).toBe(0);
    const mine = held.at(-1)!;

    expect(await collectedUntil(() => !mine.request.deref() && !mine.reply.deref())).toBe(true);
    expect(site.services.notifications.liveStreams()).toBe(1);

    const liked = await call(site.app, "PUT", `/api/user/like/entry/${entry.id}`, {
      auth: fan,
      ip: uniqueIp(),
    });
    expect(liked.status).toBe(200);
    let e = await s.next();
    while (e.user !== 1) e = await s.next();
    expect(e).toMatchObject({ user: 1, total: 1 + e.system });
  });

  it("sends only its own headers; the route's other answers keep the page headers", async () => {
    const viewer = (await registerByEmail(site)).auth;
    const s = await openUnreadStream(site.url, viewer);
    opened.push(s);
    expect(s.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(s.response.headers.get("x-frame-options")).toBeNull();

    const refused = await fetch(`${site.url}/api/notifications/stream`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
