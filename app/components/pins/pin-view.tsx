import { lazy, Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { relativeTime } from "../../../shared/format";
import { variantUrl } from "../../../shared/uploads";
import type { PresentedPin } from "../../../shared/api-types";
import { Avatar } from "~/components/ui/avatar";
import { LazyImage } from "~/components/ui/lazy-image";
import { UnderReview } from "~/components/report/under-review";
import { PinLikeButton } from "./pin-like-button";
import { useShell } from "~/components/shell/shell-context";
import "./pins.css";

// Only a pin's author and admins see 删除: its code stays out of every other reader's load.
const DeletePinButton = lazy(() =>
  import("~/components/article/delete-post-button").then((m) => ({ default: m.DeletePinButton })),
);

// 举报 for signed-in readers other than the author, loaded only for them.
const ReportButton = lazy(() => import("~/components/report/report-button"));

/**
 * 删除 for the pin's author or an admin (DELETE /api/pins/{id} checks it again); 举报 for other
 * signed-in readers (an admin sees both); nothing for visitors.
 */
export function PinDelete({ pin, leave }: { pin: PresentedPin; leave: boolean }) {
  const { viewer } = useShell();
  if (!viewer) return null;
  const own = viewer.id === pin.user?.id;
  return (
    <Suspense fallback={null}>
      {own || viewer.role === "admin" ? <DeletePinButton pinId={pin.id} leave={leave} /> : null}
      {own ? null : <ReportButton targetType="pin" targetId={pin.id} className="pin-action report-button" />}
    </Suspense>
  );
}

/**
 * A pin's images (up to 9) in a small grid, loaded lazily (below a list's first pins, when the
 * reader comes near: LazyImage); each opens the full image. One image shows
 * larger in its own shape; four make a 2 × 2 square, as the nine-grid does. The grid shows uploads'
 * thumb variant (at most 400 × 300; the original until the job has made it, ADR 007).
 */
export function PinImages({ urls, eager = true }: { urls: string[]; eager?: boolean }) {
  if (urls.length === 0) return null;
  const layout = urls.length === 1 ? " is-single" : urls.length === 4 ? " is-four" : "";
  return (
    <div className={`pin-images${layout}`}>
      {urls.map((src, i) => (
        <a
          key={`${i}-${src}`}
          href={src}
          target="_blank"
          rel="noreferrer noopener"
          aria-label={`沸点图片 ${i + 1}`}
        >
          <LazyImage src={variantUrl(src, "thumb")} alt={`沸点图片 ${i + 1}`} eager={eager} />
        </a>
      ))}
    </div>
  );
}

/** One pin: author, time, text, images (lazy), like; its comments go in children. */
export function PinView({ pin, now, children }: { pin: PresentedPin; now: number; children?: ReactNode }) {
  return (
    <div className="container narrow">
      <article className="panel pin-view">
        <h1 className="visually-hidden">{pin.user ? `${pin.user.username}的沸点` : "沸点"}</h1>
        <header className="pin-head">
          {pin.user ? (
            <Link to={`/user/${pin.user.id}`} className="pin-author">
              <Avatar user={pin.user} size={40} />
              <span className="pin-author-name">{pin.user.username}</span>
            </Link>
          ) : null}
          <time dateTime={pin.createdAt} title={new Date(pin.createdAt).toLocaleString("zh-CN")}>
            {relativeTime(pin.createdAt, now)}
          </time>
        </header>
        {pin.underReview ? <UnderReview /> : null}
        <p className="pin-content">{pin.content}</p>
        <PinImages urls={pin.imageUrlList} />
        <footer className="pin-actions">
          <PinLikeButton id={pin.id} liked={pin.liked} count={pin.likeCount} />
          <span className="pin-action pin-comment-count">评论 {pin.commentCount}</span>
          <PinDelete pin={pin} leave />
        </footer>
      </article>
      {children}
    </div>
  );
}
