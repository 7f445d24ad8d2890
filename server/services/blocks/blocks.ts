import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.ts";
import { operationLimiter } from "../../lib/operation-limits.ts";
import { keysetSlice, pointerParam } from "../../lib/keyset.ts";
import type { Tx } from "../../../db/client.ts";
import type { BlockKind } from "../../../db/schema/index.ts";
import type { Caller, Deps } from "../deps.ts";
import { presentUserCard, usersByIds } from "../users/index.ts";
import {
  blockPage,
  blockersAmong,
  deleteBlock,
  hiddenIdsOf,
  kindsAmong,
  lockBlock,
  putBlock,
} from "./queries.ts";

/** The settings page's lists: 20 a page unless asked otherwise. */
export const BLOCK_PAGE_SIZE = 20;
/** What someone kept away by a block is told (403). */
export const BLOCKED_BY_THEM = "对方已将你拉黑";
/** What someone is told who tries to follow a person they blocked (403). */
export const BLOCKED_BY_YOU = "你已将对方拉黑，请先解除拉黑";

/** The caller's settings about one person. */
export interface BlockState {
  uid: string;
  muted: boolean;
  blocked: boolean;
}

export interface BlockedUser extends ReturnType<typeof presentUserCard> {
  kind: BlockKind;
  /** When it was set (ISO). */
  at: string;
}

export interface BlockListPage {
  list: BlockedUser[];
  pointer: string | null;
  canNext: boolean;
}

/**
 * Removes the follows between two users both ways, with both users' counters, in the caller's
 * transaction (the follow service's, handed in by createServices: follows sit above blocks).
 */
export type DropFollows = (tx: Tx, a: string, b: string) => Promise<void>;

const stateOf = (uid: string, kind: BlockKind | undefined): BlockState => ({
  uid,
  muted: kind !== undefined,
  blocked: kind === "block",
});

/**
 * Throws 403 when one of `ownerIds` blocked `actorId` (commenting on their content, answering their
 * comment): the one check every service that lets one person reach another runs, in its transaction.
 */
export async function refuseIfBlocked(tx: Tx, actorId: string, ownerIds: string[]): Promise<void> {
  if ((await blockersAmong(tx, actorId, ownerIds)).size) throw forbidden(BLOCKED_BY_THEM);
}

/**
 * Mute (屏蔽) and block (拉黑). A mute hides the person's entries, pins, comments and
 * notifications from the one who muted them; a block does that and keeps them away: no comments
 * on the blocker's content, no follow either way (the block removes existing follows, counters
 * with them, in its transaction). One row a pair (user_blocks), its kind the stronger setting.
 */
export function createBlockService(deps: Deps, dropFollows: DropFollows) {
  const { db } = deps;
  const limits = operationLimiter(deps.kv);

  async function target(uid: string, caller: Caller): Promise<string> {
    await limits.hit("toggle", caller);
    if (!caller.userId) throw unauthorized();
    if (uid === caller.userId) throw badRequest("不能屏蔽或拉黑自己", "uid");
    const [row] = await usersByIds(db, [uid]);
    if (!row) throw notFound("用户不存在");
    return caller.userId;
  }

  async function set(uid: string, caller: Caller, kind: BlockKind): Promise<BlockState> {
    const me = await target(uid, caller);
    return db.transaction(async (tx) => {
      if (kind === "block") {
        // Both users' rows are locked first (the follow service's order), so a follow racing the
        // block waits, then sees the block row and is refused.
        await dropFollows(tx, me, uid);
      }
      const now = await lockBlock(tx, me, uid);
      // A block already includes the mute: muting a blocked person changes nothing.
      if (!(kind === "mute" && now === "block")) await putBlock(tx, me, uid, kind);
      return stateOf(uid, now === "block" ? "block" : kind);
    });
  }

  async function unset(uid: string, caller: Caller, kind: BlockKind): Promise<BlockState> {
    const me = await target(uid, caller);
    return db.transaction(async (tx) => {
      await deleteBlock(tx, me, uid, kind);
      return stateOf(uid, await lockBlock(tx, me, uid));
    });
  }

  return {
    /** 屏蔽: hide their rows from the caller's lists and their notifications from the bell. */
    mute: (uid: string, caller: Caller) => set(uid, caller, "mute"),
    /** 取消屏蔽 (a block stays: unblock lifts it). */
    unmute: (uid: string, caller: Caller) => unset(uid, caller, "mute"),
    /** 拉黑: a mute that also keeps them from commenting and following; removes follows both ways. */
    block: (uid: string, caller: Caller) => set(uid, caller, "block"),
    /** 解除拉黑: the row goes (neither muted nor blocked afterwards). */
    unblock: (uid: string, caller: Caller) => unset(uid, caller, "block"),

    /** The caller's setting about uid (both false for a visitor or oneself). */
    async state(uid: string, caller: Caller): Promise<BlockState> {
      if (!caller.userId || caller.userId === uid) return stateOf(uid, undefined);
      return stateOf(uid, (await kindsAmong(db, caller.userId, [uid])).get(uid));
    },

    /** The caller's muted (kind mute) or blocked people, newest first, paged by `before`. */
    async list(
      input: { kind: BlockKind; before?: string; limit?: number },
      caller: Caller,
    ): Promise<BlockListPage> {
      if (!caller.userId) throw unauthorized();
      if (input.kind !== "mute" && input.kind !== "block")
        throw new AppError(400, "kind 须为 mute 或 block", "kind");
      const pointer = pointerParam(input.before, "date", "before");
      const limit = Math.min(Math.max(input.limit ?? BLOCK_PAGE_SIZE, 1), 100);
      const rows = await blockPage(db, caller.userId, input.kind, pointer, limit + 1);
      const { page, ...next } = keysetSlice(rows, limit, (r) => [r.at, r.user.id]);
      return {
        list: page.map((r) => ({ ...presentUserCard(r.user), kind: input.kind, at: r.at.toISOString() })),
        ...next,
      };
    },

    /** Everyone the caller muted or blocked (one query): for lists served from a shared cache. */
    hiddenIds: (caller: Caller) => hiddenFromCaller(db, caller),
  };
}

/**
 * Everyone the caller muted or blocked: one query, none for a visitor or a reader the session
 * lookup found hiding nobody (Caller.hidesAnyone false).
 */
export function hiddenFromCaller(db: Tx, caller: Caller): Promise<ReadonlySet<string>> {
  if (!caller.userId || caller.hidesAnyone === false) return Promise.resolve(new Set<string>());
  return hiddenIdsOf(db, caller.userId);
}
