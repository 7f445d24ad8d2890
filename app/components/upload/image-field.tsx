import { lazy, Suspense, useId, useState, type ChangeEvent, type ReactNode } from "react";
import { errorMessage } from "~/lib/api";
import { FormError } from "~/components/ui/field";
import { ACCEPT, useUpload, type UploadPurpose } from "./use-upload";
import "./image-field.css";

// Only someone changing their avatar needs the cropper: it loads when a file is chosen.
const CropDialog = lazy(() => import("./crop-dialog").then((m) => ({ default: m.CropDialog })));

interface ImageFieldProps {
  label: string;
  /** The current address; "" when none. */
  value: string;
  /**
   * Called with the uploaded address ("" for 移除). A promise that rejects (say, the profile
   * update refused it) leaves its message under the field, like the upload's own refusals.
   */
  onChange: (url: string) => void | Promise<unknown>;
  purpose?: UploadPurpose;
  /** The frame's shape: a 3:4 booklet cover, a wide background, a round avatar. */
  shape?: "cover" | "wide" | "avatar";
  /** The preview image's alt text. */
  alt: string;
  hint: string;
  chooseLabel: string;
  changeLabel: string;
  /** What the frame shows with no image. */
  empty?: ReactNode;
  /** Crop to a square in the browser before sending (avatars). */
  crop?: boolean;
  /** True while a file is on its way (a form waits for it before saving). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * A single-image field shared by the forms (booklet cover, collection background, avatar): the
 * current image, a button that sends the chosen file through POST /api/upload with a progress bar,
 * and the server's refusal (413 文件太大, 415 文件格式不支持) written under the field rather than in
 * a passing alert, so it is still there when looked for.
 */
export function ImageField({
  label,
  value,
  onChange,
  purpose = "image",
  shape = "cover",
  alt,
  hint,
  chooseLabel,
  changeLabel,
  empty,
  crop = false,
  onBusyChange,
}: ImageFieldProps) {
  const inputId = useId();
  const { progress, error, setError, send } = useUpload(purpose);
  const [cropping, setCropping] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = progress !== null || saving;

  async function apply(url: string) {
    setSaving(true);
    try {
      await onChange(url);
    } catch (err) {
      setError(errorMessage(err, "保存失败，请稍后重试"));
    } finally {
      setSaving(false);
    }
  }

  async function upload(file: Blob, name: string) {
    onBusyChange?.(true);
    try {
      const uploaded = await send(file, name);
      if (uploaded) await apply(uploaded.url);
    } finally {
      onBusyChange?.(false);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again must fire change again.
    event.target.value = "";
    if (!file) return;
    setError(null);
    if (crop) setCropping(file);
    else void upload(file, file.name);
  }

  return (
    <div className={`field image-field image-field-${shape}${error ? " has-error" : ""}`}>
      <span className="field-label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="image-field-row">
        <div className="image-field-frame">
          {value ? (
            <img src={value} alt={alt} />
          ) : (
            (empty ?? <span className="image-field-empty">暂无图片</span>)
          )}
        </div>
        <div className="image-field-side">
          <input
            id={inputId}
            type="file"
            accept={ACCEPT[purpose]}
            className="visually-hidden image-field-input"
            aria-labelledby={`${inputId}-label ${inputId}-button`}
            aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
            disabled={busy}
            onChange={choose}
          />
          <label htmlFor={inputId} id={`${inputId}-button`} className="btn">
            {value ? changeLabel : chooseLabel}
          </label>
          {value && !busy ? (
            <button type="button" className="btn btn-text" onClick={() => void apply("")}>
              移除
            </button>
          ) : null}
          {progress !== null ? (
            <progress
              className="image-field-progress"
              max={1}
              value={progress}
              aria-label={`${label}上传进度`}
            />
          ) : saving ? (
            <span className="image-field-hint" role="status">
              保存中…
            </span>
          ) : null}
          <p id={`${inputId}-hint`} className="image-field-hint">
            {hint}
          </p>
        </div>
      </div>
      <FormError id={`${inputId}-error`} message={error} />
      {cropping ? (
        <Suspense fallback={null}>
          <CropDialog
            file={cropping}
            onCancel={() => setCropping(null)}
            onCrop={(blob, name) => {
              setCropping(null);
              void upload(blob, name);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
