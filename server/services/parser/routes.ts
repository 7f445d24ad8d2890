import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { PageInfoData, PageInfoQuery } from "./schema.ts";
import { PAGE_INFO } from "../../lib/rate-limits.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

/** Each call is an outbound fetch on the user's behalf: limited per user, not per address. */
export const PAGE_INFO_RATE = PAGE_INFO;

/** Parser of spec §7: GET /api/page/info?url. */
export function parserRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      "/page/info",
      route({
        cache: false,
        tags: ["parser"],
        summary: "读取网页的标题、描述和封面图（分享用）",
        description:
          "需要登录（401）。只读取公网地址的 http(s) 网页：域名解析出的任何地址是内网、本机、链路本地或保留地址都会拒绝，" +
          "每次重定向（最多 5 次）都重新检查；总时长 8 秒，正文最多 2 MB，只读 text/html。" +
          "链接格式错误或被拒绝返回 400，网页读取失败（域名不存在、连接失败、超时、错误状态、不是网页）返回 422，d.field 均为 url。" +
          `每个用户每分钟最多 ${PAGE_INFO_RATE.max} 次（429）。`,
        querystring: PageInfoQuery,
        response: okResponse(PageInfoData),
        config: { rateLimit: PAGE_INFO },
      }),
      async (req) => ok(await services.parser.pageInfo(req.query.url, req.caller)),
    );
  };
}
