/** The job queue as the admins' page (/admin/jobs) and its API show it (server/lib/queue.ts). */

/** A job that failed at least once. */
export interface TroubledJob {
  id: string;
  queue: string;
  state: "failed" | "retry";
  retryCount: number;
  retryLimit: number;
  /** ISO time to the microsecond (keyset pointers must not round it). */
  createdOn: string;
  /** When it last ended badly (or was last started, for a job that timed out). */
  failedOn: string | null;
  /** The error the job ended with, as the worker threw it (message, and the stack when kept). */
  error: string;
  data: unknown;
}

/** One queue's jobs by state, as pg-boss counts them. */
export interface QueueSummary {
  queue: string;
  states: Record<string, number>;
}

/**
 * `<created time to the microsecond>_<job uuid>`: where the next page of troubled jobs starts (the
 * API's schema and the page's loader both check it).
 */
export const JOB_POINTER =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
