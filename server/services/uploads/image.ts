import sharp, { type Metadata, type Sharp } from "sharp";
import { decodeBmp } from "./bmp.ts";
import { formatNotSupported, imageUnreadable, tooManyPixels } from "./errors.ts";
import { MAX_PIXELS, type ImageType, type StoredType } from "./schema.ts";
import { sniffImageType } from "./sniff.ts";

// Uploads are one-off inputs: libvips' operation cache would only hold on to their memory.
sharp.cache(false);

/** Spec §9: image quality 85 by default. */
export const QUALITY = 85;

export interface Reencoded {
  data: Buffer;
  type: StoredType;
  width: number;
  /** Height of one frame (animated GIF/WebP keep every frame). */
  height: number;
}

const SHARP_FORMAT: Record<StoredType, string> = { jpg: "jpeg", png: "png", gif: "gif", webp: "webp" };

export async function encode(pipeline: Sharp, type: StoredType): Promise<Reencoded> {
  const out =
    type === "jpg"
      ? pipeline.jpeg({ quality: QUALITY, mozjpeg: true })
      : type === "webp"
        ? pipeline.webp({ quality: QUALITY })
        : type === "gif"
          ? pipeline.gif()
          : pipeline.png({ compressionLevel: 9 });
  try {
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { data, type, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw imageUnreadable();
  }
}

/**
 * Checks an upload and writes it anew (security standard: magic bytes, size, re-encode): the type
 * comes from the first bytes and must be one of `accepted`; the header's pixel count (all frames) is
 * checked before decoding; the whole image must decode without warnings (truncated or corrupt files
 * are refused); then it is encoded again at quality 85 — which drops EXIF/GPS and other metadata,
 * anything appended after the image, and any polyglot payload. EXIF orientation is applied first so
 * photos stay upright. BMP is decoded here and stored as PNG.
 */
export async function reencodeImage(
  input: Buffer,
  accepted: readonly ImageType[],
  maxPixels = MAX_PIXELS,
): Promise<Reencoded> {
  const type = sniffImageType(input);
  if (!type || !accepted.includes(type)) throw formatNotSupported();

  if (type === "bmp") {
    const raw = decodeBmp(input, maxPixels);
    const { width, height, channels } = raw;
    return encode(sharp(raw.data, { raw: { width, height, channels } }), "png");
  }

  // Options shared by the header read and the decode: strict on damage, every frame of an animation.
  const options = { failOn: "warning", animated: type === "gif" || type === "webp" } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw imageUnreadable();
  }
  // The first bytes and the decoder must agree (they always should; this keeps SVG & co. out for good).
  if (meta.format !== SHARP_FORMAT[type]) throw formatNotSupported();
  // With `animated`, height is every frame stacked: the pixel budget covers the whole animation.
  if (!meta.width || !meta.height) throw imageUnreadable();
  if (meta.width * meta.height > maxPixels) throw tooManyPixels(maxPixels);

  const pipeline = sharp(input, { ...options, limitInputPixels: maxPixels });
  return encode((meta.pages ?? 1) > 1 ? pipeline : pipeline.autoOrient(), type);
}
