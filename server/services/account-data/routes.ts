import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ACCOUNT_CLOSINGS, DATA_EXPORTS, EXPORT_DOWNLOADS } from "../../lib/rate-limits.ts";
import { ok } from "../../plugins/envelope.ts";
import { clearSessionCookie } from "../../plugins/session.ts";
import type { Config } from "../../config.ts";
import type { Services } from "../index.ts";
import {
  DeletionBody,
  DeletionRequested,
  DownloadQuery,
  ExportFile,
  ExportParams,
  ExportState,
  ExportStatus,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["account"];
const needsLogin = "需要登录（未登录返回 401）。";

/** 「下载我的数据」 and 「注销账号」: not part of spec §7. */
export function accountDataRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  return async (app) => {
    const data = services.accountData;

    app.get(
      "/account/exports",
      route({
        cache: false,
        tags,
        summary: "我的数据导出的状态",
        description:
          needsLogin +
          "d.export：最近一次导出 {id, state, requestedAt, expiresAt, downloadUrl}，没有时为 null。" +
          "state：pending 请求中，ready 可下载（至 expiresAt），expired 已过期，failed 失败。",
        response: okResponse(ExportState),
      }),
      async (req) => ok(await data.status(req.caller)),
    );

    app.post(
      "/account/exports",
      route({
        tags,
        summary: "请求导出我的数据",
        description:
          needsLogin +
          "后台任务打包个人资料、文章（Markdown）、分享、评论、沸点、赞、收藏集、关注、订单和账单为 ZIP，" +
          "完成后发邮件和通知，链接 7 天内有效。同一时间只能有一个进行中的导出（否则 409）。",
        limit: DATA_EXPORTS,
        response: okResponse(ExportStatus),
      }),
      async (req) => ok(await data.requestExport(req.caller)),
    );

    app.get(
      "/account/exports/:id/download",
      route({
        cache: false,
        tags,
        summary: "下载导出的 ZIP",
        description:
          "本人登录后可下载，或使用邮件链接中的 token。他人 403，未登录且无 token 401，未完成 404，" +
          "过期 410。成功时响应为 application/zip 文件，不是 JSON 信封。",
        params: ExportParams,
        querystring: DownloadQuery,
        limit: EXPORT_DOWNLOADS,
        response: { 200: ExportFile },
      }),
      async (req, reply) => {
        const file = await data.download(req.params.id, req.query.token, req.caller);
        return reply
          .header("content-type", "application/zip")
          .header("content-length", String(file.size))
          .header("content-disposition", `attachment; filename="${file.filename}"`)
          .header("cache-control", "private, no-store")
          .send(file.body);
      },
    );

    app.post(
      "/account/deletion",
      route({
        tags,
        summary: "注销账号",
        description:
          needsLogin +
          "需要当前密码（password），没有密码的账号用发到绑定手机号的短信验证码（smsCode，先以 useType close 发送）；" +
          "错误返回 400（d.field 为 password）或 10017（验证码错误）。钱包须已结清：有余额或处理中的提现返回 400（d.field 为 wallet）。" +
          "成功后所有登录会话结束，14 天内重新登录即撤销注销；之后个人资料被清除，内容按 content 删除或署名为「已注销用户」。" +
          "d：{eraseAfter, content}。",
        body: DeletionBody,
        limit: ACCOUNT_CLOSINGS,
        response: okResponse(DeletionRequested),
      }),
      async (req, reply) => {
        const result = await data.requestDeletion(req.body, req.caller);
        // The session is gone: the browser's cookie goes too.
        clearSessionCookie(reply, config);
        return ok(result);
      },
    );
  };
}
