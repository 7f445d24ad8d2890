import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import { MAX_STREAMS_PER_USER } from "./live.ts";
import type { Services } from "../index.ts";
import { Type } from "@sinclair/typebox";
import {
  CountStream,
  NotificationPage,
  PostSystemBody,
  SystemNotificationPage,
  SystemNotificationQuery,
  UnreadCounts,
  UserNotificationQuery,
} from "./schema.ts";
import { SYSTEM_NOTICES } from "../../lib/rate-limits.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";
import { NEEDS_LOGIN_BRIEF } from "../../lib/route-notes.ts";

const tags = ["notifications"];
const COUNTS = "d 为 {user, system, total}：用户通知、系统通知的未读数与合计。";
const PAGE =
  "最新在前，按最后一项的 (创建时间, id) 翻页：把上一页的 pointer 传回。d 为 {list, pointer, canNext}。" +
  POINTER_FORMS_NOTE;

/**
 * Lets go of all but the raw response of an event stream that has started (10,000 open
 * streams an instance). Fastify keeps a hijacked reply's request and reply alive until the response
 * finishes, through its finish/error listeners, for the onResponse hooks and the request log: with
 * them the session's viewer row, the request logger, the cookies and each plugin's decorations,
 * ~4 KB a stream for as long as the page stays open. None of it serves a stream (the metrics hook
 * skips event streams; the log line would come at the shutdown that ends it), so those listeners
 * go. The request's headers go too: read already, and a browser's (cookie, user agent, client
 * hints…) are 1–2 KB. stream-memory.test.ts proves the request and reply are collected while the
 * stream stays open and still pushes.
 */
function releaseRequest(req: IncomingMessage, res: ServerResponse) {
  for (const event of ["finish", "error"] as const) {
    for (const listener of res.listeners(event)) {
      if (listener.name === "onResFinished") res.removeListener(event, listener as () => void);
    }
  }
  req.headers = {};
  req.rawHeaders = [];
}

/** Notifications of spec §7. */
export function notificationRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const notifications = services.notifications;

    app.get(
      "/getUserNotificationNum",
      route({
        cache: false,
        tags,
        summary: "未读通知数",
        description: NEEDS_LOGIN_BRIEF + COUNTS,
        response: okResponse(UnreadCounts),
      }),
      async (req) => ok(await notifications.counts(req.caller)),
    );
    // Marking all read, user and system notifications alike: both answer the counts after.
    const markAllNote = NEEDS_LOGIN_BRIEF + "之后的未读数：" + COUNTS;
    for (const method of ["post", "put"] as const) {
      for (const [path, summary, markAll] of [
        ["/setUserNotificationNum", "用户通知全部标为已读", notifications.readAll],
        ["/checkAllSystemNotification", "系统通知全部标为已读", notifications.readAllSystem],
      ] as const) {
        app[method](
          path,
          route({ tags, summary, description: markAllNote, response: okResponse(UnreadCounts) }),
          async (req) => ok(await markAll(req.caller)),
        );
      }
    }
    app.get(
      "/getUserNotification",
      route({
        cache: false,
        tags,
        summary: "用户通知列表",
        description:
          NEEDS_LOGIN_BRIEF +
          PAGE +
          "翻页参数为 before。list 每项为 {id, type (like|comment|reply|follow|submitEntry|moderation：举报处理结果与审核通知，无发起者，content 为整句), users（发起者公开资料）, entry {id, title, type}, comment, reply {id, content（截断）, firstCommentId, deleted}, submitEntry, content, check, createdAt, updatedAt}。" +
          "粉丝很多的作者（FAN_OUT_ON_READ_FOLLOWERS）发布的新内容不为每位粉丝写通知，读时合并进列表：这类 submitEntry 通知的 id 即条目 id，" +
          "createdAt 为发布时间，check 表示在上次「全部已读」之前发布；只有关注早于发布的粉丝看得到，条目删除后随即消失。",
        querystring: UserNotificationQuery,
        response: okResponse(NotificationPage),
      }),
      async (req) => ok(await notifications.list(req.query, req.caller)),
    );
    app.get(
      "/notifications/stream",
      {
        config: { pageCache: false },
        schema: {
          tags,
          summary: "未读数实时推送（Server-Sent Events）",
          description:
            NEEDS_LOGIN_BRIEF +
            "响应为 text/event-stream（不压缩、不缓存，可长时间保持）。连接后先推送一次当前未读数，之后每当未读数变化" +
            "（收到新通知、在任一设备上标为已读、管理员发布系统通知）推送一次，同一用户最多每 250 ms 一次，" +
            "数值不变则不推送。事件格式：`event: counts`，`data` 为 {user, system, total}（与 getUserNotificationNum 的 d 相同）。" +
            "每 25 秒发送一行注释 `: ping` 以免代理断开；`retry: 3000` 让浏览器断线 3 秒后重连。" +
            `同一账号在每个实例上最多保持 ${MAX_STREAMS_PER_USER} 条，再打开一条时最早的一条先收到 \`event: replaced\` 随即关闭（收到后不应重连）。` +
            "多实例部署时，任一实例写入的通知都会推送到用户连接所在的实例（Redis 发布订阅，无 Redis 时为 PostgreSQL LISTEN/NOTIFY）。",
          response: { 200: CountStream },
        },
        // Belt and braces: the stream is written to the socket itself, past every onSend hook.
        compress: false,
        // The page headers (frame options, opener policy…) mean nothing to an event stream, and
        // set on the response they would stay with it for as long as it lasts: the stream sends
        // only its own. Every other answer of this route (the 401 envelope…) still gets them.
        helmet: false,
        onSend: async (_req, reply, payload) => {
          // Null when an earlier onRequest hook failed before helmet's ran: no headers then, as before.
          if (reply.helmet) reply.helmet();
          return payload;
        },
      },
      async (req, reply) => {
        const start = notifications.stream(req.caller); // 401 here, as an envelope
        reply.hijack();
        const res = reply.raw;
        // All at once, so that the response keeps only their text (set one by one, Node keeps
        // each header for getHeader as well).
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          "x-content-type-options": "nosniff",
          // nginx would otherwise buffer the events until its buffer fills.
          "x-accel-buffering": "no",
          connection: "keep-alive",
        });
        res.flushHeaders();
        releaseRequest(req.raw, res);
        // The response itself is the sink: a push needs nothing else of this request.
        const stop = start(res);
        res.on("close", stop);
        // A write that fails later ends the stream; without a listener its error would throw.
        res.on("error", stop);
      },
    );
    app.get(
      "/getUnreadSystemNotificationNum",
      route({
        cache: false,
        tags,
        summary: "未读系统通知数",
        description: NEEDS_LOGIN_BRIEF + "d 为 {count}。",
        response: okResponse(Type.Object({ count: Type.Number() })),
      }),
      async (req) => ok(await notifications.unreadSystem(req.caller)),
    );
    app.get(
      "/getSystemNotification",
      route({
        cache: false,
        tags,
        summary: "系统通知列表",
        description:
          NEEDS_LOGIN_BRIEF + PAGE + "翻页参数为 pointer。list 每项为 {id, message, date, check}。",
        querystring: SystemNotificationQuery,
        response: okResponse(SystemNotificationPage),
      }),
      async (req) => ok(await notifications.system(req.query, req.caller)),
    );
    app.post(
      "/systemNotification",
      route({
        tags,
        summary: "发布系统通知（管理员）",
        description:
          "规格未给出发布系统通知的调用，这里补上：仅管理员（role admin），其他已登录用户 403，未登录 401。" +
          "通知发给所有用户（包括之后注册的用户），每人的未读系统通知数加一。d 为 {id}。",
        body: PostSystemBody,
        config: { rateLimit: SYSTEM_NOTICES },
        response: okResponse(Type.Object({ id: Type.String() })),
      }),
      async (req) => ok(await notifications.postSystem(req.body.message, req.caller)),
    );
  };
}
