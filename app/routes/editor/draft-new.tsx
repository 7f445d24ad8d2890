import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/draft-new";
import { PageSection } from "~/components/layout/page";
import { api, errorMessage } from "~/lib/api";
import { requireViewer } from "~/lib/guards.server";
import { titleMeta } from "~/lib/title";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

/**
 * Write a new article: login required. The draft is created by a POST from the page (never by the
 * GET itself, so a prefetch or a reload cannot leave empty drafts behind), then the editor opens.
 */
export function loader({ context }: Route.LoaderArgs) {
  requireViewer(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "写文章");

export default function DraftNew() {
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // A ref, not state: React's development double effect must not create two drafts.
    if (started.current) return;
    started.current = true;
    api
      .post<{ id: string }>("/api/drafts", {})
      .then((draft) => navigate(`/editor/posts/${draft.id}`, { replace: true }))
      .catch((err) => {
        started.current = false;
        setError(errorMessage(err, "创建草稿失败，请稍后重试"));
      });
  }, [navigate, attempt]);

  return (
    <PageSection title="写文章" narrow>
      {error ? (
        <div className="editor-start" role="alert">
          <p>{error}</p>
          <p className="editor-start-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setError(null);
                setAttempt((n) => n + 1);
              }}
            >
              重试
            </button>
            <Link to="/editor/drafts" className="btn">
              草稿箱
            </Link>
          </p>
        </div>
      ) : (
        <p className="editor-start" role="status">
          正在创建草稿…
        </p>
      )}
      <noscript>
        <p className="editor-start">编辑器需要启用 JavaScript。</p>
      </noscript>
    </PageSection>
  );
}
