import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { requireCsrfForCookieGet } from "../../plugins/session.ts";
import type { Services } from "../index.ts";
import { MailStatus, SubscribeInput } from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const response = okResponse(MailStatus);

const tags = ["mailpush"];
const NOTE =
  "需要登录（401）。d 为 {follow, article, week}（布尔）；从未设置过的用户为默认值 follow false、article true、week true。" +
  "成功时 s = 1（与其他接口相同，不使用旧客户端的 s = 2）。";
const SUBSCRIBE_NOTE = `${NOTE}type 只能是 follow、article、week，否则 400（d.field = type）；check 为 true 或 false。返回修改后的全部状态。`;

/** Mail push of spec §7: GET getStatus.php, subscribe.php (GET with query, POST with query or body). */
export function mailPushRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const mailpush = services.mailpush;

    app.get(
      "/getStatus.php",
      route({ cache: false, tags, summary: "邮件推送设置", description: NOTE, response }),
      async (req) => ok(await mailpush.status(req.caller)),
    );

    app.get(
      "/subscribe.php",
      {
        ...route({
          cache: false,
          tags,
          summary: "打开或关闭一项邮件推送",
          description: SUBSCRIBE_NOTE,
          querystring: SubscribeInput,
          response,
        }),
        preHandler: requireCsrfForCookieGet,
      },
      async (req) => ok(await mailpush.subscribe(req.query, req.caller)),
    );

    // POST takes the body; an old client that put type/check in the query string is accepted too.
    app.post(
      "/subscribe.php",
      {
        schema: {
          tags,
          summary: "打开或关闭一项邮件推送",
          description: SUBSCRIBE_NOTE,
          body: SubscribeInput,
          response,
        },
        preValidation: async (req) => {
          if (req.body == null || (typeof req.body === "object" && Object.keys(req.body).length === 0)) {
            req.body = { ...(req.query as object) } as SubscribeInput;
          }
        },
      },
      async (req) => ok(await mailpush.subscribe(req.body, req.caller)),
    );
  };
}
