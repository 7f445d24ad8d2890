import {
  ApiError,
  CSRF_HEADER,
  NETWORK_ERROR_CODE,
  NETWORK_MESSAGE,
  TIMEOUT_MESSAGE,
  UPLOAD_TIMEOUT_MS,
  csrfToken,
  unwrap,
  type Envelope,
  type UploadedImage,
} from "./api";
import { reportRequestFailure } from "./request-health";

// Its own module, not api.ts: api.ts is in every page's first JavaScript, this only in the editors'.
/**
 * `upload` with progress: fetch cannot report how much of a request body has gone, so this one
 * sends through XMLHttpRequest and calls `onProgress` with 0–1 as the bytes leave. Same answers
 * and errors as `upload` (the server's 413 文件太大 and 415 文件格式不支持 included).
 */
export function uploadWithProgress(
  formData: FormData,
  onProgress: (fraction: number) => void,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload");
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader(CSRF_HEADER, csrfToken());
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let envelope: Envelope<UploadedImage> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<UploadedImage>;
      } catch {
        // not an envelope: a proxy's page; unwrap names it by status
      }
      try {
        resolve(unwrap(envelope, xhr.status, "文件太大"));
      } catch (error) {
        reject(error);
      }
    };
    xhr.ontimeout = () => reject(new ApiError(NETWORK_ERROR_CODE, TIMEOUT_MESSAGE));
    xhr.onerror = () => {
      reportRequestFailure();
      reject(new ApiError(NETWORK_ERROR_CODE, NETWORK_MESSAGE));
    };
    xhr.send(formData);
  });
}
