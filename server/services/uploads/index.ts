/** What other services may call of uploads: the rest of this folder is its own (docs/ARCHITECTURE.md). */
export { UPLOAD_URL, isImageUrl } from "./schema.ts";
export { type UploadService } from "./uploads.ts";
