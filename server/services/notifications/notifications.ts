import { systemNotifications } from "../../../db/schema/index.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import { type Caller, type Deps, requireLogin } from "../deps.ts";
import { findUserById } from "../users/index.ts";
import { createLiveCounts, type EventSink } from "./live.ts";
import { presentNotification, type PresentedNotification, type SystemNotification } from "./present.ts";
import {
  actorsByIds,
  broadcastPage,
  checkAllSystem,
  checkAllUser,
  commentsByIds,
  countUnreadSystem,
  countUnreadUser,
  entriesByIds,
  hasUnreadBroadcasts,
  insertBroadcast,
  insertFollowerFanOutBatch,
  isPublished,
  markBroadcastsRead,
  pinsByIds,
  type BroadcastRow,
  type FanOutMark,
  type NotificationRow,
  systemNotificationPage,
  userNotificationPage,
} from "./queries.ts";

import type { FollowerFanOut } from "./notify.ts";
import { SYSTEM_MESSAGE_MAX } from "../../../shared/notice-rules.ts";

/** Followers told a statement by the fan-out job: ~50 ms of work each at most, then the next. */
export const FAN_OUT_BATCH = 1000;

/** Notifications a page: 20 unless asked otherwise. */
export const NOTIFICATION_PAGE_SIZE = 20;

export interface UnreadCounts {
  user: number;
  system: number;
  total: number;
}

export interface Page<T> {
  list: T[];
  /** The last item's pointer: pass it back (before / pointer) for the next page; null when empty. */
  pointer: string | null;
  canNext: boolean;
}

const clampLimit = (limit: number | undefined) => Math.min(Math.max(limit ?? NOTIFICATION_PAGE_SIZE, 1), 100);

/** A broadcast (fan-out on read) in the shape of the row fan-out on write would have written. */
function broadcastAsRow(b: BroadcastRow, userId: string): NotificationRow {
  return {
    id: b.entryId,
    userId,
    type: "submitEntry",
    actorIds: [b.authorId],
    actorCount: 1,
    entryId: b.entryId,
    pinId: null,
    commentId: null,
    replyId: null,
    content: "",
    checked: b.checked,
    createdAt: b.createdAt,
    updatedAt: b.createdAt,
  };
}

/** Two lists each newest first by (createdAt, id), as one. */
function mergeNewestFirst(a: NotificationRow[], b: NotificationRow[]): NotificationRow[] {
  if (!b.length) return a;
  const later = (x: NotificationRow, y: NotificationRow) =>
    x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
  return [...a, ...b].sort((x, y) => later(y, x));
}

/**
 * Notifications (spec §7 Notifications, §4 "reading all user notifications refetches counts").
 * User notifications are written by the acting services through notify / notifyFollowers in
 * their own transactions; unread is `not checked`, counted over the partial unread index, so the
 * counts are always exactly the rows. System notifications are shared rows; a user's read state
 * is a row in system_notification_reads.
 */
export function createNotificationService(deps: Deps) {
  const { db } = deps;
  const live = createLiveCounts({ db, signals: deps.signals, log: (m) => console.warn(m) });

  async function counts(userId: string): Promise<UnreadCounts> {
    const user = await countUnreadUser(db, userId);
    const system = await countUnreadSystem(db, userId);
    return { user, system, total: user + system };
  }

  return {
    /** getUserNotificationNum: unread counts {user, system, total}. */
    counts: (caller: Caller) => counts(requireLogin(caller)),

    /** The header bell and title prefix: total unread of a logged-in viewer (root loader). */
    async unreadTotal(userId: string): Promise<number> {
      return (await counts(userId)).total;
    },

    /** setUserNotificationNum: marks all the caller's notifications read; answers the counts after. */
    async readAll(caller: Caller): Promise<UnreadCounts> {
      const userId = requireLogin(caller);
      const rows = await checkAllUser(db, userId);
      // Broadcasts are read by moving the reader's mark past them.
      const broadcasts = await hasUnreadBroadcasts(db, userId);
      if (broadcasts) await markBroadcastsRead(db, userId);
      // The reader's other tabs and devices follow.
      if (rows || broadcasts) live.changed([userId]);
      return counts(userId);
    },

    /** getUserNotification: newest first, keyset-paged by (createdAt, id) through `before`. */
    async list(
      input: { before?: string; limit?: number },
      caller: Caller,
    ): Promise<Page<PresentedNotification>> {
      const userId = requireLogin(caller);
      const pointer = pointerParam(input.before, "date", "before");
      const limit = clampLimit(input.limit);
      // Skeleton (the rows and the broadcasts, one indexed query each, merged), then hydrate
      // actors, entries and comments in batches.
      const rows = mergeNewestFirst(
        await userNotificationPage(db, userId, pointer, limit + 1),
        (await broadcastPage(db, userId, pointer, limit + 1)).map((b) => broadcastAsRow(b, userId)),
      );
      const { page, ...next } = keysetSlice(rows, limit, (r) => [r.createdAt, r.id]);
      const actorIds = [...new Set(page.flatMap((r) => r.actorIds))];
      const entryIds = [...new Set(page.flatMap((r) => (r.entryId ? [r.entryId] : [])))];
      const commentIds = [
        ...new Set(page.flatMap((r) => [r.commentId, r.replyId].filter((x) => x !== null))),
      ];
      const pinIds = [...new Set(page.flatMap((r) => (r.pinId ? [r.pinId] : [])))];
      const [actors, entryRows, commentRows, pinRows] = [
        await actorsByIds(db, actorIds),
        await entriesByIds(db, entryIds),
        await commentsByIds(db, commentIds),
        await pinsByIds(db, pinIds),
      ];
      const lookup = {
        users: new Map(actors.map((u) => [u.id, u])),
        entries: new Map(entryRows.map((e) => [e.id, e])),
        comments: new Map(commentRows.map((c) => [c.id, c])),
        pins: new Map(pinRows.map((p) => [p.id, p])),
      };
      return { list: page.map((r) => presentNotification(r, lookup)), ...next };
    },

    /**
     * GET /notifications/stream: checks the caller now (401 before any stream starts) and answers
     * the function that starts the stream into the response — counts first, then each change.
     */
    stream(caller: Caller): (sink: EventSink) => () => void {
      const userId = requireLogin(caller);
      return (sink) => live.open(userId, sink);
    },

    /** Open streams on this instance (/metrics), and ending them all when the app closes. */
    liveStreams: () => live.size(),
    closeStreams: () => live.closeAll(),

    /** getUnreadSystemNotificationNum: {count} of system notifications the caller has not read. */
    async unreadSystem(caller: Caller): Promise<{ count: number }> {
      return { count: await countUnreadSystem(db, requireLogin(caller)) };
    },

    /** checkAllSystemNotification: every system notification becomes read for the caller. */
    async readAllSystem(caller: Caller): Promise<UnreadCounts> {
      const userId = requireLogin(caller);
      await checkAllSystem(db, userId);
      live.changed([userId]);
      return counts(userId);
    },

    /** getSystemNotification: newest first, keyset-paged through `pointer`, with `check` per item. */
    async system(
      input: { pointer?: string; limit?: number },
      caller: Caller,
    ): Promise<Page<SystemNotification>> {
      const userId = requireLogin(caller);
      const pointer = pointerParam(input.pointer, "date", "pointer");
      const limit = clampLimit(input.limit);
      const rows = await systemNotificationPage(db, userId, pointer, limit + 1);
      const { page, ...next } = keysetSlice(rows, limit, (r) => [r.createdAt, r.id]);
      return {
        list: page.map((r) => ({
          id: r.id,
          message: r.message,
          date: r.createdAt.toISOString(),
          check: r.readAt !== null,
        })),
        ...next,
      };
    },

    /**
     * Posts a system notification to everyone. Called by the admin route (POST /systemNotification)
     * with a caller, and by the seed and tests without one.
     */
    async postSystem(message: string, caller?: Caller): Promise<{ id: string }> {
      if (caller) {
        const userId = requireLogin(caller);
        const me = await findUserById(db, userId);
        if (me?.role !== "admin") throw forbidden("只有管理员可以发布系统通知");
      }
      const text = message.trim();
      if (!text) throw badRequest("通知内容不能为空", "message");
      if ([...text].length > SYSTEM_MESSAGE_MAX) {
        throw badRequest(`通知内容不能超过 ${SYSTEM_MESSAGE_MAX} 个字符`, "message");
      }
      const [row] = await db
        .insert(systemNotifications)
        .values({ id: newId(), message: text })
        .returning({ id: systemNotifications.id });
      // Everyone's system count moved: each instance recounts the streams it holds.
      live.changed("*");
      return row;
    },

    /**
     * The notify-followers job: the entry's submitEntry notifications, FAN_OUT_BATCH followers a
     * statement, each batch committed on its own. Run again after a crash, it tells nobody twice
     * (insertFollowerFanOutBatch). An entry deleted or unpublished meanwhile tells nobody more.
     */
    async fanOutToFollowers(job: FollowerFanOut, batchSize = FAN_OUT_BATCH): Promise<number> {
      // An author with very many followers announces it once, read by each follower:
      // rows per follower would multiply without bound. Every open bell recounts.
      const author = await findUserById(db, job.authorId);
      if ((author?.followersCount ?? 0) >= deps.config.fanOutOnReadFollowers) {
        if (await isPublished(db, job.entryId)) {
          await insertBroadcast(db, job);
          live.changed("*");
        }
        return 0;
      }
      let after: FanOutMark | null = null;
      let batches = 0;
      do {
        if (!(await isPublished(db, job.entryId))) break;
        after = await insertFollowerFanOutBatch(db, { ...job, after, limit: batchSize });
        // Each batch commits on its own: its followers' bells move now, not after the last batch.
        if (after?.told.length) live.changed(after.told);
        batches++;
      } while (after);
      return batches;
    },
  };
}
