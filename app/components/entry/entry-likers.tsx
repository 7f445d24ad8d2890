import { lazy, Suspense, useState } from "react";
import { formatCount } from "../../../shared/format";
import { Avatar } from "~/components/ui/avatar";
import { useShell } from "~/components/shell/shell-context";
import "./entry-likers.css";

// The full list loads on a click: only this row is in an article's first JavaScript.
const LikersDialog = lazy(() => import("./likers-dialog").then((m) => ({ default: m.LikersDialog })));

/** At most this many faces: what the loaders read (app/lib/entry.server.ts LIKERS_SHOWN). */
const FACES = 5;

/** A liker as the row shows them: the loader's first few (likes.firstLikers). */
export interface LikerFace {
  id: string;
  username: string;
  avatarLarge: string | null;
}

/**
 * 「等 N 人赞过」 under an article or a shared link: the newest likers' avatars, rendered on the
 * server, and a button that opens everyone who liked it. `liked` and `count` follow the like
 * button, so a reader's own like this visit adds (or takes away) their face at once.
 */
export function EntryLikers({
  entryId,
  likers,
  count,
  liked,
  likedAtLoad,
}: {
  entryId: string;
  likers: LikerFace[];
  count: number;
  liked: boolean;
  likedAtLoad: boolean;
}) {
  const { viewer } = useShell();
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  let faces = likers;
  if (viewer && liked !== likedAtLoad) {
    const others = likers.filter((u) => u.id !== viewer.id);
    faces = liked ? [viewer, ...others] : others;
  }
  return (
    <div className="entry-likers">
      <button
        type="button"
        className="entry-likers-open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="entry-likers-faces" aria-hidden="true">
          {faces.slice(0, FACES).map((u) => (
            <Avatar key={u.id} user={u} size={28} />
          ))}
        </span>
        等 {formatCount(count)} 人赞过
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LikersDialog entryId={entryId} count={count} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
