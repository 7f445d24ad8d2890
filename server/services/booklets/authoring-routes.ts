import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import { ok } from "../../plugins/envelope.ts";
import { okResponse } from "../../lib/response.ts";
import type { Services } from "../index.ts";
import {
  BOOKLET_SHAPE,
  BOOKLET_TAGS as tags,
  SECTION_SHAPE,
  Booklet,
  BookletIdParams,
  BookletSales,
  BookletIdQuery,
  DraftBody,
  EditBookletBody,
  EditSectionBody,
  NewBookletBody,
  NewSectionBody,
  Section,
  SectionIdParams,
  SectionOrderBody,
} from "./schema.ts";

/**
 * Writing booklets (the author's side, used by the booklet editor /editor/book/{id}/section): new
 * booklets and their fields, sections (add, edit, reorder, delete), the draft flag and the sales
 * figures. Every call is the author's or an admin's; the service decides (authoring.ts).
 */
export function bookletAuthoringRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const booklets = services.booklets;

    app.post(
      "/booklets",
      {
        schema: {
          tags,
          summary: "新建小册",
          description:
            "仅小册作者（isXiaoceAuthor，否则 403）。新小册是草稿；price 单位为分（0 为免费）；category 为分类名。" +
            BOOKLET_SHAPE,
          body: NewBookletBody,
          response: okResponse(Booklet),
        },
      },
      async (req) => ok(await booklets.create(req.body, req.caller)),
    );

    app.put(
      "/booklets/:id",
      {
        schema: {
          tags,
          summary: "修改小册",
          description: "作者或管理员（否则 403）。只改给出的字段；改价只影响之后的订单。",
          params: BookletIdParams,
          body: EditBookletBody,
          response: okResponse(Booklet),
        },
      },
      async (req) => ok(await booklets.update(req.params.id, req.body, req.caller)),
    );

    app.post(
      "/booklets/:id/sections",
      {
        schema: {
          tags,
          summary: "新增章节",
          description:
            "作者或管理员。content 为 Markdown（最多 100000 字），阅读时渲染并净化。不给 order 时排在最后。",
          params: BookletIdParams,
          body: NewSectionBody,
          response: okResponse(Section),
        },
      },
      async (req) => ok(await booklets.addSection(req.params.id, req.body, req.caller)),
    );

    app.put(
      "/booklets/sections/:sectionId",
      {
        schema: {
          tags,
          summary: "修改章节",
          description: "作者或管理员。只改给出的字段。",
          params: SectionIdParams,
          body: EditSectionBody,
          response: okResponse(Section),
        },
      },
      async (req) => ok(await booklets.updateSection(req.params.sectionId, req.body, req.caller)),
    );

    app.put(
      "/booklets/isDraft",
      {
        schema: {
          tags,
          summary: "上架 / 下架（草稿标记）",
          description:
            "作者或管理员。isDraft false 为上架（至少一个章节，否则 400），true 为下架（已有人购买则 409）。作者的 bookletCount 随之变化。",
          body: DraftBody,
          response: okResponse(Booklet),
        },
      },
      async (req) => ok(await booklets.setDraft(req.body.bookletId, req.body.isDraft, req.caller)),
    );

    app.put(
      "/booklets/:id/sections/order",
      {
        schema: {
          tags,
          summary: "调整章节顺序",
          description:
            "作者或管理员（否则 403；别人的草稿 404）。sectionIds 必须恰好是该小册的全部章节、每个一次，" +
            "否则 400（field 为 sectionIds）。d 为按新顺序排列的章节数组。" +
            SECTION_SHAPE,
          params: BookletIdParams,
          body: SectionOrderBody,
          response: okResponse(Type.Array(Section)),
        },
      },
      async (req) => ok(await booklets.reorderSections(req.params.id, req.body.sectionIds, req.caller)),
    );

    app.delete(
      "/booklets/sections/:sectionId",
      {
        schema: {
          tags,
          summary: "删除章节",
          description:
            "作者或管理员（否则 403）。已上架的小册至少保留一个章节（否则 400）。作者的 sectionsCount 随之变化。d 为 {id}。",
          params: SectionIdParams,
          response: okResponse(Type.Object({ id: Type.String() })),
        },
      },
      async (req) => ok(await booklets.deleteSection(req.params.sectionId, req.caller)),
    );

    app.get(
      "/booklets/sales",
      {
        config: { pageCache: false },
        schema: {
          tags,
          summary: "小册销售情况",
          description:
            "仅作者和管理员（否则 403；别人的草稿 404）。d 为 {buyCount（已售份数）, revenue（读者支付总额，分）, " +
            "income（作者钱包里这些订单的收入，分）}。",
          querystring: BookletIdQuery,
          response: okResponse(BookletSales),
        },
      },
      async (req) => ok(await booklets.sales(req.query.bookletId, req.caller)),
    );
  };
}
