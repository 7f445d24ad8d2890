import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/pins";
import { relativeTime } from "../../../shared/format";
import { PinLikeButton } from "../../components/pins/pin-like-button";
import { useShell } from "../../components/shell/shell-context";
import { Avatar } from "../../components/ui/avatar";
import { EmptyState } from "../../components/ui/empty-state";
import { api, errorMessage } from "../../lib/api";
import { notFound } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";
import { isAppError } from "../../../server/lib/errors";
import "../../components/pins/pins.css";

const CONTENT_MAX = 1000;

/** 沸点: the newest pins, a box to write one, and pages by the last pin's pointer. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  try {
    const page = await context.services.pins.feed({ before }, context.caller);
    return {
      pins: page.list,
      nextHref: page.cursor ? `/pins?before=${encodeURIComponent(page.cursor)}` : null,
      firstPage: !before,
      now: Date.now(),
    };
  } catch (err) {
    // Only an edited URL carries a malformed pointer.
    if (isAppError(err) && err.code === 400) notFound();
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "沸点");

export default function Pins({ loaderData }: Route.ComponentProps) {
  const { pins, nextHref, firstPage, now } = loaderData;
  return (
    <div className="container narrow pins-page">
      <h1 className="visually-hidden">沸点</h1>
      <PinComposer />
      {pins.length === 0 ? (
        <EmptyState title="还没有沸点" description="说点什么，成为第一个吧" />
      ) : (
        <ul className="pin-feed">
          {pins.map((pin) => (
            <li key={pin.id} className="panel pin-card">
              <header className="pin-head">
                {pin.user ? (
                  <Link to={`/user/${pin.user.id}`} className="pin-author">
                    <Avatar user={pin.user} size={36} />
                    <span className="pin-author-name">{pin.user.username}</span>
                  </Link>
                ) : null}
                <time dateTime={pin.createdAt}>{relativeTime(pin.createdAt, now)}</time>
              </header>
              <Link to={`/pin/${pin.id}`} className="pin-card-content">
                <p className="pin-content">{pin.content}</p>
              </Link>
              {pin.imageUrlList.length > 0 ? (
                <div className="pin-images">
                  {pin.imageUrlList.map((src, i) => (
                    <img
                      key={`${i}-${src}`}
                      src={src}
                      alt={`沸点图片 ${i + 1}`}
                      loading="lazy"
                      decoding="async"
                    />
                  ))}
                </div>
              ) : null}
              <footer className="pin-actions">
                <PinLikeButton id={pin.id} liked={pin.liked} count={pin.likeCount} />
                <Link to={`/pin/${pin.id}`} className="pin-action">
                  评论 {pin.commentCount}
                </Link>
              </footer>
            </li>
          ))}
        </ul>
      )}
      <nav className="list-pager" aria-label="翻页">
        {firstPage ? <span /> : <Link to="/pins">回到最新</Link>}
        {nextHref ? (
          <Link to={nextHref} rel="next">
            下一页
          </Link>
        ) : (
          <span className="list-pager-end">没有更多了</span>
        )}
      </nav>
    </div>
  );
}

/** The box at the top: text (1–1000 characters); a logged-out visitor is asked to log in first. */
function PinComposer() {
  const { viewer, requireLogin, alert } = useShell();
  const revalidator = useRevalidator();
  const [content, setContent] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!requireLogin()) return;
    const text = content.trim();
    if (!text) return alert("说点什么吧", "error");
    setBusy(true);
    try {
      await api.post("/api/pins", { content: text });
      setContent("");
      alert("发布成功", "success");
      revalidator.revalidate();
    } catch (error) {
      alert(errorMessage(error, "发布失败，请稍后重试"), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="panel pin-composer" onSubmit={submit}>
      <label htmlFor="pin-composer" className="visually-hidden">
        发沸点
      </label>
      <textarea
        id="pin-composer"
        value={content}
        maxLength={CONTENT_MAX}
        rows={3}
        placeholder={viewer ? "分享你的新鲜事…" : "登录后分享你的新鲜事"}
        onFocus={() => {
          if (!viewer) requireLogin();
        }}
        onChange={(event) => setContent(event.target.value)}
      />
      <div className="pin-composer-actions">
        <span className="pin-composer-count">
          {content.length}/{CONTENT_MAX}
        </span>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "发布中…" : "发布"}
        </button>
      </div>
    </form>
  );
}
