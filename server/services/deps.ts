import type { Db, Tx } from "../../db/client.ts";
import type { Config } from "../config.ts";
import type { Kv } from "../lib/kv.ts";
import type { Mailer } from "../lib/mailer.ts";
import type { PageSink } from "../lib/page-purge.ts";
import type { JobQueue } from "../lib/queue.ts";
import type { SignalBus } from "../lib/signals.ts";
import type { SmsProvider } from "../lib/sms.ts";
import { unauthorized } from "../lib/errors.ts";

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
   * The anonymous page cache, null when it is off. Not for services to call: createServices binds
   * it to the database (server/lib/page-purge.ts), and the writers of the rows pages show name the
   * pages a write changes (`pagesChanged(tx, scopes)`), purged on every instance once it commits.
   */
  pageCache: PageSink | null;
  /** "Something changed" messages to every instance (server/lib/signals.ts): live unread counts. */
  signals: SignalBus;
}

/** Who is calling, as the session plugin resolved it; services authorize against it. */
export interface Caller {
  userId: string | null;
  sessionId: string | null;
  ip: string;
  userAgent: string;
  /**
   * An editor or admin, as the session plugin read the account: they may see content hidden
   * pending review. Only for reading; changes check the role in the database.
   */
  staff?: boolean;
  /**
   * Whether the viewer muted or blocked anyone, as the session plugin read it; false lets a
   * signed-in read skip asking whom they hide. Undefined where nobody read it: ask.
   */
  hidesAnyone?: boolean;
}

/**
 * The moderation's automatic first line (services/moderation/screen.ts), handed by
 * createServices to the services that publish: a new account's link-heavy post is published
 * hidden (`holds`), and its review case opens in the publishing transaction (`flag`).
 */
export interface ContentScreen {
  holds(author: { createdAt: Date; postedEntriesCount: number }, text: string): boolean;
  flag(
    tx: Tx,
    post: { targetType: "entry" | "pin"; targetId: string; authorId: string; excerpt: string; text: string },
  ): Promise<void>;
}

/** No first line: for services built without moderation (a few tests). */
export const NO_SCREEN: ContentScreen = { holds: () => false, flag: async () => undefined };

/** The caller's user id, or 401 (spec §8) for a visitor: every change that needs a signed-in user. */
export function requireLogin(caller: Caller): string {
  if (!caller.userId) throw unauthorized();
  return caller.userId;
}
