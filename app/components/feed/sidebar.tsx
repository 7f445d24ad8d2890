import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TagSummary, UserSummary } from "~/lib/types";
import { Avatar } from "~/components/ui/avatar";
import { Cached } from "~/lib/fragment-cache";

/** A titled card in the right column. */
export function SidebarCard({
  title,
  children,
  more,
}: {
  title: string;
  children: ReactNode;
  more?: ReactNode;
}) {
  return (
    <section className="sidebar-card" aria-label={title}>
      <header className="sidebar-card-header">
        <h2 className="sidebar-card-title">{title}</h2>
        {more}
      </header>
      <div className="sidebar-card-body">{children}</div>
    </section>
  );
}

export function TagCloudCard({
  tags,
  title = "热门标签",
}: {
  tags: Pick<TagSummary, "id" | "title">[];
  title?: string;
}) {
  return (
    <SidebarCard
      title={title}
      more={
        <Link to="/subscribe/all" className="sidebar-more">
          全部标签
        </Link>
      }
    >
      {tags.length === 0 ? (
        <p className="sidebar-empty">暂无标签</p>
      ) : (
        <Cached
          name="tag-cloud"
          component={TagChips}
          props={{ tags }}
          as="ul"
          attributes={{ className: "tag-cloud" }}
        />
      )}
    </SidebarCard>
  );
}

export function AuthorListCard({ authors, title = "作者榜" }: { authors: UserSummary[]; title?: string }) {
  return (
    <SidebarCard title={title}>
      {authors.length === 0 ? (
        <p className="sidebar-empty">暂无推荐作者</p>
      ) : (
        <Cached
          name="author-list"
          component={AuthorItems}
          props={{ authors }}
          as="ul"
          attributes={{ className: "author-list" }}
        />
      )}
    </SidebarCard>
  );
}

function TagChips({ tags }: { tags: Pick<TagSummary, "id" | "title">[] }) {
  return tags.map((tag) => (
    <li key={tag.id}>
      <Link to={`/tag/${encodeURIComponent(tag.title)}`} className="tag-chip">
        {tag.title}
      </Link>
    </li>
  ));
}

function AuthorItems({
  authors,
}: {
  authors: Pick<UserSummary, "id" | "username" | "avatarLarge" | "jobTitle">[];
}) {
  return authors.map((author) => (
    <li key={author.id}>
      <Link to={`/user/${author.id}`} className="author-link">
        <Avatar user={author} size={40} />
        <span className="author-text">
          <span className="author-name">{author.username}</span>
          {author.jobTitle ? <span className="author-job">{author.jobTitle}</span> : null}
        </span>
      </Link>
    </li>
  ));
}

/** The download-the-app card every feed sidebar carries. */
export function AppCard({ siteName }: { siteName: string }) {
  return (
    <section className="sidebar-card app-card" aria-label="下载应用">
      <Link to="/app" className="app-card-link">
        <span className="app-card-icon" aria-hidden="true">
          ◆
        </span>
        <span>
          <strong>下载 {siteName} App</strong>
          <span className="app-card-sub">一个帮助开发者成长的社区</span>
        </span>
      </Link>
    </section>
  );
}

/** Links at the foot of a sidebar. */
export function SidebarFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="sidebar-footer">
      <nav aria-label="关于">
        <Link to="/about">关于</Link>
        <Link to="/about#join">加入我们</Link>
        <Link to="/about#partners">合作伙伴</Link>
        <Link to="/app">下载应用</Link>
      </nav>
      <p>
        © {new Date().getFullYear()} {siteName}
      </p>
    </footer>
  );
}
