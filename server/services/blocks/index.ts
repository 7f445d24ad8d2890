/**
 * What other services may call of blocks (mute/block): the anti-join their lists add for
 * a signed-in viewer, and the check that keeps a blocked person from reaching the one who blocked
 * them. The rest of this folder (queries.ts above all) is its own.
 */
export {
  BLOCKED_BY_THEM,
  BLOCKED_BY_YOU,
  createBlockService,
  hiddenFromCaller,
  refuseIfBlocked,
} from "./blocks.ts";
export {
  blockersAmong,
  hiddenIdsOf,
  hides,
  hidesAnyone,
  notHiddenFrom,
  notHiddenFromViewerParam,
} from "./queries.ts";
