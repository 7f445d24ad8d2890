/**
 * Resized copies of an uploaded image (ADR 007), made once by the upload-variants job and stored
 * next to the original: `<yyyy>/<mm>/<sha256>@<name>.<ext>`. The UI derives a variant's address
 * from the original's with `variantUrl`; until the job has made it, the address serves the original.
 */
export const IMAGE_VARIANTS = {
  /** The spec's §9 rewrite: fits inside 1280 × 960, never enlarged. */
  large: { width: 1280, height: 960, fit: "inside" },
  /** Lists (the pin 9-grid, comment pictures): fits inside 400 × 300. */
  thumb: { width: 400, height: 300, fit: "inside" },
  /** Avatars: a 200 × 200 square, cropped to the middle. */
  avatar: { width: 200, height: 200, fit: "cover" },
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;
export const IMAGE_VARIANT_NAMES = Object.keys(IMAGE_VARIANTS) as ImageVariant[];

/** The last path segment of an uploaded original: the content hash and the stored type. */
const ORIGINAL = /^(.*\/[0-9a-f]{64})\.(jpg|png|gif|webp)$/;

/**
 * The address of an upload's variant: `/uploads/2026/11/<sha>.jpg` → `/uploads/2026/11/<sha>@thumb.jpg`
 * (the same for a CDN address of it). Any other address (an http(s) image elsewhere) comes back as it is.
 */
export function variantUrl(url: string, variant: ImageVariant): string {
  const m = ORIGINAL.exec(url);
  return m ? `${m[1]}@${variant}.${m[2]}` : url;
}
