import {
  BOOKS,
  CLOSING_SENTENCES,
  COMPANIES,
  LIST_ITEMS,
  METRICS,
  SECTION_HEADINGS,
  SENTENCES,
  TITLE_PATTERNS,
  TOOLS,
  type Topic,
} from "./corpus.ts";
import type { Rng } from "./random.ts";

// Turns the corpus into titles, Markdown articles and short texts.

const CHINESE_NUMBERS = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];

/** Fills {kw}, {p}, {p2}, {co}, {n}, {pct}, {year}, {metric}, {tool}, {book} in a template. */
export function fill(rng: Rng, template: string, topic: Topic, year = 2026): string {
  const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    switch (key) {
      case "kw":
        return topic.kw;
      case "p":
        return rng.pick(topic.points);
      case "p2":
        return rng.pick(topic.points);
      case "co":
        return rng.pick(COMPANIES);
      case "n":
        return String(rng.range(2, 9));
      case "pct":
        return String(rng.range(15, 80));
      case "year":
        return String(year);
      case "metric":
        return rng.pick(METRICS);
      case "tool":
        return rng.pick(TOOLS);
      case "book":
        return rng.pick(BOOKS);
      default:
        return key;
    }
  });
  // Templates put spaces around every placeholder (right next to Latin words); between two
  // Chinese characters they are dropped: "在 滴滴 的" becomes "在滴滴的".
  return text.replace(/([\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])/g, "$1");
}

export function entryTitle(rng: Rng, topic: Topic, year: number): string {
  const title = rng.chance(0.5) ? rng.pick(topic.titles) : fill(rng, rng.pick(TITLE_PATTERNS), topic, year);
  return title.slice(0, 100);
}

/** A paragraph of distinct sentences, none already used in the article (`used`). */
function paragraph(rng: Rng, topic: Topic, sentences: number, used: Set<number>): string {
  let text = "";
  for (let i = 0; i < sentences; i++) {
    let k = rng.int(SENTENCES.length);
    for (let tries = 0; used.has(k) && tries < 5; tries++) k = rng.int(SENTENCES.length);
    used.add(k);
    text += fill(rng, SENTENCES[k], topic);
  }
  return text;
}

/**
 * A column article in Markdown: an introduction, 3–5 numbered `##` sections (one with the topic's
 * code block, one with a list, one with a link to the docs), a summary and references.
 */
export function articleMarkdown(rng: Rng, topic: Topic): string {
  const used = new Set<number>();
  const parts: string[] = [paragraph(rng, topic, rng.range(2, 3), used)];
  const sectionCount = rng.range(3, 5);
  const headings = rng.distinct(SECTION_HEADINGS.length, sectionCount).map((i) => SECTION_HEADINGS[i]);
  const codeAt = topic.code ? rng.int(sectionCount) : -1;
  const listAt = rng.int(sectionCount);
  const linkAt = rng.int(sectionCount);
  headings.forEach((heading, i) => {
    parts.push(`## ${CHINESE_NUMBERS[i]}、${fill(rng, heading, topic)}`);
    parts.push(paragraph(rng, topic, rng.range(2, 4), used));
    if (i === linkAt) {
      parts.push(`详细说明可以参考 [${topic.docs.text}](${topic.docs.url})，里面有更完整的示例。`);
    }
    if (i === codeAt && topic.code) {
      parts.push("```" + topic.code.lang + "\n" + topic.code.code + "\n```");
      parts.push(paragraph(rng, topic, 1, used));
    }
    if (i === listAt) {
      const items = rng.distinct(LIST_ITEMS.length, rng.range(3, 5));
      parts.push(items.map((j) => `- ${fill(rng, LIST_ITEMS[j], topic)}`).join("\n"));
    }
  });
  parts.push("## 总结");
  parts.push(paragraph(rng, topic, 1, used) + rng.pick(CLOSING_SENTENCES));
  parts.push(`**参考资料**\n\n1. [${topic.docs.text}](${topic.docs.url})`);
  return parts.join("\n\n") + "\n";
}

/** The abstract: Markdown reduced to plain text, whitespace collapsed, at most `max` characters. */
export function plainSummary(markdown: string, max = 120): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#+\s*/gm, "")
    .replace(/^\s*[-*]\s+/gm, "")
    .replace(/[*_`>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? text.slice(0, max) + "…" : text;
}

/** A URL-safe slug of Latin letters for fake link paths. */
export function slug(rng: Rng, words = 4): string {
  const vocabulary = [
    "react",
    "hooks",
    "guide",
    "deep",
    "dive",
    "performance",
    "rust",
    "go",
    "scaling",
    "database",
    "index",
    "cache",
    "design",
    "system",
    "ai",
    "llm",
    "kubernetes",
    "async",
    "css",
    "tips",
  ];
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(vocabulary));
  return out.join("-") + "-" + rng.hex8().slice(0, 6);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A self-contained SVG image: a gradient and a title, for banners and booklet covers. */
export function svgImage(
  width: number,
  height: number,
  title: string,
  colours: readonly [string, string],
): string {
  const size = Math.round(Math.min(width / Math.max(4, title.length + 2), height / 4));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="50%" fill="#fff" font-size="${size}" font-family="sans-serif" text-anchor="middle" ` +
    `dominant-baseline="middle">${escapeXml(title)}</text></svg>`
  );
}

/** svgImage as a data: URL, for images that need no file (booklet covers, tests' banners). */
export function svgDataUrl(
  width: number,
  height: number,
  title: string,
  colours: readonly [string, string],
): string {
  return "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svgImage(width, height, title, colours));
}

/**
 * Where the demo's banner i (corpus.ts BANNERS) is served: public/demo/, a static file like an
 * uploaded image's URL. As a data: URL each banner stood twice in every page that shows it (the
 * image and the hydration data), 1.5 KB each time, on the pages a crowd reads most (home, explore).
 * db/seed/banners.test.ts checks the files against svgImage.
 */
export const demoBannerUrl = (i: number) => `/demo/banner-${i + 1}.svg`;

/** The drawing of a demo banner, as its file holds it. */
export function demoBannerSvg(banner: {
  position: string;
  title: string;
  colours: readonly [string, string];
}) {
  const [w, h] = banner.position === "hero" ? [1200, 300] : [240, 200];
  return svgImage(w, h, banner.title, banner.colours);
}
