import { Link, data } from "react-router";
import type { Route } from "./+types/post";
import { relativeTime, formatCount } from "../../../shared/format";
import type { Article } from "../../../shared/api-types";
import { ArticleBody, ArticleToc } from "~/components/article/article-view";
import { EntryActions } from "~/components/entry/entry-actions";
import { OpenInApp } from "~/components/entry/open-in-app";
import { CommentSection } from "~/components/comments/comment-section";
import { loadEntryComments, type CommentsData } from "~/components/comments/load.server";
import { MissingContent } from "~/components/layout/missing";
import { Avatar } from "~/components/ui/avatar";
import { DeleteAndReport } from "~/components/article/delete-and-report";
import { TagLinks } from "~/components/tags/tag-links";
import { useShell } from "~/components/shell/shell-context";
import { loadLikers } from "~/lib/entry.server";
import { requireRouteId } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { entryMeta } from "~/lib/structured-data";
import articleStyles from "~/styles/article.css?url";
import { useRecordedViews } from "~/components/entry/use-recorded-views";
import { cachedPage } from "~/lib/page-cache.server";

export const headers = cachedPage({ life: "detail", purgedBy: ["entry"] });

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: articleStyles }];

/**
 * column (/post/{id}): a published column article, rendered on the server. A malformed id is the
 * not-found page; a missing, deleted or unpublished one shows the spec's 未知文章 placeholder, with 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = requireRouteId(params.id);
  // A missing article is the placeholder with status 404, not the error page.
  return fromService(
    async () => {
      const post = await context.services.posts.detail(id, context.caller);
      const [comments, likers] = await Promise.all([
        loadEntryComments(context, post.id, null),
        loadLikers(context, post.id),
      ]);
      // The copy notice's link: the site's address, never the Host a request claimed (it is cached).
      return { id, post, url: `${context.publicUrl}/post/${id}`, now: Date.now(), comments, likers };
    },
    {
      notFound: () =>
        data(
          {
            id,
            post: null as Article | null,
            url: "",
            now: Date.now(),
            comments: null as CommentsData | null,
            likers: [],
          },
          { status: 404 },
        ),
    },
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const post = loaderData?.post;
  return entryMeta(matches, post, (id) => `/post/${id}`, ["专栏", "/zhuanlan/all"], {
    feeds: post ? [{ title: `${post.user.username} 的文章`, path: `/feeds/user/${post.user.id}` }] : [],
  });
}

export default function Post({ loaderData }: Route.ComponentProps) {
  const { post, url, now, comments } = loaderData;
  const { viewer, siteName } = useShell();
  const views = useRecordedViews(post?.id ?? null, post?.viewsCount ?? 0);
  if (!post) return <MissingContent title="未知文章" message="该文章不存在" />;
  // Editing stays the author's; DeleteAndReport lets an admin take any article down (spec §6).
  const own = viewer?.id === post.user.id;
  return (
    <div className="container article-layout">
      <article className="article-main panel" aria-labelledby="article-title">
        <h1 id="article-title" className="article-title">
          {post.title}
        </h1>
        <div className="article-meta">
          <Link to={`/user/${post.user.id}`} className="article-author">
            <Avatar user={post.user} size={36} />
            <span className="article-author-name">{post.user.username}</span>
          </Link>
          <span className="article-meta-line">
            <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString("zh-CN")}>
              {relativeTime(post.createdAt, now)}
            </time>
            <span aria-hidden="true"> · </span>
            <span>阅读 {formatCount(views)}</span>
            {own ? (
              <>
                <span aria-hidden="true"> · </span>
                <Link to={`/editor/posts/${post.id}`} className="article-edit">
                  编辑
                </Link>
              </>
            ) : null}
            <DeleteAndReport kind="post" id={post.id} title={post.title} authorId={post.user.id} />
          </span>
          <OpenInApp entryId={post.id} />
        </div>
        {/* Written out rather than <UnderReview />: its own chunk would cost the article's budget. */}
        {post.underReview ? (
          <p className="under-review" role="status">
            内容审核中，仅作者和管理员可见
          </p>
        ) : null}
        <ArticleBody html={post.html} copySource={{ author: post.user.username, url, siteName }} />
        <footer className="article-footer">
          {post.category ? (
            <p className="article-footer-row">
              <span className="article-footer-label">分类：</span>
              <Link to={`/zhuanlan/${post.category.name}`} className="tag-chip">
                {post.category.title}
              </Link>
            </p>
          ) : null}
          {post.tags.length > 0 ? (
            <p className="article-footer-row">
              <span className="article-footer-label">标签：</span>
              <TagLinks tags={post.tags} className="tag-chip" />
            </p>
          ) : null}
          <EntryActions entry={post} path={`/post/${post.id}`} likers={loaderData.likers} />
        </footer>
        {comments ? (
          <CommentSection target={{ type: "entry", id: post.id }} initial={comments.page} now={now} />
        ) : null}
      </article>
      <aside className="article-aside">
        <section className="sidebar-card article-author-card" aria-label="作者">
          <Link to={`/user/${post.user.id}`} className="article-author">
            <Avatar user={post.user} size={48} />
            <span>
              <span className="article-author-name">{post.user.username}</span>
              {/* jobLine written out: its chunk would cost the article's budget. */}
              {post.user.jobTitle || post.user.company ? (
                <span className="article-author-job">
                  {[post.user.jobTitle, post.user.company].filter(Boolean).join(" @ ")}
                </span>
              ) : null}
            </span>
          </Link>
        </section>
        <ArticleToc toc={post.toc} className="sidebar-card" />
      </aside>
    </div>
  );
}
