import { ListFooter } from "~/components/feed/list-footer";
import { lazy, Suspense, useState } from "react";
import { data, Link, useLocation, useRevalidator } from "react-router";
import type { Route } from "./+types/collection-detail";

import { formatCount, relativeTime } from "../../../shared/format";
import { CollectionFormDialog } from "~/components/collections/collection-form";
import type { CollectionSummary } from "~/components/collections/collection-list";
import { useFollowCollection } from "~/components/collections/follow-collection-button";
import { FollowButton } from "~/components/follow-button";
import { EntryList } from "~/components/feed/entry-list";
import { SidebarCard } from "~/components/feed/sidebar";
import { SortTabs } from "~/components/feed/sort-tabs";
import { MissingContent } from "~/components/layout/missing";
import { TwoColumn } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { Avatar } from "~/components/ui/avatar";
import { AuthorRow } from "~/components/ui/author-row";
import { notFound, requireRouteId } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { toSummary } from "~/lib/feed.server";
import { titleMeta } from "~/lib/title";
import type { EntrySummary } from "~/lib/types";
import { useListState } from "~/lib/use-list-state";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", query: ["sort", "page"], purgedBy: ["collection"] });

// 举报 for signed-in readers of someone else's set, loaded only for them.
const ReportButton = lazy(() => import("~/components/report/report-button"));
// 删除 for the set's creator and admins, loaded only for them.
const DeleteCollectionButton = lazy(() =>
  import("~/components/article/delete-post-button").then((m) => ({ default: m.DeleteCollectionButton })),
);

const SORTS = [
  { value: "new", title: "最近收藏" },
  { value: "hot", title: "最热" },
] as const;
const PAGE_SIZE = 20;
const LAST_PAGE = 1001;

function pageHref(id: string, sort: string, page: number) {
  const query = [sort === "hot" ? "sort=hot" : "", page > 1 ? `page=${page}` : ""].filter(Boolean).join("&");
  return `/collection/${id}${query ? `?${query}` : ""}`;
}

/**
 * collection (/collection/{id}): a set's header (background, mask, title, author, follow, the
 * owner's edit and delete) and its entries, 20 a page (`?page=` one-based, `?sort=hot`). An unknown
 * id shows the 未知收藏集 placeholder with 404 (spec §5).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const url = new URL(request.url);
  const sort = url.searchParams.get("sort") === "hot" ? "hot" : "new";
  const rawPage = url.searchParams.get("page");
  if (rawPage !== null && (!/^\d{1,4}$/.test(rawPage) || Number(rawPage) < 1 || Number(rawPage) > LAST_PAGE))
    notFound();
  const page = rawPage ? Number(rawPage) : 1;
  const { services, caller } = context;
  // A missing collection set is the placeholder below with status 404, not the error page.
  const found = await fromService(
    Promise.all([
      services.collections.info(id, caller),
      services.collections.entries({ csId: id, page: page - 1, pageSize: PAGE_SIZE, rankType: sort }, caller),
    ]),
    { notFound: () => null },
  );
  if (!found) {
    return data(
      {
        id,
        sort,
        collection: null as CollectionSummary | null,
        entries: [],
        nextHref: null as string | null,
        prevHref: null as string | null,
        now: Date.now(),
      },
      { status: 404 },
    );
  }
  const [collection, entries] = found;
  return data({
    id,
    sort,
    collection,
    // What a card shows, and whether the reader has the entry in a set of theirs.
    entries: entries.list.map((e) => ({ ...toSummary(e), collected: e.collected })),
    nextHref: entries.canNext ? pageHref(id, sort, page + 1) : null,
    prevHref: page > 1 ? pageHref(id, sort, page - 1) : null,
    now: Date.now(),
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const c = loaderData?.collection;
  return titleMeta(matches, c?.title ?? "未知收藏集", c?.description ? { description: c.description } : {});
}

export default function CollectionDetail({ loaderData }: Route.ComponentProps) {
  const { collection } = loaderData;
  if (!collection) return <MissingContent title="未知收藏集" message="该收藏集不存在" />;
  // Keyed by id: another set starts a fresh follow toggle and list.
  return <CollectionPage key={collection.id} collection={collection} loaderData={loaderData} />;
}

function CollectionPage({
  collection,
  loaderData,
}: {
  collection: CollectionSummary;
  loaderData: Route.ComponentProps["loaderData"];
}) {
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const { viewer, alert } = useShell();
  const follow = useFollowCollection(collection);
  const [editing, setEditing] = useState(false);
  const list = useListState<EntrySummary>(
    { entries: loaderData.entries, nextHref: loaderData.nextHref },
    pathname + search,
  );
  const own = collection.own;
  // Spec §6: an admin may take down anyone's set (the server checks it again).
  const mayDelete = own || viewer?.role === "admin";

  return (
    <>
      <div className="container">
        <header className="collection-head">
          {collection.imageUrl ? (
            <img className="collection-head-image" src={collection.imageUrl} alt="" />
          ) : null}
          {collection.maskColor ? (
            <div className="collection-head-mask" style={{ background: collection.maskColor }} />
          ) : null}
          <div className="collection-head-shade" />
          <div className="collection-head-body">
            <h1 className="collection-head-title">{collection.title}</h1>
            {collection.description ? (
              <p className="collection-head-description">{collection.description}</p>
            ) : null}
            <div className="collection-head-meta">
              <Link to={`/user/${collection.author.id}`}>
                <Avatar user={collection.author} size={24} />
                <span>{collection.author.username}</span>
              </Link>
              <span>{formatCount(collection.entryCount)} 篇文章</span>
              <span className="collection-followers">{formatCount(follow.count)} 人关注</span>
              {collection.tag ? <span className="collection-tag">#{collection.tag}</span> : null}
            </div>
            <div className="collection-head-actions">
              {own ? (
                <button type="button" className="btn" onClick={() => setEditing(true)}>
                  编辑
                </button>
              ) : (
                <FollowButton follow={follow} label={`关注收藏集 ${collection.title}`} />
              )}
              {mayDelete ? (
                <Suspense fallback={null}>
                  <DeleteCollectionButton id={collection.id} authorId={collection.author.id} />
                </Suspense>
              ) : null}
              {viewer && !own ? (
                <Suspense fallback={null}>
                  <ReportButton targetType="collection" targetId={collection.id} />
                </Suspense>
              ) : null}
            </div>
          </div>
        </header>
      </div>
      <TwoColumn
        aside={
          <SidebarCard title="关于收藏集">
            <AuthorRow user={collection.author} />
            <p className="sidebar-text collection-about">
              创建于{" "}
              <time dateTime={collection.createdAt}>
                {relativeTime(collection.createdAt, loaderData.now)}
              </time>
              ，更新于{" "}
              <time dateTime={collection.updatedAt}>
                {relativeTime(collection.updatedAt, loaderData.now)}
              </time>
            </p>
          </SidebarCard>
        }
      >
        <section className="list-card">
          <header className="list-header">
            <SortTabs
              sorts={SORTS}
              active={loaderData.sort}
              hrefFor={(sort) => pageHref(collection.id, sort, 1)}
            />
          </header>
          <EntryList
            entries={list.list}
            now={loaderData.now}
            emptyTitle="收藏集里还没有文章"
            emptyDescription={own ? "在文章页点「收藏」把它加进来" : undefined}
          />
          <ListFooter state={list} pages={loaderData} />
        </section>
      </TwoColumn>
      {own ? (
        <CollectionFormDialog
          open={editing}
          initial={collection}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            alert("收藏集已保存", "success");
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </>
  );
}
