import sharp from "sharp";

/**
 * A picture worth looking at in a screenshot: a diagonal gradient from `hue`, with a white stripe
 * through the middle, upright ("down") or lying ("across"). Encode it as the test needs
 * (`.png()`, `.jpeg()`, `.gif()`, then `.toBuffer()`).
 */
export function gradientPicture(
  width: number,
  height: number,
  hue: [number, number, number],
  stripe: "down" | "across" = "down",
) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const o = (y * width + x) * 3;
      const white =
        stripe === "down" ? Math.abs(x - width / 2) < width / 14 : Math.abs(y - height / 2) < height / 12;
      data[o] = white ? 255 : Math.round(hue[0] * (1 - t) + 255 * t);
      data[o + 1] = white ? 255 : Math.round(hue[1] * (1 - t) + 200 * t);
      data[o + 2] = white ? 255 : Math.round(hue[2] * (1 - t) + 80 * t);
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}
