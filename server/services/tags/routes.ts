import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";

const TagListParams = Type.Object({
  type: Type.Union([Type.Literal("hot"), Type.Literal("new")], {
    description: "hot 按关注数，new 按创建时间",
  }),
  page: Type.Integer({ minimum: 1, maximum: 10000, description: "页码，从 1 开始" }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100 }),
});

/** Tags service of spec §7 (the rest — search, subscribe, tag pages — comes with the content issue). */
export function tagRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/tags/type/:type/page/:page/pageSize/:pageSize",
      { schema: { tags: ["tags"], summary: "热门或最新标签", params: TagListParams } },
      async (req) => ok(await services.tags.list(req.params, req.caller)),
    );
  };
}
