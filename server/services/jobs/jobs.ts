import { notFound } from "../../lib/errors.ts";
import { JOBS, type TroubledJob } from "../../lib/queue.ts";
import type { QueueSummary } from "../../../shared/jobs.ts";
import type { Caller, Deps } from "../deps.ts";
import type { UserService } from "../users/index.ts";
import { JOB_POINTER, TROUBLED_PAGE_SIZE } from "./schema.ts";

const ADMINS_ONLY = "只有管理员可以查看和重试后台任务";

/**
 * The admins' view of the durable job queue (page /admin/jobs): how many jobs each queue
 * holds in each state, the jobs that failed (newest first, with their error), and a retry for a job
 * that failed for good. Not a spec §7 service: an operators' tool.
 */
export function createJobAdminService({ jobs }: Deps, users: UserService) {
  return {
    async overview(input: { pointer?: string }, caller: Caller) {
      await users.requireAdmin(caller, ADMINS_ONLY);
      const m = input.pointer ? JOB_POINTER.exec(input.pointer) : null;
      const [counts, troubled] = await Promise.all([
        jobs.counts(),
        jobs.troubled({
          limit: TROUBLED_PAGE_SIZE + 1,
          before: m ? { createdOn: m[1], id: m[2] } : undefined,
        }),
      ]);
      // Every queue the code knows, even an empty one, then any the database still holds.
      const queues = new Map<string, Record<string, number>>(Object.keys(JOBS).map((q) => [q, {}]));
      for (const c of counts) {
        if (c.queue.startsWith("__")) continue; // pg-boss's own bookkeeping queues
        const states = queues.get(c.queue) ?? {};
        states[c.state] = c.count;
        queues.set(c.queue, states);
      }
      const list: TroubledJob[] = troubled.slice(0, TROUBLED_PAGE_SIZE);
      const last = list.at(-1);
      const canNext = troubled.length > TROUBLED_PAGE_SIZE;
      return {
        queues: [...queues].map(([queue, states]): QueueSummary => ({ queue, states })),
        troubled: list,
        pointer: canNext && last ? `${last.createdOn}_${last.id}` : null,
        canNext,
      };
    },

    /** A failed job back in its queue for one more try; 404 when there is no such failed job. */
    async retry(input: { queue: string; id: string }, caller: Caller) {
      await users.requireAdmin(caller, ADMINS_ONLY);
      if (!(await jobs.retry(input.queue, input.id)))
        throw notFound("没有这个失败的任务（可能已重试或已归档）");
      return { id: input.id };
    },
  };
}
