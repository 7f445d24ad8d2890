import { Type, type Static } from "@sinclair/typebox";
import { hexId, idParams } from "../../lib/route.ts";
import { Nullable, PointerPage, Timestamp } from "../../lib/response.ts";
import {
  DECISIONS,
  DECISION_REASON_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  REPORT_TEXT_MAX,
} from "../../../shared/report-rules.ts";

const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

export const ReportBody = Type.Object({
  targetType: oneOf(
    REPORT_TARGETS,
    "举报对象：entry（分享、投票、专栏文章）、comment、pin、collection（收藏集）、user",
  ),
  targetId: hexId("对象的 id（24 位十六进制）"),
  reason: Type.String({
    maxLength: 16,
    description: `原因：${REPORT_REASONS.join("、")}（垃圾广告、辱骂攻击、抄袭、违法违规、其他）`,
  }),
  text: Type.Optional(
    Type.String({
      maxLength: REPORT_TEXT_MAX * 2,
      description: `说明，最多 ${REPORT_TEXT_MAX} 字；原因为 other 时必填`,
    }),
  ),
});
export type ReportBody = Static<typeof ReportBody>;

const pointer = Type.Optional(
  Type.String({ maxLength: 80, description: "上一页返回的 pointer（时间_id）；不传为第一页" }),
);
export const PageQuery = Type.Object({ pointer });
export type PageQuery = Static<typeof PageQuery>;

export const CaseParams = idParams("队列中一行（一个被举报对象）的 id");
export const UserParams = idParams("用户 id");

export const DecideBody = Type.Object({
  action: oneOf(DECISIONS, "hide 隐藏、delete 删除、dismiss 驳回、warn 警告作者、suspend 暂停作者"),
  reason: Type.Optional(
    Type.String({
      maxLength: DECISION_REASON_MAX * 2,
      description: `理由，最多 ${DECISION_REASON_MAX} 字；warn、suspend 必填，作者会看到`,
    }),
  ),
  until: Type.Optional(
    Type.String({ format: "date-time", description: "suspend：暂停到何时（ISO 时间，须在将来）" }),
  ),
});
export type DecideBody = Static<typeof DecideBody>;

// ---------------------------------------------------------------- answers (present.ts)

export const ReportAnswer = Type.Object({
  reportId: Type.String(),
  updated: Type.Boolean({ description: "更新了自己对同一对象未处理的举报" }),
  hidden: Type.Boolean({ description: "对象已被隐藏等待审核" }),
});

const Person = Nullable(
  Type.Object({ id: Type.String(), username: Type.String(), avatarLarge: Type.String() }),
);

/** One row of the queue: a reported target with its reports gathered (presentCase). */
export const CasePage = PointerPage(
  Type.Object({
    id: Type.String(),
    targetType: Type.String(),
    targetId: Type.String(),
    href: Type.String(),
    excerpt: Type.String(),
    author: Person,
    reporterCount: Type.Number(),
    reasons: Type.Array(Type.String()),
    autoFlag: Type.String({ description: "links、reports，或空（仅举报）" }),
    hidden: Type.Boolean(),
    openedAt: Timestamp,
    reports: Type.Array(Type.Object({ reason: Type.String(), text: Type.String(), createdAt: Timestamp })),
  }),
);

export const Decision = Type.Object({
  caseId: Type.String(),
  action: Type.Unsafe<(typeof DECISIONS)[number]>(Type.String({ enum: [...DECISIONS] })),
  closedReports: Type.Number(),
  changedVisibility: Type.Boolean({ description: "对象的可见性因此改变（隐藏，或驳回时恢复公开）" }),
});

export const LiftedSuspension = Type.Object({
  userId: Type.String(),
  suspended: Type.Boolean({ description: "解除后总是 false" }),
});

/** One row of the audit log (presentLogRow); actor null for the site's automatic first line. */
export const AuditPage = PointerPage(
  Type.Object({
    id: Type.String(),
    actor: Person,
    action: Type.String(),
    targetType: Type.String(),
    targetId: Type.String(),
    reason: Type.String(),
    createdAt: Timestamp,
  }),
);
