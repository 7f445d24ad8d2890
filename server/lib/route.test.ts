import { describe, expect, it } from "vitest";
import { Type } from "@sinclair/typebox";
import Fastify from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { route, toggle } from "./route.ts";
import { ORDERS, TRACKING, limitNote } from "./rate-limits.ts";

const body = Type.Object({ id: Type.String() });

describe("route()", () => {
  it("is the schema alone when there is no limit or config", () => {
    expect(route({ tags: ["t"], summary: "s", description: "d", body })).toEqual({
      schema: { tags: ["t"], summary: "s", description: "d", body },
    });
  });

  it("counts a limit and tells it: config.rateLimit, and limitNote after the description", () => {
    expect(route({ tags: ["t"], summary: "s", description: "需要登录。", body, limit: ORDERS })).toEqual({
      schema: { tags: ["t"], summary: "s", description: "需要登录。" + limitNote(ORDERS), body },
      config: { rateLimit: ORDERS },
    });
  });

  it("tells a limit on a route without a description, and keeps the rest of its config", () => {
    expect(route({ summary: "s", limit: TRACKING, config: { suspendedMayCall: true } })).toEqual({
      schema: { summary: "s", description: limitNote(TRACKING) },
      config: { suspendedMayCall: true, rateLimit: TRACKING },
    });
  });

  it("passes config through untouched without a limit", () => {
    expect(route({ summary: "s", config: { suspendedMayCall: true } })).toEqual({
      schema: { summary: "s" },
      config: { suspendedMayCall: true },
    });
  });
});

describe("toggle()", () => {
  it("declares PUT (on) and DELETE (off) on one URL with one schema but their own summaries", async () => {
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    const seen: { method: string; schema: unknown }[] = [];
    app.addHook("onRoute", (r) => void seen.push({ method: String(r.method), schema: r.schema }));
    const params = Type.Object({ id: Type.String() });
    const response = { 200: Type.Object({ on: Type.Boolean(), id: Type.String() }) };
    toggle(
      app,
      "/x/:id",
      { tags: ["t"], on: "开", off: "关", description: "d", params, response },
      async (on, { id }) => ({
        on,
        id,
      }),
    );
    expect(seen).toEqual([
      { method: "PUT", schema: { tags: ["t"], summary: "开", description: "d", params, response } },
      { method: "DELETE", schema: { tags: ["t"], summary: "关", description: "d", params, response } },
    ]);
    const put = await app.inject({ method: "PUT", url: "/x/a" });
    const del = await app.inject({ method: "DELETE", url: "/x/b" });
    expect([put.json(), del.json()]).toEqual([
      { on: true, id: "a" },
      { on: false, id: "b" },
    ]);
    await app.close();
  });
});
