import { Link } from "react-router";
import { PagerLinks } from "~/components/feed/list-footer";
import type { Route } from "./+types/pins";
import { relativeTime } from "../../../shared/format";
import { PinComposer } from "~/components/pins/pin-composer";
import { PinLikeButton } from "~/components/pins/pin-like-button";
import { PinDelete, PinImages } from "~/components/pins/pin-view";
import { FIRST_SCREEN_ITEMS } from "~/components/ui/lazy-image";
import { Avatar } from "~/components/ui/avatar";
import { EmptyState } from "~/components/ui/empty-state";
import { notFound } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import "~/components/pins/pins.css";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "list", query: ["before"] });

/** 沸点: the newest pins, a box to write one, and pages by the last pin's pointer. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  // Only an edited URL carries a malformed pointer: the not-found page.
  const page = await fromService(context.services.pins.feed({ before }, context.caller), {
    badRequest: () => notFound(),
  });
  return {
    pins: page.list,
    nextHref: page.cursor ? `/pins?before=${encodeURIComponent(page.cursor)}` : null,
    firstPage: !before,
    now: Date.now(),
  };
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
          {pins.map((pin, i) => (
            <li key={pin.id} className="panel pin-card">
              <header className="pin-head">
                {pin.user ? (
                  <Link to={`/user/${pin.user.id}`} className="pin-author">
                    <Avatar user={pin.user} size={36} eager={i < FIRST_SCREEN_ITEMS} />
                    <span className="pin-author-name">{pin.user.username}</span>
                  </Link>
                ) : null}
                <time dateTime={pin.createdAt}>{relativeTime(pin.createdAt, now)}</time>
              </header>
              <Link to={`/pin/${pin.id}`} className="pin-card-content">
                <p className="pin-content">{pin.content}</p>
              </Link>
              <PinImages urls={pin.imageUrlList} eager={i < 2} />
              <footer className="pin-actions">
                <PinLikeButton id={pin.id} liked={pin.liked} count={pin.likeCount} />
                <Link to={`/pin/${pin.id}`} className="pin-action">
                  评论 {pin.commentCount}
                </Link>
                <PinDelete pin={pin} leave={false} />
              </footer>
            </li>
          ))}
        </ul>
      )}
      <PagerLinks back={firstPage ? null : { href: "/pins", label: "回到最新" }} nextHref={nextHref} />
    </div>
  );
}
