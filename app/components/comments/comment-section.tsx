import { deferred } from "~/lib/deferred";
import type { CommentThreadProps } from "./comment-thread";
// Here, not in the thread: the server's markup is on screen before the thread's code loads.
import "./comments.css";
import "~/components/upload/image-picker.css";

export interface CommentSectionProps extends CommentThreadProps {
  /** Extra classes on the section (the pin page shows it as its own panel). */
  className?: string;
}

// The thread (box, list, image picker) is mostly below the fold: the server renders it, so the
// comments read before any script, and its code loads when the section comes near the viewport
// or is touched (the JavaScript budget).
const Thread = deferred(() => import("./comment-thread").then((m) => m.CommentThread), {
  tag: "section",
  near: "800px 0px",
});

/** The comments of an entry, column article or pin: box, new/hot toggle, list, 加载更多. */
export function CommentSection({ className, ...props }: CommentSectionProps) {
  return (
    <Thread
      attrs={{
        id: "comments",
        className: className ? `${className} comment-section` : "comment-section",
        "aria-label": "评论",
      }}
      props={props}
      // A link to one comment scrolls to it, which needs the thread at once.
      eager={!!props.highlightedId}
      identity={`${props.target.type}:${props.target.id}`}
    />
  );
}
