import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { REPORTS } from "../../lib/rate-limits.ts";
import { AUTO_HIDE_REPORTERS } from "../../../shared/report-rules.ts";
import type { Services } from "../index.ts";
import { LOG_PAGE_SIZE, QUEUE_PAGE_SIZE } from "./moderation.ts";
import {
  AuditPage,
  CaseParams,
  CasePage,
  DecideBody,
  Decision,
  LiftedSuspension,
  PageQuery,
  ReportAnswer,
  ReportBody,
  UserParams,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["moderation"];
const STAFF = "仅管理员和编辑：未登录 401，其他用户 403。参数不合法返回 400，d.field 指出参数。";

/** Reporting and the moderators' queue; not part of spec §7. */
export function moderationRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const moderation = services.moderation;

    app.post(
      "/reports",
      route({
        tags,
        summary: "举报内容或用户",
        description:
          "需要登录（401）。每人对同一对象只有一条未处理的举报：再次举报会更新原因和说明，仍返回成功，d.updated 为 true。" +
          "不能举报自己或自己的内容（400）；对象不存在或已删除 404。" +
          `同一对象有 ${AUTO_HIDE_REPORTERS} 位不同用户举报时，分享、文章、投票、沸点和评论会先被隐藏等待审核（d.hidden 为 true）。` +
          "d 为 {reportId, updated, hidden}。",
        body: ReportBody,
        limit: REPORTS,
        response: okResponse(ReportAnswer),
      }),
      async (req) => ok(await moderation.report(req.body, req.caller)),
    );

    app.get(
      "/admin/reports",
      route({
        cache: false,
        tags,
        summary: "举报队列：按对象归并，最早的在前",
        description:
          STAFF +
          `每页 ${QUEUE_PAGE_SIZE} 行，每行一个被举报对象：{id, targetType, targetId, href, excerpt, author, reporterCount（不同举报人数）, ` +
          "reasons, autoFlag（links：新账号多链接内容；reports：多人举报；空：仅举报）, hidden, openedAt（最早一次举报的时间）, reports（前几条举报的原因和说明）}；" +
          "d.pointer / d.canNext 取下一页。",
        querystring: PageQuery,
        response: okResponse(CasePage),
      }),
      async (req) => ok(await moderation.queue(req.query, req.caller)),
    );

    app.post(
      "/admin/reports/:id/decide",
      route({
        tags,
        summary: "处理一个被举报对象",
        description:
          STAFF +
          "action：hide 隐藏（分享、文章、投票和沸点仅作者和管理员、编辑可见；评论连同回复从讨论中隐去）、delete 删除（仅管理员）、dismiss 驳回（内容不变；" +
          "若已被自动隐藏则恢复公开）、warn 警告作者、suspend 暂停作者到 until（仅管理员）。" +
          "任何处理都会关闭该对象的全部举报，通知举报人（「你举报的内容已处理」或「经审核未违规」）和作者，并记入审核日志。" +
          "已处理或不存在 404。d 为 {caseId, action, closedReports}。",
        params: CaseParams,
        body: DecideBody,
        response: okResponse(Decision),
      }),
      async (req) => ok(await moderation.decide(req.params.id, req.body, req.caller)),
    );

    app.delete(
      "/admin/users/:id/suspension",
      route({
        tags,
        summary: "提前解除暂停",
        description:
          "仅管理员（未登录 401，其他 403）。账号没有被暂停 400。记入审核日志并通知该用户。d 为 {userId, suspended: false}。",
        params: UserParams,
        response: okResponse(LiftedSuspension),
      }),
      async (req) => ok(await moderation.liftSuspension(req.params.id, req.caller)),
    );

    app.get(
      "/admin/audit",
      route({
        cache: false,
        tags,
        summary: "审核日志：最新的在前",
        description:
          STAFF +
          `每页 ${LOG_PAGE_SIZE} 条：{id, actor（自动处理时为 null）, action（hide、delete、dismiss、warn、suspend、unsuspend、auto_hide）, ` +
          "targetType, targetId, reason, createdAt}；d.pointer / d.canNext 取下一页。",
        querystring: PageQuery,
        response: okResponse(AuditPage),
      }),
      async (req) => ok(await moderation.auditLog(req.query, req.caller)),
    );
  };
}
