import { Link } from "react-router";
import type { Route } from "./+types/user-profile";
import { MissingContent } from "../../components/layout/missing";
import { TwoColumn } from "../../components/layout/page";
import { SidebarCard } from "../../components/feed/sidebar";
import { Avatar } from "../../components/ui/avatar";
import { EmptyState } from "../../components/ui/empty-state";
import { formatCount } from "../../../shared/format";
import { notFound, requireRouteId } from "../../lib/guards.server";
import { titleMeta } from "../../lib/title";

/** The profile tabs (spec §2); book and bought only for booklet authors, bought only for oneself. */
const TABS = [
  { type: "", title: "专栏" },
  { type: "share", title: "分享" },
  { type: "like", title: "赞" },
  { type: "collection", title: "收藏集" },
  { type: "tag", title: "关注标签" },
  { type: "book", title: "小册", author: true },
  { type: "bought", title: "已购", author: true, self: true },
] as const;

const TYPES: readonly string[] = ["article", ...TABS.map((t) => t.type).filter(Boolean)];

interface ProfileUser {
  id: string;
  username: string;
  avatarLarge: string;
  jobTitle: string;
  company: string;
  selfDescription: string;
  isXiaoceAuthor: boolean;
  followeesCount: number;
  followersCount: number;
}

/** user: /user/{id}/{type?}; type one of article, share, like, collection, tag, book, bought. */
export function loader({ context, params }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  const type = params.type ?? "";
  if (type && !TYPES.includes(type)) notFound();
  const viewer = context.viewer;
  const self = viewer?.id === id;
  // Other users come from context.services once the user service exposes them.
  const user: ProfileUser | null = self && viewer ? { ...viewer } : null;
  if (user && (type === "book" || type === "bought") && !user.isXiaoceAuthor) notFound();
  if (type === "bought" && !self) notFound();
  return { id, type: type === "article" ? "" : type, self, user };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return titleMeta(matches, loaderData?.user ? `${loaderData.user.username} 的个人主页` : "未知用户");
}

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, type, self, id } = loaderData;
  if (!user) {
    return <MissingContent title="未知用户" message="该用户不存在" />;
  }
  const tabs = TABS.filter(
    (tab) => (!("author" in tab) || user.isXiaoceAuthor) && (!("self" in tab) || self),
  );
  const current = tabs.find((tab) => tab.type === type) ?? tabs[0];
  return (
    <TwoColumn
      aside={
        <SidebarCard title="个人成就">
          <dl className="stat-row">
            <div>
              <dt>关注了</dt>
              <dd>{formatCount(user.followeesCount)}</dd>
            </div>
            <div>
              <dt>关注者</dt>
              <dd>{formatCount(user.followersCount)}</dd>
            </div>
          </dl>
        </SidebarCard>
      }
    >
      <section className="panel profile-head">
        <Avatar user={user} size={90} />
        <div className="profile-info">
          <h1 className="profile-name">{user.username}</h1>
          {user.jobTitle || user.company ? (
            <p className="profile-job">{[user.jobTitle, user.company].filter(Boolean).join(" @ ")}</p>
          ) : null}
          {user.selfDescription ? <p className="profile-desc">{user.selfDescription}</p> : null}
        </div>
        {self ? (
          <Link to="/user/settings/profile" className="btn profile-edit">
            编辑个人资料
          </Link>
        ) : null}
      </section>
      <section className="list-card">
        <nav className="sort-tabs profile-tabs" aria-label="个人主页">
          {tabs.map((tab) => (
            <Link
              key={tab.type}
              to={tab.type ? `/user/${id}/${tab.type}` : `/user/${id}`}
              className={tab === current ? "sort-tab active" : "sort-tab"}
              aria-current={tab === current ? "page" : undefined}
            >
              {tab.title}
            </Link>
          ))}
        </nav>
        <EmptyState title="暂无内容" description={`还没有${current.title}内容`} />
      </section>
    </TwoColumn>
  );
}
