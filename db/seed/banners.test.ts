import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BANNERS } from "./corpus.ts";
import { demoBannerSvg, demoBannerUrl } from "./text.ts";

// The demo's banners are static files (public/demo/) the seed links to: they must exist and show
// what the corpus says, or the home page's hero shows a broken image or a stale title.
describe("demo banner files", () => {
  it("public/ holds every banner of the corpus, drawn from its title and colours", () => {
    BANNERS.forEach((banner, i) => {
      const file = path.join("public", demoBannerUrl(i));
      expect(fs.readFileSync(file, "utf8"), file).toBe(demoBannerSvg(banner));
    });
  });
});
