import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/user-profile";
import { NewCollectionDialog } from "~/components/collections/collection-form";
import { CollectionList, type CollectionSummary } from "~/components/collections/collection-list";
import {
  loadProfileBooklets,
  type ProfileBookletsData,
  type ProfileBookletsType,
} from "~/components/booklets/load.server";
import { ProfileBooklets } from "~/components/booklets/profile-booklets";
import { MissingContent } from "~/components/layout/missing";
import { TwoColumn } from "~/components/layout/page";
import { SortTabs } from "~/components/feed/sort-tabs";
import { SidebarCard } from "~/components/feed/sidebar";
import { EntryList } from "~/components/feed/entry-list";
import { PagerLinks } from "~/components/feed/list-footer";
import { TagCardGrid } from "~/components/tags/tag-card";
import { ProfileHeader, type ProfileUser } from "~/components/user/profile-header";
import { UserList, type ListedUser } from "~/components/user/user-list";
import { EmptyState } from "~/components/ui/empty-state";
import { formatCount } from "../../../shared/format";
import { notFound, requireRouteId } from "~/lib/guards.server";
import { toSummary } from "~/lib/feed.server";
import { titleMeta } from "~/lib/title";
import { personLd } from "~/lib/structured-data";
import type { EntrySummary, TagSummary } from "~/lib/types";
import { decodePointer } from "../../../shared/pagination";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({
  life: "detail",
  query: ["pointer", "page", "before", "show", "cursor"],
  purgedBy: ["user"],
});

/** The profile tabs (spec §2); book and bought only for booklet authors, bought only for oneself. */
const TABS = [
  { type: "", title: "文章" },
  { type: "share", title: "分享" },
  { type: "like", title: "赞" },
  { type: "collection", title: "收藏集" },
  { type: "following", title: "关注" },
  { type: "followers", title: "关注者" },
  { type: "tag", title: "标签" },
  { type: "book", title: "小册", author: true },
  { type: "bought", title: "已购", author: true, self: true },
] as const;

const TYPES: readonly string[] = ["article", ...TABS.map((t) => t.type).filter(Boolean)];
const PAGE_SIZE = 20;

type TabContent =
  | { kind: "entries"; entries: EntrySummary[]; nextHref: string | null }
  | { kind: "users"; users: ListedUser[]; nextHref: string | null }
  | { kind: "tags"; tags: TagSummary[]; nextHref: string | null }
  | {
      kind: "collections";
      show: CollectionShow;
      collections: CollectionSummary[];
      created: number;
      followed: number;
      nextHref: string | null;
    }
  | { kind: "booklets"; data: ProfileBookletsData };

/** The 收藏集 tab's two lists (spec §2 user: collection with total, created, followed). */
type CollectionShow = "created" | "followed";
const COLLECTION_PAGE_SIZE = 30;

/** A keyset pointer from the URL; a malformed one means the first page rather than an error. */
function datePointer(raw: string | null): string | undefined {
  return raw && decodePointer(raw, "date") ? raw : undefined;
}

/** A zero- or one-based page number from the URL; junk means the first page. */
function pageNumber(raw: string | null, first: 0 | 1): number {
  if (!raw || !/^\d{1,4}$/.test(raw)) return first;
  return Math.max(first, Number(raw));
}

/** user: /user/{id}/{type?}; type one of article, share, like, collection, following, followers, tag, book, bought. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const raw = params.type ?? "";
  if (raw && !TYPES.includes(raw)) notFound();
  const type = raw === "article" ? "" : raw;
  const { services, caller } = context;
  const now = Date.now();
  const profile = await services.follow.profile(id, caller);
  const user: ProfileUser | null = profile && {
    ...profile,
    // The 「更多」 menu's state: only a signed-in reader on someone else's page has one.
    blocks: caller.userId && !profile.self ? await services.blocks.state(id, caller) : null,
  };
  if (!user) {
    // Spec §3: the unknown-user placeholder (未知用户, role guest), with a 404 status.
    const content: TabContent | null = null;
    return data({ id, type, user, content, now }, { status: 404 });
  }
  if ((type === "book" || type === "bought") && !user.isXiaoceAuthor) notFound();
  if (type === "bought" && !user.self) notFound();

  const url = new URL(request.url);
  const base = type ? `/user/${id}/${type}` : `/user/${id}`;
  let content: TabContent;
  if (type === "" || type === "share") {
    // 文章 are the user's column articles (type post), 分享 their shared links (type article).
    const feed = await services.entries.feed(
      {
        userId: id,
        type: type === "" ? "post" : "article",
        sort: "newest",
        pointer: datePointer(url.searchParams.get("pointer")),
      },
      caller,
    );
    content = {
      kind: "entries",
      entries: feed.list.map(toSummary),
      nextHref: feed.canNext && feed.pointer ? `${base}?pointer=${encodeURIComponent(feed.pointer)}` : null,
    };
  } else if (type === "like") {
    const page = pageNumber(url.searchParams.get("page"), 0);
    const liked = await services.likes.likedEntries(id, { page, pageSize: PAGE_SIZE }, caller);
    content = {
      kind: "entries",
      entries: liked.list.map(toSummary),
      nextHref: liked.canNext ? `${base}?page=${page + 1}` : null,
    };
  } else if (type === "following" || type === "followers") {
    const input = { uid: id, before: datePointer(url.searchParams.get("before")), limit: PAGE_SIZE };
    const list =
      type === "following"
        ? await services.follow.followees(input, caller)
        : await services.follow.followers(input, caller);
    content = {
      kind: "users",
      users: list.list,
      nextHref: list.canNext && list.pointer ? `${base}?before=${encodeURIComponent(list.pointer)}` : null,
    };
  } else if (type === "tag") {
    const page = pageNumber(url.searchParams.get("page"), 1);
    const tags = await services.tags.subscribedBy(id, { page, pageSize: PAGE_SIZE }, caller);
    content = {
      kind: "tags",
      tags: tags.list,
      nextHref: tags.canNext ? `${base}?page=${page + 1}` : null,
    };
  } else if (type === "collection") {
    // 创建的 (default) or 关注的; each list's sum comes from the service, the other asked for one row.
    const show: CollectionShow = url.searchParams.get("show") === "followed" ? "followed" : "created";
    const page = pageNumber(url.searchParams.get("page"), 1);
    const sets = services.collections;
    const input = (size: number) => ({ targetUserId: id, page: size === 1 ? 0 : page - 1, pageSize: size });
    const [created, followed] = await Promise.all([
      sets.byUser(input(show === "created" ? COLLECTION_PAGE_SIZE : 1), caller),
      sets.followedBy(input(show === "followed" ? COLLECTION_PAGE_SIZE : 1), caller),
    ]);
    const shown = show === "created" ? created : followed;
    const query = show === "followed" ? "?show=followed&" : "?";
    content = {
      kind: "collections",
      show,
      collections: shown.collectionSets,
      created: created.sum,
      followed: followed.sum,
      nextHref: shown.canNext ? `${base}${query}page=${page + 1}` : null,
    };
  } else {
    // book / bought (booklet authors only, checked above); bought lists are private to their owner.
    content = {
      kind: "booklets",
      data: await loadProfileBooklets(
        context,
        id,
        type as ProfileBookletsType,
        url.searchParams.get("cursor"),
      ),
    };
  }
  return data({ id, type, user, content, now }, { status: 200 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const user = loaderData?.user;
  if (!user) return titleMeta(matches, "未知用户");
  return titleMeta(matches, `${user.username} 的个人主页`, {
    description: user.selfDescription || `${user.username} 在社区发布的文章、分享和动态`,
    type: "profile",
    image: user.avatarLarge || undefined,
    feeds: [{ title: `${user.username} 的文章`, path: `/feeds/user/${user.id}` }],
    // Built for the server's HTML only (titleMeta): the browser bundle leaves it out.
    jsonLd: import.meta.env.SSR ? [personLd(matches, user)] : undefined,
  });
}

const EMPTY: Record<string, string> = {
  "": "还没有发表文章",
  share: "还没有分享",
  like: "还没有赞过文章",
  following: "还没有关注任何人",
  followers: "还没有关注者",
  tag: "还没有关注标签",
};

function TabBody({
  content,
  type,
  now,
  base,
  self,
}: {
  content: TabContent;
  type: string;
  now: number;
  base: string;
  self: boolean;
}) {
  const empty = EMPTY[type] ?? "暂无内容";
  let body;
  if (content.kind === "collections") body = <CollectionTab content={content} base={base} self={self} />;
  else if (content.kind === "entries")
    body = <EntryList entries={content.entries} now={now} emptyTitle={empty} />;
  else if (content.kind === "users") body = <UserList users={content.users} emptyTitle={empty} />;
  else if (content.kind === "tags")
    body = content.tags.length ? (
      <TagCardGrid tags={content.tags} label="关注的标签" />
    ) : (
      <EmptyState title={empty} />
    );
  else
    body = (
      <ProfileBooklets
        data={content.data}
        own={self}
        pageHref={(cursor) => `${base}?cursor=${encodeURIComponent(cursor)}`}
      />
    );
  return (
    <>
      {body}
      {"nextHref" in content && content.nextHref ? (
        <PagerLinks back={null} nextHref={content.nextHref} />
      ) : null}
    </>
  );
}

/** 收藏集: total, then 创建的 / 关注的 with their counts; the owner may create a set here. */
function CollectionTab({
  content,
  base,
  self,
}: {
  content: Extract<TabContent, { kind: "collections" }>;
  base: string;
  self: boolean;
}) {
  const [creating, setCreating] = useState(false);
  const created = content.show === "created";
  return (
    <>
      <nav className="profile-subtabs" aria-label="收藏集">
        <span className="profile-subtabs-total">
          共 {formatCount(content.created + content.followed)} 个收藏集
        </span>
        <Link to={base} aria-current={created ? "page" : undefined}>
          创建的 {formatCount(content.created)}
        </Link>
        <Link to={`${base}?show=followed`} aria-current={created ? undefined : "page"}>
          关注的 {formatCount(content.followed)}
        </Link>
        {self ? (
          <button
            type="button"
            className="btn btn-text profile-subtabs-action"
            onClick={() => setCreating(true)}
          >
            + 新建收藏集
          </button>
        ) : null}
      </nav>
      <CollectionList
        collections={content.collections}
        hideAuthor={created}
        emptyTitle={created ? "还没有创建收藏集" : "还没有关注收藏集"}
      />
      {self ? <NewCollectionDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, type, id, content, now } = loaderData;
  if (!user || !content) {
    return <MissingContent title="未知用户" message="该用户不存在" />;
  }
  const tabs = TABS.filter(
    (tab) => (!("author" in tab) || user.isXiaoceAuthor) && (!("self" in tab) || user.self),
  );
  const current = tabs.find((tab) => tab.type === type) ?? tabs[0];
  return (
    <TwoColumn
      aside={
        <SidebarCard title="个人成就">
          <dl className="stat-row">
            <div>
              <dt>获得点赞</dt>
              <dd>{formatCount(user.totalCollectionsCount)}</dd>
            </div>
            <div>
              <dt>文章</dt>
              <dd>{formatCount(user.postedPostsCount)}</dd>
            </div>
          </dl>
        </SidebarCard>
      }
    >
      {/* Keyed by user: moving to another profile starts a fresh follow toggle. */}
      <ProfileHeader key={user.id} user={user} />
      <section className="list-card">
        <SortTabs
          sorts={tabs.map(({ type, title }) => ({ value: type, title }))}
          active={current.type}
          hrefFor={(type) => (type ? `/user/${id}/${type}` : `/user/${id}`)}
          label="个人主页"
          className="profile-tabs"
          current="page"
          keepScroll={false}
        />
        <TabBody
          content={content}
          type={current.type}
          now={now}
          base={current.type ? `/user/${id}/${current.type}` : `/user/${id}`}
          self={user.self}
        />
      </section>
    </TwoColumn>
  );
}
