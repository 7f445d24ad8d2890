import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { Type } from "@sinclair/typebox";
import {
  Banner,
  BannerCreateBody,
  BannerListQuery,
  BannerPage,
  BannerParams,
  BannerUpdateBody,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { ADMIN_ONLY } from "../../lib/route-notes.ts";

const tags = ["banners"];

/** Banner of spec §7 (get_banner) and the operators' management calls. */
export function bannerRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const banners = services.banners;

    app.get(
      "/get_banner",
      route({
        cache: { life: "api" },
        tags,
        summary: "当前展示的横幅",
        description:
          "启用且在起止时间内（未设置则不限）的横幅，按 order 升序；page 从 0 开始，pageSize 最多 20。" +
          "d 为 {list: [{id, position, title, imageUrl, url, order, active, startedAt, endedAt}], canNext}。",
        querystring: BannerListQuery,
        response: okResponse(BannerPage),
      }),
      async (req) => ok(await banners.list(req.query)),
    );

    app.get(
      "/banners",
      route({
        cache: false,
        tags,
        summary: "全部横幅（含停用、过期）",
        description: ADMIN_ONLY,
        response: okResponse(Type.Array(Banner)),
      }),
      async (req) => ok(await banners.all(req.caller)),
    );
    app.post(
      "/banners",
      route({
        tags,
        summary: "新建横幅",
        description: ADMIN_ONLY,
        body: BannerCreateBody,
        response: okResponse(Banner),
      }),
      async (req) => ok(await banners.create(req.body, req.caller)),
    );
    app.put(
      "/banners/:id",
      route({
        tags,
        summary: "修改横幅（只改传入的字段）",
        description: ADMIN_ONLY + "横幅不存在返回 404。",
        params: BannerParams,
        body: BannerUpdateBody,
        response: okResponse(Banner),
      }),
      async (req) => ok(await banners.update(req.params.id, req.body, req.caller)),
    );
    app.delete(
      "/banners/:id",
      route({
        tags,
        summary: "删除横幅",
        description: ADMIN_ONLY + "横幅不存在返回 404。",
        params: BannerParams,
        response: okResponse(Type.Object({ id: Type.String() })),
      }),
      async (req) => ok(await banners.remove(req.params.id, req.caller)),
    );
  };
}
