import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { TRACKING } from "../../lib/rate-limits.ts";
import {
  CollectorQuery,
  GenSuidQuery,
  IncrementAnswer,
  IncrementBody,
  LogQuery,
  PunchQuery,
  Recorded,
  Suid,
} from "./schema.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["tracking"];
const NOTE =
  "事件先进内存队列，约每秒（或每 200 条）批量写入，调用从不等待数据库；写入失败只记日志。" +
  "事件记在会话用户名下（未登录为空）：查询里的 uid 与会话不一致时不采用。d 为 {recorded, uid}。" +
  "参数不合法返回 400，d.field 指出参数。";

/** Tracking of spec §7: log, collector, punch, gen_suid. GET, so a page can fire them as beacons. */
export function trackingRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const tracking = services.tracking;
    tracking.useLogger(app.log);
    // Beacons only record: a suspended account's pages keep sending them (session.ts suspendedMayCall).
    // The limit is counted per address, and told at the end of every description (route()).
    const beacon = { limit: TRACKING, config: { suspendedMayCall: true } };

    app.get(
      "/log",
      route({
        cache: false,
        tags,
        summary: "记录一次行为",
        description: NOTE,
        querystring: LogQuery,
        response: okResponse(Recorded),
        ...beacon,
      }),
      async (req) => ok(tracking.log(req.query, req.caller)),
    );
    app.get(
      "/collector",
      route({
        cache: false,
        tags,
        summary: "记录文章曝光（每个 id 一条 impression）",
        description: NOTE,
        querystring: CollectorQuery,
        response: okResponse(Recorded),
        ...beacon,
      }),
      async (req) => ok(tracking.collector(req.query, req.caller)),
    );
    app.get(
      "/punch",
      route({
        cache: false,
        tags,
        summary: "打点（sub_location 记入 category）",
        description: NOTE,
        querystring: PunchQuery,
        response: okResponse(Recorded),
        ...beacon,
      }),
      async (req) => ok(tracking.punch(req.query, req.caller)),
    );
    app.post(
      "/increment",
      route({
        tags,
        summary: "收藏集统计上报（+1 / -1）",
        description:
          "规格 §7 的统计调用（表单或 JSON：num 为 1 或 -1，event 为 csNum、csFollow 或 csPost，csId，src）。" +
          "收藏集的条目数与关注数由服务端在写入条目/关注的同一事务里维护，这个调用不会改动它们" +
          "（否则任何人都能刷数），只记为一条统计事件（action increment）。收藏集不存在返回 404。" +
          "本站网页在服务端确认后上报：收进/移出收藏集为 csNum，关注/取消关注为 csFollow，新建收藏集为 csPost（+1）。" +
          "d 为 {recorded, uid, csId, entryCount, followerCount}：后两者为服务端的真实计数。",
        body: IncrementBody,
        response: okResponse(IncrementAnswer),
        ...beacon,
      }),
      async (req) => {
        const set = await services.collections.info(req.body.csId, req.caller);
        return ok({
          ...tracking.increment(req.body, req.caller),
          csId: set.id,
          entryCount: set.entryCount,
          followerCount: set.followerCount,
        });
      },
    );
    app.get(
      "/gen_suid",
      route({
        cache: false,
        tags,
        summary: "生成浏览器标识 suid",
        description: "d 为 {suid}：22 个字符的随机 base64url 串，服务器不保存；浏览器按 src 缓存。",
        querystring: GenSuidQuery,
        response: okResponse(Suid),
        ...beacon,
      }),
      async () => ok(tracking.genSuid()),
    );
  };
}
