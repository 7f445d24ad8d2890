import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/post-editor";
import { TITLE_MAX, charLength } from "../../../shared/post-rules";
import type { Article } from "../../../shared/api-types";
import { PublishDialog, type TagOption } from "~/components/article/publish-dialog";
import { EditorTitleBar } from "~/components/editor/editor-title-bar";
import { MarkdownEditor, saveStatus } from "~/components/editor/markdown-editor";
import { useAutosave } from "~/components/editor/use-autosave";
import { useShell } from "~/components/shell/shell-context";
import { ApiError, api, errorMessage } from "~/lib/api";
import { notFound, requireRouteId, requireViewer } from "~/lib/guards.server";
import { fromService } from "~/lib/loader.server";
import { titleMeta } from "~/lib/title";
import articleStyles from "~/styles/article.css?url";
import { uncachedPage } from "~/lib/page-cache.server";

export const headers = uncachedPage;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: articleStyles }];

/**
 * The editor (/editor/posts/{id}) for a draft or the viewer's own published article: login
 * required; a foreign draft or a missing id is 404, someone else's article back to "/" with 没有权限.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireViewer(context);
  const id = requireRouteId(params.id);
  const { posts, entries, tags } = context.services;
  // Another author's article: fromService sends the viewer back to "/" with 没有权限 (spec §6).
  const post = await fromService(posts.editable(id, context.caller), {
    notFound: () => notFound("文章不存在"),
  });
  const [categories, hot] = await Promise.all([
    entries.categories(),
    tags.list({ type: "hot", page: 1, pageSize: 30 }, context.caller),
  ]);
  // The article's own tags stay choosable even when they are not among the hot ones.
  const tagOptions: TagOption[] = hot.list.map((t) => ({ id: t.id, title: t.title }));
  for (const t of post.tags) if (!tagOptions.some((o) => o.id === t.id)) tagOptions.unshift(t);
  return {
    post,
    categories,
    tags: tagOptions,
    preview: posts.preview(post.content, context.caller),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  titleMeta(matches, loaderData?.post.status === "published" ? "编辑文章" : "写文章");

export default function PostEditor({ loaderData }: Route.ComponentProps) {
  // Keyed by id: moving from one draft to another starts a fresh editor.
  return <Editor key={loaderData.post.id} {...loaderData} />;
}

function Editor({ post, categories, tags, preview: initialPreview }: Route.ComponentProps["loaderData"]) {
  const { alert } = useShell();
  const navigate = useNavigate();
  const isDraft = post.status === "draft";
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const sourceRef = useRef<HTMLTextAreaElement>(null);

  const autosave = useAutosave(`/api/drafts/${post.id}`, { title, content }, isDraft);
  const { flush } = autosave;
  const changed = title !== post.title || content !== post.content;
  // Ctrl/Cmd+S saves a draft at once; a published article saves only with 更新.
  const onSave = useCallback(() => {
    if (isDraft) void flush();
  }, [isDraft, flush]);

  // A published article is not autosaved: leaving with changes not yet 更新d asks first.
  useEffect(() => {
    if (isDraft || !changed) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDraft, changed]);

  /** A field the server refused that lives outside the dialog: close it and point there. */
  function showFieldError(err: unknown) {
    const field = err instanceof ApiError ? err.field : null;
    if (field === "title" || field === "content") {
      setDialogOpen(false);
      alert(errorMessage(err), "error");
      (field === "title" ? titleRef : sourceRef).current?.focus();
      return;
    }
    setDialogError(errorMessage(err, isDraft ? "发布失败，请稍后重试" : "更新失败，请稍后重试"));
  }

  async function submit(choice: { categoryId: string | null; tagIds: string[] }) {
    setBusy(true);
    setDialogError(null);
    try {
      let article: Article;
      if (isDraft) {
        if (!(await flush())) throw new ApiError(0, autosave.error ?? "保存草稿失败，请稍后重试");
        article = await api.post<Article>(`/api/drafts/${post.id}/publish`, choice);
      } else {
        article = await api.put<Article>(`/api/posts/${post.id}`, { title, content, ...choice });
      }
      autosave.markSaved();
      setDialogOpen(false);
      alert(isDraft ? "发布成功" : "更新成功", "success");
      navigate(`/post/${article.id}`);
    } catch (err) {
      showFieldError(err);
    } finally {
      setBusy(false);
    }
  }

  const status = isDraft ? saveStatus(autosave) : changed ? "有未更新的修改" : "已发布";

  return (
    <div className="editor-page">
      <EditorTitleBar
        id="editor-title"
        heading={isDraft ? "写文章" : "编辑文章"}
        label="文章标题"
        placeholder="输入文章标题..."
        title={title}
        max={TITLE_MAX}
        invalid={charLength(title.trim()) > TITLE_MAX}
        onTitle={setTitle}
        titleRef={titleRef}
        state={isDraft ? autosave.state : changed ? "dirty" : "saved"}
        status={status}
      >
        {isDraft ? (
          <Link to="/editor/drafts" className="btn">
            草稿箱
          </Link>
        ) : (
          <Link to={`/post/${post.id}`} className="btn">
            查看文章
          </Link>
        )}
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setDialogError(null);
            setDialogOpen(true);
          }}
        >
          {isDraft ? "发布" : "更新"}
        </button>
      </EditorTitleBar>
      <MarkdownEditor
        value={content}
        onChange={setContent}
        initialPreview={initialPreview}
        onSave={onSave}
        sourceRef={sourceRef}
      />
      <PublishDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        mode={isDraft ? "publish" : "update"}
        categories={categories}
        tags={tags}
        // A draft's category is provisional until its author picks one here (see posts.publish).
        initialCategoryId={isDraft ? null : (post.category?.id ?? null)}
        initialTagIds={post.tags.map((t) => t.id)}
        busy={busy}
        error={dialogError}
        onSubmit={submit}
      />
    </div>
  );
}
