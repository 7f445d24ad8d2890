import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { TITLE_MAX, checkBookletTitle, checkSectionContent } from "../../../shared/booklet-rules";
import type { SectionContent } from "../../../shared/api-types";
import { useShell } from "~/components/shell/shell-context";
import { ConfirmDialog } from "~/components/ui/modal";
import { api, errorMessage } from "~/lib/api";
import { EditorTitleBar } from "./editor-title-bar";
import { MarkdownEditor, saveStatus } from "./markdown-editor";
import { useAutosave } from "./use-autosave";

/**
 * One section in the Markdown editor: its title (renaming is typing here) and text, autosaved
 * through PUT /api/booklets/sections/{id}; 免费试读 and 删除 beside them. A section has no draft of
 * its own: in a booklet on sale a save is what readers see, which the indicator says.
 */
export function SectionEditor({
  section,
  published,
  onTitle,
  onDeleted,
}: {
  section: SectionContent;
  published: boolean;
  onTitle: (title: string) => void;
  onDeleted: () => void;
}) {
  const { alert } = useShell();
  const revalidator = useRevalidator();
  const [title, setTitle] = useState(section.title);
  const [content, setContent] = useState(section.content);
  const [isFree, setIsFree] = useState(section.isFree);
  const [freeBusy, setFreeBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  // The rules the server applies: a text it would refuse is not sent, and the reason is shown.
  const problem = checkBookletTitle(title) ?? checkSectionContent(content);
  const autosave = useAutosave(`/api/booklets/sections/${section.id}`, { title, content }, !problem);
  const { flush } = autosave;
  const onSave = useCallback(() => void flush(), [flush]);

  async function toggleFree(next: boolean) {
    setIsFree(next);
    setFreeBusy(true);
    try {
      await api.put("/api/booklets/isFreeSection", { sectionId: section.id, isFree: next });
      alert(next ? "已设为免费试读" : "已取消免费试读", "success");
      await revalidator.revalidate();
    } catch (err) {
      setIsFree(!next);
      alert(errorMessage(err), "error");
    } finally {
      setFreeBusy(false);
    }
  }

  async function remove() {
    setDeleteBusy(true);
    try {
      await api.del(`/api/booklets/sections/${section.id}`);
      // Nothing left to save: the row is gone.
      autosave.markSaved();
      setDeleting(false);
      alert("章节已删除", "success");
      onDeleted();
    } catch (err) {
      alert(errorMessage(err, "删除失败，请稍后重试"), "error");
    } finally {
      setDeleteBusy(false);
    }
  }

  const status = problem
    ? `未保存：${problem}`
    : autosave.state === "saved" && published
      ? "已保存，读者可见"
      : saveStatus(autosave);

  return (
    <>
      <EditorTitleBar
        id="section-title"
        label="章节标题"
        placeholder="输入章节标题..."
        title={title}
        max={TITLE_MAX}
        invalid={Boolean(checkBookletTitle(title))}
        onTitle={(next) => {
          setTitle(next);
          onTitle(next);
        }}
        titleRef={titleRef}
        state={problem ? "error" : autosave.state}
        status={status}
      >
        <label className="section-free-toggle">
          <input
            type="checkbox"
            checked={isFree}
            disabled={freeBusy}
            onChange={(event) => void toggleFree(event.target.checked)}
          />
          免费试读
        </label>
        <button type="button" className="btn" onClick={() => setDeleting(true)}>
          删除章节
        </button>
      </EditorTitleBar>
      <MarkdownEditor
        value={content}
        onChange={setContent}
        initialPreview={{ html: section.html, toc: section.toc }}
        onSave={onSave}
        label="章节正文（Markdown）"
      />
      <ConfirmDialog
        open={deleting}
        title="删除章节"
        message={`确定删除「${title.trim() || section.title}」吗？删除后无法恢复。`}
        confirmLabel="删除"
        busy={deleteBusy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}
