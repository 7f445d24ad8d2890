import sharp from "sharp";
import { IMAGE_VARIANTS, type ImageVariant } from "../../../shared/uploads.ts";
import { encode } from "./image.ts";
import type { StoredType } from "./schema.ts";

const animatedType = (type: StoredType) => type === "gif" || type === "webp";

/**
 * One variant of a stored original (already re-encoded and checked at upload): resized to the
 * variant's box in the original's format, never enlarged. An animation keeps its frames; a crop
 * (avatar) that libvips refuses on an animation falls back to fitting inside the box.
 */
export async function makeVariant(
  original: Buffer,
  type: StoredType,
  variant: ImageVariant,
): Promise<{ data: Buffer; width: number; height: number }> {
  const box = IMAGE_VARIANTS[variant];
  const resized = (fit: "inside" | "cover") =>
    encode(
      sharp(original, { animated: animatedType(type) }).resize({
        width: box.width,
        height: box.height,
        fit,
        withoutEnlargement: true,
      }),
      type,
    );
  try {
    return await resized(box.fit);
  } catch (err) {
    if (box.fit === "inside") throw err;
    return resized("inside");
  }
}
