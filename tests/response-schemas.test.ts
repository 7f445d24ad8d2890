import { describe, expect, it } from "vitest";
import type { NuggetApp } from "../server/app.ts";
import { useTestApp } from "./support/app.ts";
import { openApiPaths } from "./support/client.ts";

/**
 * Every /api call declares its success answer (server/lib/response.ts okResponse): the OpenAPI
 * document shows it, and Fastify writes the answer with the serializer compiled from it.
 */

/**
 * Calls whose answer schema is still to be written, by OpenAPI tag (all their operations) or by
 * "METHOD path" (a folder sharing a tag with a finished one). Empty when every call declares one.
 */
const PENDING_TAGS = new Set([
  "collections",
  "comments",
  "entries",
  "follow",
  "likes",
  "pins",
  "search",
  "tags",
  "users",
  "account",
  "auth",
  "banners",
  "blocks",
  "booklets",
  "invites",
  "jobs",
  "mailpush",
  "moderation",
  "notifications",
  "oauth",
  "posts",
  "repos",
  "syndication",
  "tracking",
  "votes",
  "wallet",
]);
const PENDING_OPERATIONS = new Set([
  "POST /api/entryPublish",
  "POST /api/entryUpdate",
  "POST /api/entryDel",
  "DELETE /api/entryDel",
  "GET /api/getEntry",
  "GET /api/get_entry_by_url",
]);

type Operation = { tags?: string[]; responses?: Record<string, unknown> };

let nugget: NuggetApp;
useTestApp((n) => (nugget = n));

describe("response schemas", () => {
  it("every /api operation declares its 200 answer", async () => {
    const paths = (await openApiPaths(nugget.app)) as Record<string, Record<string, Operation>>;
    const missing: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      if (!path.startsWith("/api/")) continue;
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (PENDING_OPERATIONS.has(name) || (op.tags ?? []).some((t) => PENDING_TAGS.has(t))) continue;
        checked++;
        if (!op.responses?.["200"]) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
