import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";
import { BookletList } from "./booklet-card";
import type { ProfileBookletsData } from "./load.server";
import "./booklets.css";

/**
 * The 小册 / 已购 tab body of a profile (data from loadProfileBooklets). `pageHref` builds the link to
 * the next page from its cursor (the profile owns its URL shape, e.g. ?cursor=).
 */
export function ProfileBooklets({
  data,
  own,
  pageHref,
}: {
  data: ProfileBookletsData;
  /** The viewer is looking at their own profile. */
  own: boolean;
  pageHref?: (cursor: string) => string;
}) {
  if (!data.visible) {
    return <EmptyState title="已购小册仅自己可见" />;
  }
  if (data.list.length === 0) {
    return data.type === "book" ? (
      <EmptyState title={own ? "你还没有写小册" : "还没有小册"} />
    ) : (
      <EmptyState
        title="还没有购买小册"
        description={
          <Link to="/books" className="link">
            去小册首页看看
          </Link>
        }
      />
    );
  }
  return (
    <div className="profile-booklets">
      <BookletList booklets={data.list} />
      {data.next && pageHref ? (
        <p className="booklet-pager">
          <Link to={pageHref(data.next)} className="btn">
            下一页
          </Link>
        </p>
      ) : null}
    </div>
  );
}
