import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import {
  AnswerBody,
  AttenderPage,
  AttenderQuery,
  CreateVoteBody,
  VoteIdParams,
  VoteState,
} from "./schema.ts";
import { POINTER_FORMS_NOTE } from "../../lib/keyset.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const tags = ["votes"];
const STATE_NOTE =
  "d 为 {entryId, options: [{id, title, votesCount, percent}], total, answer}；answer 为调用者的 {id, optionId, content}，未投票或未登录为 null。";

/** Votes of spec §7: create, state, answer once, and get_attender. */
export function voteRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (app) => {
    const votes = services.votes;

    app.post(
      "/votes",
      route({
        tags,
        summary: "发起投票",
        description: `需要登录。创建 type 为 vote 的条目及其选项。字段不合法返回 400，d.field 指明字段。${STATE_NOTE}`,
        body: CreateVoteBody,
        response: okResponse(VoteState),
      }),
      async (req) => ok(await votes.create(req.body, req.caller)),
    );
    app.get(
      "/votes/:entryId",
      route({
        cache: false,
        tags,
        summary: "投票结果",
        description: `${STATE_NOTE} 投票不存在或已删除返回 404。`,
        params: VoteIdParams,
        response: okResponse(VoteState),
      }),
      async (req) => ok(await votes.state(req.params.entryId, req.caller)),
    );
    app.post(
      "/votes/:entryId/answer",
      route({
        tags,
        summary: "投票",
        description: `需要登录；每人只能投一次，重复投票返回 409；选项不属于该投票返回 400（d.field 为 optionId）；投票不存在返回 404。${STATE_NOTE}`,
        params: VoteIdParams,
        body: AnswerBody,
        response: okResponse(VoteState),
      }),
      async (req) => ok(await votes.answer(req.params.entryId, req.body, req.caller)),
    );
    app.get(
      "/get_attender",
      route({
        cache: false,
        tags,
        summary: "投票参与者",
        description:
          "最新在前，按 (createdAt, id) 的 pointer 翻页：把上一页的 pointer 作为 before 传回。d 为 {list, pointer, canNext}；list 每项为 {id, user, optionId, optionTitle, content, createdAt, link}。" +
          POINTER_FORMS_NOTE,
        querystring: AttenderQuery,
        response: okResponse(AttenderPage),
      }),
      async (req) => ok(await votes.attenders(req.query, req.caller)),
    );
  };
}
