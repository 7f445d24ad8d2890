import { SHARE_LIMITS } from "../../../shared/publish-rules";
import { ShareField } from "./share-fields";

/**
 * 原文链接 with its 读取网页 button. Pasting into the empty field, Enter, or the button reads the page;
 * `error` is the field's own problem, `readError` why the page could not be read (publishing by hand
 * stays possible, so it is shown but not a validation error).
 */
export function ShareUrlField({
  id,
  value,
  error,
  readError,
  required,
  reading,
  onChange,
  onRead,
}: {
  id: string;
  value: string;
  error?: string;
  readError: string | null;
  required: boolean;
  reading: boolean;
  onChange: (value: string) => void;
  /** Read the page at this address (the pasted text, or the field's value). */
  onRead: (raw: string) => void;
}) {
  const problem = error || readError;
  return (
    <ShareField id={id} label="原文链接" error={error ?? readError ?? undefined} required={required}>
      <div className="share-url-row">
        <input
          id={id}
          className="input"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="粘贴文章链接，如 https://juejin.cn/post/…"
          value={value}
          maxLength={SHARE_LIMITS.urlMax}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : `${id}-hint`}
          onChange={(e) => onChange(e.target.value)}
          onPaste={(e) => {
            const text = e.clipboardData.getData("text").trim();
            if (text && !value.trim()) {
              e.preventDefault();
              onChange(text);
              onRead(text);
            }
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              onRead(value);
            }
          }}
        />
        <button type="button" className="btn" onClick={() => onRead(value)} disabled={reading}>
          {reading ? "读取中…" : "读取网页"}
        </button>
      </div>
      <p id={`${id}-hint`} className="share-hint">
        粘贴链接后自动读取网页的标题、描述和封面图，读取后仍可修改
      </p>
    </ShareField>
  );
}
