import { formatNotSupported, imageUnreadable, tooManyPixels } from "./errors.ts";

/** Decoded pixels, rows top to bottom, RGB or RGBA bytes. */
export interface RawImage {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Buffer;
}

interface Channel {
  mask: number;
  shift: number;
  max: number;
}

function channel(mask: number): Channel {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const bits = (mask >>> shift).toString(2);
  // Only contiguous masks (0b0111_1100_0000_0000), as every real encoder writes.
  if (!/^1+$/.test(bits)) throw formatNotSupported();
  return { mask, shift, max: 2 ** bits.length - 1 };
}

const scale = (px: number, c: Channel) =>
  c.max === 0 ? 0 : Math.round((((px & c.mask) >>> c.shift) * 255) / c.max);

/**
 * libvips, and so sharp, cannot read BMP: this is a small strict decoder for the BMPs people still
 * have (Windows Paint, screenshots): uncompressed 1/4/8-bit palette, 16/24/32-bit, and 16/32-bit
 * bit fields. RLE and embedded JPEG/PNG are refused as unsupported. Dimensions are checked against
 * maxPixels before any pixel buffer is allocated; pixel data shorter than the header claims is refused.
 */
export function decodeBmp(buf: Buffer, maxPixels: number): RawImage {
  if (buf.length < 54) throw imageUnreadable();
  const offset = buf.readUInt32LE(10);
  const dib = buf.readUInt32LE(14);
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const colorsUsed = buf.readUInt32LE(46);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height === 0 || height > 0x7fffffff) throw imageUnreadable();
  if (width * height > maxPixels) throw tooManyPixels(maxPixels);

  let masks: [Channel, Channel, Channel, Channel] | undefined;
  if (compression === 3 && (bpp === 16 || bpp === 32)) {
    // Masks live inside a v4/v5 header, or right after a 40-byte one.
    if (buf.length < 14 + 40 + 12) throw imageUnreadable();
    const at = 14 + 40;
    const alpha = dib >= 56 ? buf.readUInt32LE(at + 12) : 0;
    masks = [
      channel(buf.readUInt32LE(at)),
      channel(buf.readUInt32LE(at + 4)),
      channel(buf.readUInt32LE(at + 8)),
      channel(alpha),
    ];
  } else if (compression === 0 && bpp === 16) {
    masks = [channel(0x7c00), channel(0x03e0), channel(0x001f), channel(0)];
  } else if (compression !== 0 || ![1, 4, 8, 24, 32].includes(bpp)) {
    throw formatNotSupported();
  }

  let palette: Buffer | undefined;
  let paletteSize = 0;
  if (bpp <= 8) {
    paletteSize = colorsUsed || 2 ** bpp;
    if (paletteSize > 2 ** bpp) throw imageUnreadable();
    const start = 14 + dib;
    if (start + paletteSize * 4 > buf.length) throw imageUnreadable();
    palette = buf.subarray(start, start + paletteSize * 4);
  }

  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (offset < 14 + dib || offset + stride * height > buf.length) throw imageUnreadable();

  const channels = masks && masks[3].mask !== 0 ? 4 : 3;
  const out = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    let o = y * width * channels;
    for (let x = 0; x < width; x++, o += channels) {
      if (palette) {
        const bit = x * bpp;
        const byte = buf[row + (bit >> 3)];
        const index = bpp === 8 ? byte : (byte >> (8 - bpp - (bit & 7))) & (2 ** bpp - 1);
        if (index >= paletteSize) throw imageUnreadable();
        out[o] = palette[index * 4 + 2];
        out[o + 1] = palette[index * 4 + 1];
        out[o + 2] = palette[index * 4];
      } else if (masks) {
        const px = bpp === 16 ? buf.readUInt16LE(row + x * 2) : buf.readUInt32LE(row + x * 4);
        out[o] = scale(px, masks[0]);
        out[o + 1] = scale(px, masks[1]);
        out[o + 2] = scale(px, masks[2]);
        if (channels === 4) out[o + 3] = scale(px, masks[3]);
      } else {
        // 24-bit, and 32-bit BI_RGB whose fourth byte is unused (opaque).
        const p = row + x * (bpp / 8);
        out[o] = buf[p + 2];
        out[o + 1] = buf[p + 1];
        out[o + 2] = buf[p];
      }
    }
  }
  return { width, height, channels, data: out };
}
