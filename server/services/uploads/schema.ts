import { Type } from "@sinclair/typebox";

/** What an upload is for: a picture in a pin or comment, or a collection's background (spec §5). */
export const UPLOAD_PURPOSES = ["image", "collection"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The types we recognise by their first bytes; bmp is stored as png. */
export type ImageType = "jpg" | "png" | "gif" | "webp" | "bmp";
/** What a stored file can be (bmp never is: it is converted to png). */
export type StoredType = Exclude<ImageType, "bmp">;

/** Collection backgrounds (spec §5, §9): at most 1,048,576 bytes, jpg or png. */
export const COLLECTION_MAX_BYTES = 1_048_576;

/** Per purpose: which first-byte types are accepted. */
export const ACCEPTED_TYPES: Record<UploadPurpose, readonly ImageType[]> = {
  image: ["jpg", "png", "gif", "webp", "bmp"],
  collection: ["jpg", "png"],
};

/**
 * Decompression bombs: a 20 kB PNG can claim 50,000 × 50,000 pixels. The header is read first and
 * anything over this many pixels (all frames of an animation together) is refused before decoding.
 */
export const MAX_PIXELS = 40_000_000;

/** Uploads a user may make a minute: nine images for a pin, with room for retries. */
export { UPLOADS as UPLOAD_RATE } from "../../lib/rate-limits.ts";

/** A stored file's path under /uploads/: year/month/sha256-of-the-stored-bytes.ext. */
export const STORED_PATH = /^(\d{4})\/(\d{2})\/([0-9a-f]{64})\.(jpg|png|gif|webp)$/;
/**
 * What /uploads/* serves: an original, or one of its variants (`<sha256>@thumb.jpg`, shared/uploads.ts).
 * Groups: year, month, hash, variant (or undefined), type.
 */
export const SERVED_PATH = /^(\d{4})\/(\d{2})\/([0-9a-f]{64})(?:@(large|thumb|avatar))?\.(jpg|png|gif|webp)$/;
/** An uploaded image's URL as the API returns it (site-relative); pins accept these besides http(s). */
export const UPLOAD_URL = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{64}\.(jpg|png|gif|webp)$/;

/**
 * The one rule for an image address users attach (comment picList, pin imageUrlList): an http(s)
 * URL without spaces or "|" (the list separator), or an image uploaded here.
 */
export function isImageUrl(url: string): boolean {
  return url.length <= 1000 && (/^https?:\/\/[^\s|]+$/.test(url) || UPLOAD_URL.test(url));
}

export const UploadQuery = Type.Object({
  purpose: Type.Optional(
    Type.Union(
      UPLOAD_PURPOSES.map((p) => Type.Literal(p)),
      { description: "image（默认）或 collection（收藏集背景）；也可作为表单字段，放在 file 之前" },
    ),
  ),
});

export const UploadData = Type.Object({
  id: Type.String({ description: "这次上传的记录 id" }),
  url: Type.String({
    description:
      "站内地址 /uploads/<yyyy>/<mm>/<sha256>.<ext>（配置 S3_PUBLIC_URL 时为 CDN 地址）；缩略图等在文件名后加 @thumb、@large、@avatar",
  }),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer({ description: "保存后的字节数" }),
  type: Type.String({ description: "保存的格式：jpg、png、gif 或 webp（bmp 转为 png）" }),
});

export const ServeParams = Type.Object({ "*": Type.String({ maxLength: 200 }) });
