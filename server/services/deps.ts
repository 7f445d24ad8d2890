import type { Db } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { Kv } from "../lib/kv.ts";
import type { Mailer } from "../lib/mailer.ts";
import type { JobQueue } from "../lib/queue.ts";
import type { SignalBus } from "../lib/signals.ts";
import type { SmsProvider } from "../lib/sms.ts";

/** What every service is built from. Tests build the same thing with real parts (tests/support). */
export interface Deps {
  db: Db;
  kv: Kv;
  mailer: Mailer;
  sms: SmsProvider;
  config: Config;
  /** Durable background jobs (server/lib/queue.ts): fan-outs and other slow work, off the request. */
  jobs: JobQueue;
  /**
   * Makes the anonymous page cache forget the pages of these scopes at once, on every instance
   * ("*": every cached page; "entry:<id>", "pin:<id>"… one target's pages; "comments": comment
   * threads). Called after a deletion commits, so a deleted entry never lingers in cached pages.
   */
  purgePages(scopes: string[]): Promise<void>;
  /** "Something changed" messages to every instance (server/lib/signals.ts): live unread counts. */
  signals: SignalBus;
}

/** Who is calling, as the session plugin resolved it; services authorize against it. */
export interface Caller {
  userId: string | null;
  sessionId: string | null;
  ip: string;
  userAgent: string;
}
