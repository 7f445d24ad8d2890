import { useState } from "react";
import { TAGS_MAX } from "../../../shared/post-rules";
import { Modal } from "~/components/ui/modal";
import { FormError } from "~/components/ui/field";

export interface CategoryOption {
  id: string;
  name: string;
  title: string;
}

export interface TagOption {
  id: string;
  title: string;
}

interface PublishDialogProps {
  open: boolean;
  onClose: () => void;
  /** "publish" for a draft, "update" for a published article. */
  mode: "publish" | "update";
  categories: CategoryOption[];
  tags: TagOption[];
  initialCategoryId: string | null;
  initialTagIds: string[];
  busy: boolean;
  /** A problem to show inside the dialog (a category or tag the server refused). */
  error: string | null;
  onSubmit: (choice: { categoryId: string | null; tagIds: string[] }) => void;
}

/**
 * Choosing where an article goes: one of the nine categories (a radio group: arrow keys move) and
 * up to three tags (toggle buttons). Escape or the backdrop closes it (ui/modal).
 */
export function PublishDialog(props: PublishDialogProps) {
  return props.open ? <PublishDialogBody {...props} /> : null;
}

// Mounted per opening, so every opening starts from the article's current choice.
function PublishDialogBody({
  onClose,
  mode,
  categories,
  tags,
  initialCategoryId,
  initialTagIds,
  busy,
  error,
  onSubmit,
}: PublishDialogProps) {
  const [categoryId, setCategoryId] = useState<string | null>(initialCategoryId);
  const [tagIds, setTagIds] = useState<string[]>(initialTagIds);
  const [missing, setMissing] = useState(false);
  const full = tagIds.length >= TAGS_MAX;

  function toggle(id: string) {
    setTagIds((ids) => (ids.includes(id) ? ids.filter((t) => t !== id) : full ? ids : [...ids, id]));
  }

  return (
    <Modal open onClose={onClose} labelledBy="publish-title" className="publish-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!categoryId) {
            setMissing(true);
            return;
          }
          onSubmit({ categoryId, tagIds });
        }}
      >
        <h2 id="publish-title" className="modal-title">
          {mode === "publish" ? "发布文章" : "更新文章"}
        </h2>
        <fieldset className="publish-group" aria-describedby={missing ? "publish-category-error" : undefined}>
          <legend className="publish-label">
            分类<span className="publish-required">（必选）</span>
          </legend>
          <div className="publish-categories">
            {categories.map((c) => (
              <label key={c.id} className={`publish-choice${categoryId === c.id ? " selected" : ""}`}>
                <input
                  type="radio"
                  name="categoryId"
                  value={c.id}
                  checked={categoryId === c.id}
                  onChange={() => {
                    setCategoryId(c.id);
                    setMissing(false);
                  }}
                />
                {c.title}
              </label>
            ))}
          </div>
          <FormError id="publish-category-error" message={missing ? "请选择文章分类" : null} />
        </fieldset>
        <fieldset className="publish-group">
          <legend className="publish-label">
            标签
            <span className="publish-hint">
              （最多 {TAGS_MAX} 个，已选 {tagIds.length}）
            </span>
          </legend>
          <div className="publish-tags">
            {tags.map((t) => {
              const on = tagIds.includes(t.id);
              return (
                <button
                  key={t.id}
                  type="button"
                  className={`publish-tag${on ? " selected" : ""}`}
                  aria-pressed={on}
                  disabled={!on && full}
                  onClick={() => toggle(t.id)}
                >
                  {t.title}
                </button>
              );
            })}
          </div>
        </fieldset>
        <FormError className="publish-error" message={error} />
        <div className="confirm-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "请稍候..." : mode === "publish" ? "确定并发布" : "确定并更新"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
