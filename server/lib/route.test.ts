import { describe, expect, it } from "vitest";
import { Type } from "@sinclair/typebox";
import { route } from "./route.ts";
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
