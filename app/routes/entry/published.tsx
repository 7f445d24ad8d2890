import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/published";
import { PageSection } from "~/components/layout/page";
import { useShell } from "~/components/shell/shell-context";
import { EmptyState } from "~/components/ui/empty-state";
import { ConfirmDialog } from "~/components/ui/modal";
import { formatCount, relativeTime } from "../../../shared/format";
import { api } from "~/lib/api";
import { notFound, requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import { useApiAction } from "~/lib/use-api-action";
import "~/components/share/share.css";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/**
 * published: login required; the viewer's own published shares and articles, newest first, paged by
 * the keyset pointer `?before=` (the last item's createdAt and id), each with edit and delete.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const before = new URL(request.url).searchParams.get("before");
  // A malformed pointer only comes from an edited URL: the not-found page.
  const page = await fromService(
    context.services.publish.mine({ before: before ?? undefined }, context.caller),
    {
      badRequest: () => notFound(),
    },
  );
  return {
    entries: page.list.map((e) => ({
      id: e.id,
      title: e.title,
      type: e.type,
      originalUrl: e.originalUrl,
      abstract: e.abstract,
      category: e.category,
      tags: e.tags.map((t) => ({ id: t.id, title: t.title })),
      collectionCount: e.collectionCount,
      commentsCount: e.commentsCount,
      hot: e.hot,
      createdAt: e.createdAt,
    })),
    nextHref: page.canNext && page.pointer ? `/published?before=${encodeURIComponent(page.pointer)}` : null,
    paged: !!before,
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "我的发布");

type Item = Route.ComponentProps["loaderData"]["entries"][number];

const TYPE_LABELS: Record<string, string> = { article: "分享", post: "专栏", vote: "投票", others: "其他" };

const lastSegment = (url: string, fallback: string) => url.split("/").filter(Boolean).pop() ?? fallback;

function viewHref(e: Item): string {
  return e.type === "post" ? `/post/${lastSegment(e.originalUrl, e.id)}` : `/entry/${e.id}`;
}

function editHref(e: Item): string | null {
  if (e.type === "post") return `/editor/posts/${lastSegment(e.originalUrl, e.id)}`;
  if (e.type === "vote") return null;
  return `/edit-entry/${e.id}`;
}

export default function Published({ loaderData }: Route.ComponentProps) {
  const { entries, nextHref, paged, now } = loaderData;
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<Item | null>(null);
  const { busy, run } = useApiAction();
  const visible = entries.filter((e) => !removed.has(e.id));

  async function remove() {
    if (!confirming) return;
    await run(async () => {
      await api.post("/api/entryDel", { entryId: confirming.id });
      setRemoved((s) => new Set(s).add(confirming.id));
      alert("已删除", "success");
      setConfirming(null);
      // Refill the page from the server (counts, the next page's first item).
      void revalidator.revalidate();
    }, "删除失败，请稍后重试");
  }

  return (
    <PageSection
      title="我的发布"
      narrow
      actions={
        <Link to="/new-entry" className="btn btn-primary">
          分享链接
        </Link>
      }
    >
      {visible.length === 0 ? (
        <EmptyState
          title={paged ? "没有更早的内容了" : "还没有发布过内容"}
          description={paged ? undefined : "分享一篇好文章，让更多人看到"}
        >
          <Link to={paged ? "/published" : "/new-entry"} className="btn btn-primary">
            {paged ? "回到最新" : "去分享"}
          </Link>
        </EmptyState>
      ) : (
        <ul className="published-list">
          {visible.map((e) => {
            const edit = editHref(e);
            return (
              <li key={e.id} className="published-item">
                <div className="published-main">
                  <h2 className="published-title">
                    <Link to={viewHref(e)}>{e.title}</Link>
                  </h2>
                  {e.abstract ? <p className="published-abstract">{e.abstract}</p> : null}
                  <p className="published-meta">
                    <span className={e.type === "post" ? "published-type is-post" : "published-type"}>
                      {TYPE_LABELS[e.type] ?? e.type}
                    </span>
                    {e.hot ? <span className="entry-hot">热</span> : null}
                    {e.category ? <span>{e.category.title}</span> : null}
                    <span aria-hidden="true">·</span>
                    <time dateTime={e.createdAt}>{relativeTime(e.createdAt, now)}</time>
                    {e.tags.length ? (
                      <>
                        <span aria-hidden="true">·</span>
                        <span>{e.tags.map((t) => t.title).join("、")}</span>
                      </>
                    ) : null}
                    <span aria-hidden="true">·</span>
                    <span>
                      {formatCount(e.collectionCount)} 赞 · {formatCount(e.commentsCount)} 评论
                    </span>
                  </p>
                </div>
                <div className="published-actions">
                  {edit ? (
                    <Link to={edit} className="btn" aria-label={`编辑「${e.title}」`}>
                      编辑
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-danger-text"
                    aria-label={`删除「${e.title}」`}
                    onClick={() => setConfirming(e)}
                  >
                    删除
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {paged || nextHref ? (
        <nav className="published-pager" aria-label="翻页">
          {paged ? <Link to="/published">回到最新</Link> : <span />}
          {nextHref ? <Link to={nextHref}>更早的发布</Link> : <span>没有更多了</span>}
        </nav>
      ) : null}
      <ConfirmDialog
        open={!!confirming}
        title="删除这条内容？"
        message={confirming ? `「${confirming.title}」删除后将从列表和搜索中消失，无法恢复。` : undefined}
        confirmLabel="删除"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(null)}
      />
    </PageSection>
  );
}
