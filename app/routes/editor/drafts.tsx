import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/drafts";
import { relativeTime } from "../../../shared/format";
import { PageSection } from "~/components/layout/page";
import { PagerLinks } from "~/components/feed/list-footer";
import { useShell } from "~/components/shell/shell-context";
import { EmptyState } from "~/components/ui/empty-state";
import { ConfirmDialog } from "~/components/ui/modal";
import { api } from "~/lib/api";
import { notFound, requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { useApiAction } from "~/lib/use-api-action";
import articleStyles from "~/styles/article.css?url";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: articleStyles }];

/** The viewer's drafts (/editor/drafts?page=n), last edited first: login required. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = Number(raw);
  if (!/^\d{1,5}$/.test(raw) || page < 1) notFound();
  const drafts = await context.services.posts.listDrafts({ page }, context.caller);
  return { ...drafts, now: Date.now() };
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "草稿箱");

export default function Drafts({ loaderData }: Route.ComponentProps) {
  const { list, page, total, canNext, now } = loaderData;
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const { busy, run } = useApiAction();

  async function confirmDelete() {
    if (!deleting) return;
    await run(async () => {
      await api.del(`/api/drafts/${deleting.id}`);
      alert("草稿已删除", "success");
      setDeleting(null);
      await revalidator.revalidate();
    }, "删除失败，请稍后重试");
  }

  return (
    <PageSection
      title={`草稿箱${total ? `（${total}）` : ""}`}
      narrow
      actions={
        <Link to="/editor/drafts/new" className="btn btn-primary">
          写文章
        </Link>
      }
    >
      {list.length === 0 ? (
        <EmptyState title="暂无草稿" description="你保存的草稿会出现在这里">
          {page > 1 ? <Link to="/editor/drafts">回到第一页</Link> : null}
        </EmptyState>
      ) : (
        <ul className="draft-list">
          {list.map((draft) => (
            <li key={draft.id} className="draft-item">
              <div className="draft-text">
                <Link to={`/editor/posts/${draft.id}`} className="draft-title">
                  {draft.title || "无标题"}
                </Link>
                {draft.abstract ? <p className="draft-abstract">{draft.abstract}</p> : null}
                <p className="draft-time">
                  最后编辑于 <time dateTime={draft.updatedAt}>{relativeTime(draft.updatedAt, now)}</time>
                </p>
              </div>
              <div className="draft-actions">
                <Link to={`/editor/posts/${draft.id}`} className="btn">
                  编辑
                </Link>
                <button
                  type="button"
                  className="btn"
                  onClick={() => setDeleting({ id: draft.id, title: draft.title || "无标题" })}
                >
                  删除
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || canNext ? (
        <PagerLinks
          back={
            page > 1
              ? {
                  href: page === 2 ? "/editor/drafts" : `/editor/drafts?page=${page - 1}`,
                  label: "上一页",
                  rel: "prev",
                }
              : null
          }
          nextHref={canNext ? `/editor/drafts?page=${page + 1}` : null}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="删除草稿"
        message={deleting ? `确定删除「${deleting.title}」吗？删除后无法恢复。` : undefined}
        confirmLabel="删除"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </PageSection>
  );
}
