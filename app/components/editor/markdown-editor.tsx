import { useEffect, useState, type Ref } from "react";
import { charLength } from "../../../shared/post-rules";
import { useServerPreview, type Preview } from "./use-server-preview";
import type { SaveState } from "./use-autosave";

/** The words of the 已保存/保存中 indicator, for every editor. */
export const SAVE_LABEL: Record<SaveState, string> = {
  saved: "已保存",
  dirty: "未保存",
  saving: "保存中...",
  error: "保存失败",
};

/** The indicator's text for an autosave's state, with the server's reason when saving failed. */
export const saveStatus = (autosave: { state: SaveState; error: string | null }) =>
  autosave.state === "error"
    ? `${SAVE_LABEL.error}${autosave.error ? `：${autosave.error}` : ""}`
    : SAVE_LABEL[autosave.state];

/**
 * The Markdown editor of the article and booklet editors: the source beside its live preview
 * (rendered by the server, with code highlighting, through the sanitizer the published page uses);
 * on narrow screens one at a time under 编辑/预览 tabs. Ctrl/Cmd+S calls `onSave` instead of the
 * browser's save dialog. Styles: app/styles/article.css (editor-*), which the page links.
 */
export function MarkdownEditor({
  value,
  onChange,
  initialPreview,
  onSave,
  sourceRef,
  label = "正文（Markdown）",
}: {
  value: string;
  onChange: (value: string) => void;
  /** The server-rendered preview of the text the page loaded with. */
  initialPreview: Preview;
  onSave?: () => void;
  sourceRef?: Ref<HTMLTextAreaElement>;
  label?: string;
}) {
  const [view, setView] = useState<"source" | "preview">("source");
  const { preview, failed } = useServerPreview(value, initialPreview);

  useEffect(() => {
    if (!onSave) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        onSave();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onSave]);

  return (
    <>
      <div className="editor-tabs" role="tablist" aria-label="编辑或预览">
        {(["source", "preview"] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            id={`editor-tab-${v}`}
            aria-selected={view === v}
            aria-controls={`editor-pane-${v}`}
            className={`editor-tab${view === v ? " active" : ""}`}
            onClick={() => setView(v)}
          >
            {v === "source" ? "编辑" : "预览"}
          </button>
        ))}
      </div>
      <div className="editor-panes" data-view={view}>
        <section
          id="editor-pane-source"
          className="editor-pane editor-source"
          aria-labelledby="editor-tab-source"
        >
          <label htmlFor="editor-content" className="visually-hidden">
            {label}
          </label>
          <textarea
            id="editor-content"
            ref={sourceRef}
            className="editor-textarea"
            placeholder={"用 Markdown 写正文：# 标题、**粗体**、```代码块```、[链接](https://…)"}
            value={value}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
          />
        </section>
        <section
          id="editor-pane-preview"
          className="editor-pane editor-preview"
          aria-labelledby="editor-tab-preview"
        >
          {failed ? (
            <p className="editor-preview-note" role="alert">
              预览暂时无法更新
            </p>
          ) : null}
          {preview.html ? (
            <div className="markdown-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
          ) : (
            <p className="editor-preview-empty">预览会显示在这里</p>
          )}
        </section>
      </div>
      <footer className="editor-foot">
        <span>字数 {charLength(value.replace(/\s+/g, ""))}</span>
        <span>支持 Markdown{onSave ? " · Ctrl+S 保存" : ""}</span>
      </footer>
    </>
  );
}
