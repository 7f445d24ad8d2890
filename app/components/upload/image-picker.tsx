import { useId, useState, type ChangeEvent, type Dispatch, type SetStateAction } from "react";
import type { UploadedImage } from "~/lib/api";
import { useShell } from "~/components/shell/shell-context";
import { ACCEPT, sendImage, uploadFailure, type UploadPurpose } from "./use-upload";
import "./image-picker.css";

/** One chosen image: uploading (uploaded is null, progress 0–1) or uploaded. */
export interface PickedImage {
  key: string;
  name: string;
  uploaded: UploadedImage | null;
  progress?: number;
}

/** The URLs of the images that finished uploading, in the order shown. */
export const uploadedUrls = (images: PickedImage[]): string[] =>
  images.flatMap((image) => (image.uploaded ? [image.uploaded.url] : []));

/** True while any chosen image is still on its way. */
export const isUploading = (images: PickedImage[]): boolean => images.some((image) => !image.uploaded);

let nextKey = 0;

/**
 * Choose up to `max` images: each uploads at once through POST /api/upload (use-upload.ts) with
 * its own progress bar, shows as a thumbnail with a remove button, and a refusal (文件太大, 文件格式
 * 不支持 …) stays written under the images, naming the file, until the next choice. The list lives in the parent (`images`/`onChange` from useState),
 * so the parent can read the URLs and clear the list after posting.
 */
export function ImagePicker({
  images,
  onChange,
  max,
  purpose = "image",
  maxBytes,
  disabled = false,
  label = "添加图片",
}: {
  images: PickedImage[];
  onChange: Dispatch<SetStateAction<PickedImage[]>>;
  max: number;
  purpose?: UploadPurpose;
  /** Refuse bigger files before sending them (the server checks again). */
  maxBytes?: number;
  disabled?: boolean;
  label?: string;
}) {
  const { requireLogin } = useShell();
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);

  async function send(file: File, key: string) {
    const update = (change: Partial<PickedImage>) =>
      onChange((list) => list.map((image) => (image.key === key ? { ...image, ...change } : image)));
    try {
      const uploaded = await sendImage(file, file.name, purpose, (progress) => update({ progress }));
      update({ uploaded });
    } catch (error) {
      onChange((list) => list.filter((image) => image.key !== key));
      setProblems((list) => [...list, uploadFailure(file.name, error)]);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again must fire change again.
    event.target.value = "";
    if (files.length === 0 || !requireLogin()) return;
    const room = max - images.length;
    const found: string[] = files.length > room ? [`最多 ${max} 张图片`] : [];
    const chosen = files.slice(0, Math.max(0, room)).filter((file) => {
      if (maxBytes && file.size > maxBytes) {
        found.push(`${file.name}：文件太大`);
        return false;
      }
      return true;
    });
    setProblems(found);
    const added = chosen.map((file) => ({
      key: `picked-${++nextKey}`,
      name: file.name,
      uploaded: null,
      progress: 0,
    }));
    onChange((list) => [...list, ...added]);
    added.forEach((image, i) => void send(chosen[i], image.key));
  }

  return (
    <div className="image-picker-field">
      <ul className="image-picker" aria-label="已选图片">
        {images.map((image, i) => (
          <li key={image.key} className="image-picker-item">
            {image.uploaded ? (
              <img src={image.uploaded.url} alt={`已选图片 ${i + 1}`} />
            ) : (
              <span className="image-picker-pending" role="status">
                上传中…
                <progress max={1} value={image.progress ?? 0} aria-label={`图片 ${i + 1} 上传进度`} />
              </span>
            )}
            <button
              type="button"
              className="image-picker-remove"
              aria-label={`移除图片 ${i + 1}`}
              title="移除"
              onClick={() => onChange((list) => list.filter((other) => other.key !== image.key))}
            >
              ×
            </button>
          </li>
        ))}
        {images.length < max ? (
          <li className="image-picker-item image-picker-slot">
            <input
              id={inputId}
              type="file"
              accept={ACCEPT[purpose]}
              multiple={max > 1}
              disabled={disabled}
              className="visually-hidden image-picker-input"
              onChange={choose}
            />
            <label htmlFor={inputId} className="image-picker-add" title={label}>
              <span aria-hidden="true">+</span>
              <span className="image-picker-add-text">
                {label}
                {max > 1 ? `（${images.length}/${max}）` : ""}
              </span>
            </label>
          </li>
        ) : null}
      </ul>
      {problems.length ? (
        <p className="field-error image-picker-errors" role="alert">
          {problems.map((problem, i) => (
            <span key={i}>{problem}</span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
