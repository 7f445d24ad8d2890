import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { FeedQuery } from "./schema.ts";

const tags = ["entries"];
const FEED_NOTE =
  "d 为 {list, pointer, canNext}。pointer 取自最后一项（§4）：按排序值与 id 组成，传回 before 得到下一页；新条目到来时翻页不重复、不遗漏。";

/** Entries and timeline calls of spec §7 (the rest of the service arrives with the content issue). */
export function entryRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get("/categories", { schema: { tags, summary: "九个固定分类" } }, async () =>
      ok(await services.entries.categories()),
    );
    app.get(
      "/get_entry_by_rank",
      {
        schema: {
          tags,
          summary: "热门（popular，按 rankIndex）",
          description: FEED_NOTE,
          querystring: FeedQuery,
        },
      },
      async (req) =>
        ok(
          await services.entries.feed(
            { ...req.query, sort: "popular", pointer: req.query.before },
            req.caller,
          ),
        ),
    );
    app.get(
      "/get_entry_by_timeline",
      {
        schema: {
          tags,
          summary: "最新（newest，按 createdAt）",
          description: FEED_NOTE,
          querystring: FeedQuery,
        },
      },
      async (req) =>
        ok(
          await services.entries.feed(
            { ...req.query, sort: "newest", pointer: req.query.before },
            req.caller,
          ),
        ),
    );
    app.get(
      "/get_entry_by_hot",
      {
        schema: {
          tags,
          summary: "热榜（hottest，按 hotIndex）",
          description: FEED_NOTE,
          querystring: FeedQuery,
        },
      },
      async (req) =>
        ok(
          await services.entries.feed(
            { ...req.query, sort: "hottest", pointer: req.query.before },
            req.caller,
          ),
        ),
    );
  };
}
