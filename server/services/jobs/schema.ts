import { Type, type Static } from "@sinclair/typebox";

/** Jobs a page of the admins' job list holds. */
export const TROUBLED_PAGE_SIZE = 20;

import { JOB_POINTER } from "../../../shared/jobs.ts";

export { JOB_POINTER };

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
