import { useState } from "react";
import { errorMessage, type UploadedImage } from "~/lib/api";
import { uploadWithProgress } from "~/lib/upload-progress";

/** What an upload is for (server/services/uploads/schema.ts): any picture, or a collection background. */
export type UploadPurpose = "image" | "collection";

/** What the file dialog offers; the server decides by the first bytes anyway (spec §5). */
export const ACCEPT: Record<UploadPurpose, string> = {
  image: "image/jpeg,image/png,image/gif,image/webp,image/bmp",
  collection: "image/jpeg,image/png",
};

/**
 * The one way a form sends a picture: POST /api/upload with its purpose, reporting 0–1 as the
 * bytes leave. Rejects with the server's own refusal (413 文件太大, 415 文件格式不支持 …).
 */
export function sendImage(
  file: Blob,
  name: string,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  const form = new FormData();
  // Before the file, so the server cuts a collection background off at its own limit.
  form.append("purpose", purpose);
  form.append("file", file, name);
  return uploadWithProgress(form, onProgress);
}

/** A refusal as it is written under the field: which file, and the server's words. */
export const uploadFailure = (name: string, error: unknown) =>
  `${name}：${errorMessage(error, "上传失败，请稍后重试")}`;

/**
 * One file at a time for a single-image field: progress while sending (null when idle), the last
 * refusal (null when none), and `send`, which resolves to the upload or null when it was refused.
 */
export function useUpload(purpose: UploadPurpose) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: Blob, name: string): Promise<UploadedImage | null> {
    setError(null);
    setProgress(0);
    try {
      return await sendImage(file, name, purpose, setProgress);
    } catch (err) {
      setError(uploadFailure(name, err));
      return null;
    } finally {
      setProgress(null);
    }
  }

  return { progress, error, setError, send };
}
