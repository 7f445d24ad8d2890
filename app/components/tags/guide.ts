import type { Viewer } from "../../../shared/load-context";

/**
 * The new-user guide of spec §4: a logged-in user who subscribes to no tag yet is sent to
 * /getting-started. The timeline loader asks this before loading its 关注 feed.
 */
export function needsGettingStarted(viewer: Pick<Viewer, "subscribedTagsCount"> | null): boolean {
  return viewer !== null && viewer.subscribedTagsCount === 0;
}
