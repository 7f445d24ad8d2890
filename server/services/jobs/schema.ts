import { Type, type Static } from "@sinclair/typebox";

/** Jobs a page of the admins' job list holds. */
export const TROUBLED_PAGE_SIZE = 20;

import { JOB_POINTER } from "../../../shared/jobs.ts";
import { Nullable, Timestamp } from "../../lib/response.ts";

export { JOB_POINTER };

/** A job that failed at least once (shared/jobs.ts TroubledJob). */
const TroubledJob = Type.Object({
  id: Type.String(),
  queue: Type.String(),
  state: Type.Union([Type.Literal("failed"), Type.Literal("retry")]),
  retryCount: Type.Number(),
  retryLimit: Type.Number(),
  createdOn: Type.String({ description: "ISO 时间，精确到微秒" }),
  failedOn: Nullable(Timestamp),
  error: Type.String(),
  // The job's own data, whatever its queue put there: free-form.
  data: Type.Unknown(),
});

/** GET /admin/jobs: every queue's counts by state, and a page of troubled jobs. */
export const JobOverview = Type.Object({
  queues: Type.Array(
    Type.Object({
      queue: Type.String(),
      states: Type.Record(Type.String(), Type.Number(), { description: "状态 → 数量" }),
    }),
  ),
  troubled: Type.Array(TroubledJob),
  pointer: Nullable(Type.String()),
  canNext: Type.Boolean(),
});

export const JobListQuery = Type.Object({
  pointer: Type.Optional(
    Type.String({ pattern: JOB_POINTER.source, description: "上一页返回的 pointer；不传为第一页" }),
  ),
});
export type JobListQuery = Static<typeof JobListQuery>;

export const JobRetryBody = Type.Object({
  queue: Type.String({ pattern: "^[a-z-]{1,40}$", description: "队列名，如 notify-followers" }),
  id: Type.String({
    pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
    description: "任务 id（uuid）",
  }),
});
export type JobRetryBody = Static<typeof JobRetryBody>;
