import { eq, sql } from "drizzle-orm";
import { mailPushSettings } from "../../../db/schema/index.ts";
import { unauthorized } from "../../lib/errors.ts";
import type { Caller, Deps } from "../deps.ts";
import type { MailPushType, SubscribeInput } from "./schema.ts";

/** The spec's Mail status. */
export type MailStatus = Record<MailPushType, boolean>;

/** Spec §3: follow off, article on, week on — for a user who never changed anything (no row). */
export const MAIL_STATUS_DEFAULTS: MailStatus = { follow: false, article: true, week: true };

const present = (row: MailStatus): MailStatus => ({
  follow: row.follow,
  article: row.article,
  week: row.week,
});

/** Mail push settings (spec §7 Mail push: getStatus.php, subscribe.php). */
export function createMailPushService(deps: Deps) {
  const { db } = deps;

  function requireLogin(caller: Caller): string {
    if (!caller.userId) throw unauthorized();
    return caller.userId;
  }

  return {
    /** GET getStatus.php: the caller's three switches, defaults when there is no row. */
    async status(caller: Caller): Promise<MailStatus> {
      const userId = requireLogin(caller);
      const [row] = await db.select().from(mailPushSettings).where(eq(mailPushSettings.userId, userId));
      return row ? present(row) : { ...MAIL_STATUS_DEFAULTS };
    },

    /**
     * subscribe.php: sets one switch and answers the whole new status. One upsert, so concurrent
     * toggles of different switches never overwrite each other and the first one makes the row
     * (the other two columns take the table defaults, which are the spec's defaults).
     */
    async subscribe(input: SubscribeInput, caller: Caller): Promise<MailStatus> {
      const userId = requireLogin(caller);
      const [row] = await db
        .insert(mailPushSettings)
        .values({ userId, [input.type]: input.check })
        .onConflictDoUpdate({
          target: mailPushSettings.userId,
          set: { [input.type]: input.check, updatedAt: sql`now()` },
        })
        .returning();
      return present(row);
    },
  };
}
