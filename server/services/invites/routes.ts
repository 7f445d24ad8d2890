import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { INVITES_PER_DAY } from "../../../shared/invite-rules.ts";
import { AvailableCode, PostCodeBody, SenderParams, SentInvitation } from "./schema.ts";
import { INVITES } from "../../lib/rate-limits.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["invites"];
// Spec §7 says the old client read invitation data "at code 2"; Nugget has one envelope, so
// success is s = 1 here as everywhere (see README.md beside this file).
const ENVELOPE_NOTE = "成功时 s = 1（与其他接口相同，不使用旧客户端的 s = 2）。";
const AUTH_NOTE = "需要登录（401）；uid 必须是当前用户，否则 403；uid 格式不对 400（d.field = uid）。";

/** Invites of spec §7: GET /sender/{uid}/availableCode, POST /sender/{uid}/postCode. */
export function inviteRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const invites = services.invites;

    app.get(
      "/sender/:uid/availableCode",
      route({
        cache: false,
        tags,
        summary: "我的邀请码与邀请数",
        description:
          AUTH_NOTE +
          "d 为 {code, link, inviteCount, acceptedCount, sentToday, dailyLimit}：code 是可反复分享的邀请码（首次请求时生成），" +
          "link 是带 ?invite= 的注册链接，inviteCount 是已发出的邀请邮件数，acceptedCount 是已被使用的邀请码数。" +
          ENVELOPE_NOTE,
        params: SenderParams,
        response: okResponse(AvailableCode),
      }),
      async (req) => ok(await invites.availableCode(req.params.uid, req.caller)),
    );

    app.post(
      "/sender/:uid/postCode",
      route({
        tags,
        summary: "发送邀请邮件",
        description:
          AUTH_NOTE +
          "receiverName 去空白后 1–20 个字符，receiverEmail 为邮箱；不合法时 400，d.field 指出字段。" +
          `邮箱已注册返回 409（d.field = receiverEmail）；24 小时内最多 ${INVITES_PER_DAY} 封，超出 429；邮件发送失败 502。` +
          "d 为 {code, receiverName, receiverEmail, createdAt, inviteCount, sentToday, dailyLimit}。" +
          ENVELOPE_NOTE,
        params: SenderParams,
        body: PostCodeBody,
        // A burst guard per user in front of the daily limit the service counts from its rows.
        config: { rateLimit: INVITES },
        response: okResponse(SentInvitation),
      }),
      async (req) => ok(await invites.postCode(req.params.uid, req.body, req.caller)),
    );
  };
}
