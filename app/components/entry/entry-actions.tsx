import { useState } from "react";
import { formatCount } from "../../../shared/format";
import { LikeButton } from "../like-button";
import { CollectButton } from "../collections/collect-button";
import { ShareDialog } from "../share/share-dialog";

/**
 * What a reader does with an article or a shared link on its own page: like it (spec §4, the same
 * optimistic toggle as the feeds), jump to the comments, add it to a collection, share it.
 */
export function EntryActions({
  entry,
  path,
}: {
  entry: { id: string; title: string; liked: boolean; collectionCount: number; commentsCount: number };
  /** The page's path on this site ("/post/{id}"), shared as an absolute URL. */
  path: string;
}) {
  const [sharing, setSharing] = useState(false);
  return (
    <div className="entry-actions" role="group" aria-label="文章操作">
      <LikeButton entryId={entry.id} liked={entry.liked} count={entry.collectionCount} className="btn" />
      <a className="btn entry-action" href="#comments">
        评论 {formatCount(entry.commentsCount)}
      </a>
      <CollectButton entryId={entry.id} checkOnMount variant="btn" />
      <button
        type="button"
        className="btn entry-action"
        aria-haspopup="dialog"
        onClick={() => setSharing(true)}
      >
        分享
      </button>
      {sharing ? (
        <ShareDialog
          entryId={entry.id}
          title={entry.title}
          url={new URL(path, window.location.origin).toString()}
          onClose={() => setSharing(false)}
        />
      ) : null}
    </div>
  );
}
