import { lazy, Suspense, useEffect, useState } from "react";
import { api } from "~/lib/api";
import { usePublicShell } from "~/components/shell/shell-context";
import "~/components/like-button.css";
import "./collections.css";
import { MaskIcon } from "~/components/ui/mask-icon";

// Loaded on the first 收藏 click: the dialog and the create form ride on every feed otherwise.
const AddToCollectionDialog = lazy(() =>
  import("./collect-dialog").then((m) => ({ default: m.AddToCollectionDialog })),
);

interface CollectButtonProps {
  entryId: string;
  /** Whether the entry is already in one of the viewer's sets, when known. */
  isIn?: boolean;
  /**
   * Ask the server on mount (isInMyCollectionSet) when `isIn` is not known: detail pages, for a
   * signed-in reader (the caller knows the viewer; a feed's card, a cached part, may not).
   */
  checkOnMount?: boolean;
  /** "btn" for a bordered button (detail pages); a plain text action in lists otherwise. */
  variant?: "btn" | "text";
  className?: string;
}

/**
 * 收藏: opens the add-to-collection dialog for an entry (spec §4: collect or uncollect toggles the
 * set's isIn and moves its entryCount). Visitors get the quick login instead.
 */
export function CollectButton({
  entryId,
  isIn,
  checkOnMount,
  variant = "text",
  className,
}: CollectButtonProps) {
  const { requireLogin } = usePublicShell();
  const [open, setOpen] = useState(false);
  const [collected, setCollected] = useState(!!isIn);

  useEffect(() => {
    if (!checkOnMount || isIn !== undefined) return;
    let live = true;
    api
      .get<{ entryId: string; isIn: boolean }[]>("/api/isInMyCollectionSet", { entryIds: entryId })
      .then((items) => {
        if (live) setCollected(items.some((i) => i.entryId === entryId && i.isIn));
      })
      // Spec §8: a collection-state failure is kept per entry; the button simply stays 收藏.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [checkOnMount, isIn, entryId]);

  const classes = [
    "collect-button",
    variant === "btn" ? "btn" : "",
    collected ? "collected" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <>
      <button
        type="button"
        className={classes}
        aria-haspopup="dialog"
        title="加入收藏集"
        onClick={() => {
          if (requireLogin()) setOpen(true);
        }}
      >
        <MaskIcon name="star" filled={collected} />
        <span>{collected ? "已收藏" : "收藏"}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AddToCollectionDialog entryId={entryId} onClose={() => setOpen(false)} onChange={setCollected} />
        </Suspense>
      ) : null}
    </>
  );
}
