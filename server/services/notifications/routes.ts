import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { PostSystemBody, SystemNotificationQuery, UserNotificationQuery } from "./schema.ts";

const tags = ["notifications"];
const LOGIN = "需要登录，未登录返回 401。";
const COUNTS = "d 为 {user, system, total}：用户通知、系统通知的未读数与合计。";
const PAGE =
  "最新在前，按最后一项的 (创建时间, id) 翻页：把上一页的 pointer 传回。d 为 {list, pointer, canNext}；pointer 格式不正确返回 400。";

/** Notifications of spec §7. */
export function notificationRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const notifications = services.notifications;

    app.get(
      "/getUserNotificationNum",
      { schema: { tags, summary: "未读通知数", description: LOGIN + COUNTS } },
      async (req) => ok(await notifications.counts(req.caller)),
    );
    for (const method of ["post", "put"] as const) {
      app[method](
        "/setUserNotificationNum",
        {
          schema: {
            tags,
            summary: "用户通知全部标为已读",
            description: LOGIN + "之后的未读数：" + COUNTS,
          },
        },
        async (req) => ok(await notifications.readAll(req.caller)),
      );
      app[method](
        "/checkAllSystemNotification",
        {
          schema: {
            tags,
            summary: "系统通知全部标为已读",
            description: LOGIN + "之后的未读数：" + COUNTS,
          },
        },
        async (req) => ok(await notifications.readAllSystem(req.caller)),
      );
    }
    app.get(
      "/getUserNotification",
      {
        schema: {
          tags,
          summary: "用户通知列表",
          description:
            LOGIN +
            PAGE +
            "翻页参数为 before。list 每项为 {id, type (like|comment|reply|follow|submitEntry), users（发起者公开资料）, entry {id, title, type}, comment, reply {id, content（截断）, firstCommentId, deleted}, submitEntry, content, check, createdAt, updatedAt}。",
          querystring: UserNotificationQuery,
        },
      },
      async (req) => ok(await notifications.list(req.query, req.caller)),
    );
    app.get(
      "/getUnreadSystemNotificationNum",
      { schema: { tags, summary: "未读系统通知数", description: LOGIN + "d 为 {count}。" } },
      async (req) => ok(await notifications.unreadSystem(req.caller)),
    );
    app.get(
      "/getSystemNotification",
      {
        schema: {
          tags,
          summary: "系统通知列表",
          description: LOGIN + PAGE + "翻页参数为 pointer。list 每项为 {id, message, date, check}。",
          querystring: SystemNotificationQuery,
        },
      },
      async (req) => ok(await notifications.system(req.query, req.caller)),
    );
    app.post(
      "/systemNotification",
      {
        schema: {
          tags,
          summary: "发布系统通知（管理员）",
          description:
            "规格未给出发布系统通知的调用，这里补上：仅管理员（role admin），其他已登录用户 403，未登录 401。" +
            "通知发给所有用户（包括之后注册的用户），每人的未读系统通知数加一。d 为 {id}。",
          body: PostSystemBody,
        },
        config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      },
      async (req) => ok(await notifications.postSystem(req.body.message, req.caller)),
    );
  };
}
