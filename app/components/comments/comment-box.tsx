import { useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/api";
import { useShell } from "../shell/shell-context";

interface CommentBoxProps {
  placeholder?: string;
  initial?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  /** Sends the text; resolves when saved (the box then clears), rejects to keep it. */
  onSubmit: (content: string) => Promise<void>;
  onCancel?: () => void;
}

/** A textarea with 发布; logged out, clicking, typing or sending opens the login dialog instead. */
export function CommentBox({
  placeholder = "输入评论...",
  initial = "",
  submitLabel = "发布",
  autoFocus,
  onSubmit,
  onCancel,
}: CommentBoxProps) {
  const { viewer, requireLogin, alert } = useShell();
  const [content, setContent] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!requireLogin()) return;
    if (!content.trim()) return;
    setBusy(true);
    try {
      await onSubmit(content);
      setContent("");
    } catch (error) {
      alert(errorMessage(error), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="comment-box" onSubmit={submit}>
      <textarea
        className="comment-box-input"
        value={content}
        placeholder={placeholder}
        aria-label={placeholder}
        maxLength={1000}
        rows={3}
        autoFocus={autoFocus}
        // Click and keys, not focus: closing the login dialog hands focus back here, which must
        // not open it again.
        onClick={() => !viewer && requireLogin()}
        onKeyDown={(e) => {
          if (!viewer && e.key.length === 1) {
            e.preventDefault();
            requireLogin();
          }
        }}
        onChange={(e) => setContent(e.target.value)}
      />
      <div className="comment-box-actions">
        <span className="comment-box-count">{content.length}/1000</span>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            取消
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || !content.trim()}>
          {busy ? "发布中..." : submitLabel}
        </button>
      </div>
    </form>
  );
}
