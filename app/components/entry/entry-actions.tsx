import { lazy, Suspense, useCallback, useState } from "react";
import { api, errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { formatCount } from "../../../shared/format";
import { LikeButton } from "~/components/like-button";
import { CollectButton } from "~/components/collections/collect-button";
import { EntryLikers, type LikerFace } from "./entry-likers";

// Loaded on 分享: the QR code generator is the largest piece of an article page's JavaScript.
const ShareDialog = lazy(() =>
  import("~/components/share/share-dialog").then((m) => ({ default: m.ShareDialog })),
);

/**
 * What a reader does with an article or a shared link on its own page: like it (spec §4, the same
 * optimistic toggle as the feeds), jump to the comments, add it to a collection, share it; and
 * under the buttons, who liked it (「等 N 人赞过」), moving with the like button.
 */
export function EntryActions({
  entry,
  path,
  likers,
}: {
  entry: {
    id: string;
    title: string;
    liked: boolean;
    collectionCount: number;
    commentsCount: number;
    hot?: number | boolean;
  };
  /** The page's path on this site ("/post/{id}"), shared as an absolute URL. */
  path: string;
  /** The newest likers, from the page's loader (likes.firstLikers). */
  likers: LikerFace[];
}) {
  const [sharing, setSharing] = useState(false);
  const [like, setLike] = useState({ liked: entry.liked, count: entry.collectionCount });
  const onLikeChange = useCallback((liked: boolean, count: number) => setLike({ liked, count }), []);
  const { viewer } = useShell();
  // Spec §6: editors and admins may recommend an entry (entryUpdate hot=0|1).
  const mayRecommend = viewer?.role === "editor" || viewer?.role === "admin";
  return (
    <>
      <div className="entry-actions" role="group" aria-label="文章操作">
        <LikeButton
          entryId={entry.id}
          liked={entry.liked}
          count={entry.collectionCount}
          className="btn"
          onChange={onLikeChange}
        />
        <a className="btn entry-action" href="#comments">
          评论 {formatCount(entry.commentsCount)}
        </a>
        <CollectButton entryId={entry.id} checkOnMount={!!viewer} variant="btn" />
        <button
          type="button"
          className="btn entry-action"
          aria-haspopup="dialog"
          onClick={() => setSharing(true)}
        >
          分享
        </button>
        {mayRecommend ? <RecommendButton entryId={entry.id} hot={!!entry.hot} /> : null}
        {sharing ? (
          <Suspense fallback={null}>
            <ShareDialog
              entryId={entry.id}
              title={entry.title}
              path={path}
              onClose={() => setSharing(false)}
            />
          </Suspense>
        ) : null}
      </div>
      <EntryLikers
        entryId={entry.id}
        likers={likers}
        count={like.count}
        liked={like.liked}
        likedAtLoad={entry.liked}
      />
    </>
  );
}

/** 推荐 / 已推荐 for editors and admins: sets the entry's hot flag (shown as 热 in the feeds). */
function RecommendButton({ entryId, hot }: { entryId: string; hot: boolean }) {
  const { alert } = useShell();
  const [on, setOn] = useState(hot);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const entry = await api.post<{ hot: number }>("/api/entryUpdate", { entryId, hot: on ? "0" : "1" });
      setOn(!!entry.hot);
      alert(entry.hot ? "已推荐" : "已取消推荐", "success");
    } catch (error) {
      alert(errorMessage(error, "操作失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={on ? "btn entry-action recommended" : "btn entry-action"}
      aria-pressed={on}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={toggle}
    >
      {on ? "已推荐" : "推荐"}
    </button>
  );
}
