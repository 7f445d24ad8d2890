import type { ImageType } from "./schema.ts";

const startsWith = (buf: Buffer, bytes: number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The image type by the file's first bytes (spec §5), never by its name or Content-Type: a page
 * renamed .png is still a page. Undefined for anything else (HTML, SVG, ZIP, PDF …).
 */
export function sniffImageType(buf: Buffer): ImageType | undefined {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(buf, ascii("GIF87a")) || startsWith(buf, ascii("GIF89a"))) return "gif";
  if (startsWith(buf, ascii("RIFF")) && startsWith(buf, ascii("WEBP"), 8)) return "webp";
  // "BM" alone is two common letters: also ask for a plausible header (DIB size, one plane).
  if (startsWith(buf, ascii("BM")) && buf.length >= 30) {
    const dib = buf.readUInt32LE(14);
    if ([40, 52, 56, 108, 124].includes(dib) && buf.readUInt16LE(26) === 1) return "bmp";
  }
  return undefined;
}
