import { useState, useSyncExternalStore, type FormEvent } from "react";
import { errorMessage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { ImagePicker, isUploading, uploadedUrls, type PickedImage } from "~/components/upload/image-picker";

/** Spec §7: the longest comment the server takes (server/services/comments/schema.ts). */
const MAX_LENGTH = 1000;

/** Spec §7 picList: the server takes at most 9 images a comment (server/services/comments/schema.ts). */
const MAX_PICS = 9;

interface CommentBoxProps {
  placeholder?: string;
  initial?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  /** Sends the text (and images); resolves when saved (the box then clears), rejects to keep it. */
  onSubmit: (content: string, picList: string[]) => Promise<void>;
  onCancel?: () => void;
}

const noSubscribe = () => () => {};

/** A textarea with 发布; logged out, clicking, typing or sending opens the login dialog instead. */
export function CommentBox({
  placeholder = "输入评论...",
  initial = "",
  submitLabel = "发布",
  autoFocus,
  onSubmit,
  onCancel,
}: CommentBoxProps) {
  const { viewer, requireLogin, alert, barrage } = useShell();
  const [content, setContent] = useState(initial);
  const [images, setImages] = useState<PickedImage[]>([]);
  const uploading = isUploading(images);
  const [busy, setBusy] = useState(false);
  // A new picker after each comment: refusals about files of the last one go with it.
  const [sent, setSent] = useState(0);
  // Read-only in the server's markup: the thread's code takes over from it later
  // (app/lib/deferred.tsx) and text typed before that would be lost.
  const ready = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!requireLogin()) return;
    if (!content.trim() || uploading) return;
    setBusy(true);
    try {
      await onSubmit(content, uploadedUrls(images));
      setContent("");
      // A new comment or reply may set off the barrage (233, 666, 牛…); saving an edit (the box
      // that starts from the old text) does not.
      if (!initial) barrage(content);
      setImages([]);
      setSent((n) => n + 1);
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
        maxLength={MAX_LENGTH}
        rows={3}
        readOnly={!ready}
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
      {viewer ? (
        <ImagePicker
          key={sent}
          images={images}
          onChange={setImages}
          max={MAX_PICS}
          disabled={busy}
          label="图片"
        />
      ) : null}
      <div className="comment-box-actions">
        <span className="comment-box-count">
          {content.length}/{MAX_LENGTH}
        </span>
        {onCancel ? (
          <button type="button" className="btn" onClick={onCancel}>
            取消
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy || uploading || !content.trim()}>
          {busy ? "发布中..." : submitLabel}
        </button>
      </div>
    </form>
  );
}
