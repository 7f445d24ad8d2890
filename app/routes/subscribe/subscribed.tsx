import { Link } from "react-router";
import type { Route } from "./+types/subscribed";
import { NumberedPager, pageParam } from "~/components/tags/paging";
import { TagCardGrid } from "~/components/tags/tag-card";
import { EmptyState } from "~/components/ui/empty-state";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/** Spec §9: 40 a page. */
const PAGE_SIZE = 40;

const pageHref = (page: number) => `/subscribe/subscribed?page=${page}`;

/**
 * subscribe:subscribed (login required): the tags the viewer follows, latest first. Unsubscribing
 * keeps the card in place (flipped to 关注) so a slip can be undone; it is gone on the next visit.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const result = await context.services.tags.subscribedBy(
    viewer.id,
    { page, pageSize: PAGE_SIZE },
    context.caller,
  );
  return {
    tags: result.list,
    total: result.total,
    page,
    prevHref: page > 1 ? pageHref(page - 1) : null,
    nextHref: result.canNext ? pageHref(page + 1) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "已关注标签");

export default function Subscribed({ loaderData }: Route.ComponentProps) {
  const { tags, total, page } = loaderData;
  if (tags.length === 0 && page === 1) {
    return (
      <EmptyState title="你还没有关注任何标签" description="关注标签后，首页「关注」会推荐相关文章">
        <Link to="/subscribe/all" className="btn btn-primary">
          去看看全部标签
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="tag-list-summary">共关注 {total} 个标签</p>
      {tags.length === 0 ? (
        <EmptyState title="没有更多标签了">
          <Link to={pageHref(1)} className="btn">
            回到第一页
          </Link>
        </EmptyState>
      ) : (
        <TagCardGrid tags={tags} label="已关注的标签" />
      )}
      <NumberedPager page={page} prevHref={loaderData.prevHref} nextHref={loaderData.nextHref} />
    </>
  );
}
