import { AppError } from "../../lib/errors.ts";

/** The spec §8 upload errors, with HTTP statuses that say the same (413, 415); d.field is "file". */
export const fileTooLarge = () => new AppError(413, "文件太大", "file");
export const formatNotSupported = () => new AppError(415, "文件格式不支持", "file");
/** The first bytes say image, but it does not decode: truncated, corrupt, or a disguised payload. */
export const imageUnreadable = () => new AppError(400, "图片已损坏或不完整，无法读取", "file");
export const tooManyPixels = (max: number) =>
  new AppError(400, `图片尺寸太大（最多 ${Math.round(max / 1e6)} 百万像素）`, "file");
