import { useId, useState, type ChangeEvent } from "react";
import { errorMessage } from "~/lib/api";
import { uploadWithProgress } from "~/lib/upload-progress";

/** What the file dialog offers; the server decides by the first bytes anyway (spec §5). */
const ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/bmp";

/**
 * A booklet's cover: the current image (or an empty frame), a 上传封面 button that sends the file
 * through POST /api/upload with a progress bar, and the server's refusal (413 文件太大, 415 文件格式不
 * 支持) written under the field rather than in a passing alert, so it is still there when looked for.
 */
export function CoverField({
  value,
  onChange,
  onBusyChange,
}: {
  value: string;
  onChange: (url: string) => void;
  /** True while a file is on its way (the form waits for it before saving). */
  onBusyChange?: (busy: boolean) => void;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire change again.
    event.target.value = "";
    if (!file) return;
    const form = new FormData();
    form.append("purpose", "image");
    form.append("file", file, file.name);
    setError(null);
    setProgress(0);
    onBusyChange?.(true);
    try {
      const uploaded = await uploadWithProgress(form, setProgress);
      onChange(uploaded.url);
    } catch (err) {
      setError(`${file.name}：${errorMessage(err, "上传失败，请稍后重试")}`);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  }

  return (
    <div className={`field cover-field${error ? " has-error" : ""}`}>
      <span className="field-label" id={`${inputId}-label`}>
        封面
      </span>
      <div className="cover-field-row">
        <div className="cover-field-frame">
          {value ? <img src={value} alt="小册封面" /> : <span className="cover-field-empty">暂无封面</span>}
        </div>
        <div className="cover-field-side">
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            className="visually-hidden cover-field-input"
            aria-labelledby={`${inputId}-label ${inputId}-button`}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
            disabled={progress !== null}
            onChange={choose}
          />
          <label htmlFor={inputId} id={`${inputId}-button`} className="btn">
            {value ? "更换封面" : "上传封面"}
          </label>
          {value && progress === null ? (
            <button type="button" className="btn btn-text" onClick={() => onChange("")}>
              移除
            </button>
          ) : null}
          {progress !== null ? (
            <progress className="cover-field-progress" max={1} value={progress} aria-label="封面上传进度" />
          ) : null}
          <p id={`${inputId}-hint`} className="cover-field-hint">
            jpg、png、gif、webp 或 bmp，建议 3:4 竖版
          </p>
        </div>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
