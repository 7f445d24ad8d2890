import { Type } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { Nullable, PointerPage, PublicUser, Timestamp } from "../../lib/response.ts";

export const VoteIdParams = Type.Object({ entryId: hexId("投票条目 id") });

/** Shapes only; the rules (lengths, counts, distinct options) live in votes.ts and name their field. */
export const CreateVoteBody = Type.Object({
  title: Type.Optional(Type.String({ description: "标题，1–100 字" })),
  content: Type.Optional(Type.String({ description: "描述，最多 1000 字" })),
  category: Type.Optional(Type.String({ description: "分类名（如 frontend）或 id" })),
  options: Type.Optional(Type.Array(Type.String(), { description: "2–10 个不重复的选项，每个 1–50 字" })),
  tags: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: "标签 id，最多 5 个，用 | 连接或为数组（同 entryPublish）",
    }),
  ),
});

export const AnswerBody = Type.Object({
  optionId: Type.Optional(Type.String({ description: "所选选项 id" })),
  content: Type.Optional(Type.String({ description: "理由，最多 200 字" })),
});

export const AttenderQuery = Type.Object({
  entryId: hexId("投票条目 id"),
  before: Type.Optional(Type.String({ maxLength: 80, description: "上一页最后一项的 pointer" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

/** A vote's state (votes.ts VoteState): options with counts, the total, the caller's answer. */
export const VoteState = Type.Object({
  entryId: Type.String(),
  options: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      votesCount: Type.Number(),
      // A share with one decimal: Number, since an integer type would cut it off.
      percent: Type.Number({ description: "占全部投票的百分比，一位小数；没人投票时为 0" }),
    }),
  ),
  total: Type.Number(),
  answer: Nullable(
    Type.Object(
      { id: Type.String(), optionId: Type.String(), content: Type.String() },
      { description: "调用者的投票；未投票或未登录为 null" },
    ),
  ),
});

/** get_attender: who voted, newest first. */
export const AttenderPage = PointerPage(
  Type.Object({
    id: Type.String(),
    user: PublicUser,
    optionId: Type.String(),
    optionTitle: Type.String(),
    content: Type.String(),
    createdAt: Timestamp,
    link: Type.String({ description: "/entry/{entryId}/detail/answer/{id}" }),
  }),
);
