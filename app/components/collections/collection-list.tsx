import { Link } from "react-router";
import type { PresentedCollection } from "../../../shared/api-types";
import { formatCount } from "../../../shared/format";
import { EmptyState } from "~/components/ui/empty-state";
import { FIRST_SCREEN_ITEMS, LazyImage } from "~/components/ui/lazy-image";
import "./collections.css";

/** A collection set as pages receive it (spec §3 Collection). */
export type CollectionSummary = PresentedCollection;

/** The background image with its mask, small: a list item's cover. */
export function CollectionCover({
  collection,
  eager,
}: {
  collection: Pick<CollectionSummary, "imageUrl" | "maskColor">;
  /** False below the list's first screen: the image waits until the reader comes near. */
  eager: boolean;
}) {
  return (
    <span className="collection-cover" aria-hidden="true">
      {collection.imageUrl ? <LazyImage src={collection.imageUrl} alt="" eager={eager} /> : null}
      {collection.maskColor ? (
        <span className="collection-mask" style={{ background: collection.maskColor }} />
      ) : null}
    </span>
  );
}

interface CollectionListProps {
  collections: CollectionSummary[];
  emptyTitle?: string;
  emptyDescription?: string;
  /** Hide the author link (a user's own list on their profile). */
  hideAuthor?: boolean;
}

/** Collection sets as rows: cover, title, description, entry and follower counts, author. */
export function CollectionList({
  collections,
  emptyTitle = "暂无收藏集",
  emptyDescription,
  hideAuthor,
}: CollectionListProps) {
  if (collections.length === 0) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return (
    <ul className="collection-list">
      {collections.map((c, i) => (
        <li key={c.id} className="collection-item">
          <CollectionCover collection={c} eager={i < FIRST_SCREEN_ITEMS} />
          <div className="collection-text">
            <h2 className="collection-title">
              <Link to={`/collection/${c.id}`}>{c.title}</Link>
            </h2>
            {c.description ? <p className="collection-description">{c.description}</p> : null}
            <p className="collection-stats">
              <span>{formatCount(c.entryCount)} 篇文章</span>
              <span>{formatCount(c.followerCount)} 人关注</span>
              {c.tag ? <span>#{c.tag}</span> : null}
              {hideAuthor ? null : <Link to={`/user/${c.author.id}`}>{c.author.username}</Link>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
