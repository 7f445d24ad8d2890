import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { Type } from "@sinclair/typebox";
import { JobListQuery, JobOverview, JobRetryBody, TROUBLED_PAGE_SIZE } from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { ADMIN_ONLY } from "../../lib/route-notes.ts";

const tags = ["jobs"];

/** The admins' job queue calls: not part of spec §7, an operators' tool behind /admin/jobs. */
export function jobRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const jobs = services.jobs;

    app.get(
      "/admin/jobs",
      route({
        cache: false,
        tags,
        summary: "后台任务：各队列数量与失败的任务",
        description:
          ADMIN_ONLY +
          "d.queues：[{queue, states: {created, retry, active, completed, failed…: 数量}}]；" +
          `d.troubled：最近出错的任务（最终失败的，和出错后等待重试的），新的在前，每页 ${TROUBLED_PAGE_SIZE} 个，` +
          "[{id, queue, state, retryCount, retryLimit, createdOn, failedOn, error, data}]；" +
          "d.pointer / d.canNext 取下一页。失败的任务保留 14 天，之后归档。",
        querystring: JobListQuery,
        response: okResponse(JobOverview),
      }),
      async (req) => ok(await jobs.overview(req.query, req.caller)),
    );

    app.post(
      "/admin/jobs/retry",
      route({
        tags,
        summary: "重试一个失败的任务",
        description:
          ADMIN_ONLY +
          "只有 state 为 failed 的任务可以重试，否则返回 404。任务回到队列，稍后由任意实例执行。",
        body: JobRetryBody,
        response: okResponse(Type.Object({ id: Type.String() })),
      }),
      async (req) => ok(await jobs.retry(req.body, req.caller)),
    );
  };
}
