/**
 * Reads the share preview of an HTML page (spec §3 "Page info for share": title, description, thumb,
 * url) without a DOM: the page's head is all we need and a tolerant scan of <title>, <meta> and <base>
 * is enough for it. Pure functions, so they are tested without a network.
 */
import { SHARE_LIMITS } from "../../../shared/publish-rules.ts";

export interface PageInfo {
  title: string;
  description: string;
  /** An absolute http(s) image URL, or "". */
  thumb: string;
  /** The page's final URL (after redirects). */
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Charset

/** Where HTML may declare its charset: within the first 1024 bytes (HTML spec prescan); we look at 4096. */
const PRESCAN_BYTES = 4096;

function decoderFor(label: string | null | undefined): TextDecoder | null {
  if (!label) return null;
  try {
    // TextDecoder knows the WHATWG labels: gb2312 and gbk decode as GBK, gb18030 as GB18030, …
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    return null;
  }
}

/** The charset a page declares in a <meta charset> or <meta http-equiv content="…charset=…">. */
export function sniffMetaCharset(head: Buffer): string | null {
  const text = head.subarray(0, PRESCAN_BYTES).toString("latin1");
  const m = /<meta\b[^>]*?charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(text);
  return m ? m[1].toLowerCase() : null;
}

/**
 * Decodes a page body: a byte-order mark wins, then the Content-Type charset, then the page's own
 * meta declaration, then UTF-8. Unknown labels fall back to UTF-8; bad bytes become U+FFFD.
 */
export function decodeHtml(body: Buffer, headerCharset: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder("utf-8").decode(body);
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder("utf-16le").decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder("utf-16be").decode(body);
  const decoder = decoderFor(headerCharset) ?? decoderFor(sniffMetaCharset(body)) ?? new TextDecoder("utf-8");
  // A meta tag claiming UTF-16 in an ASCII-compatible prescan is wrong by definition (HTML spec).
  const safe = decoder.encoding.startsWith("utf-16") ? new TextDecoder("utf-8") : decoder;
  return safe.decode(body);
}

// ---------------------------------------------------------------------------------------------
// Entities

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ensp: "\u2002",
  emsp: "\u2003",
  thinsp: "\u2009",
  middot: "·",
  bull: "•",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  copy: "©",
  reg: "®",
  trade: "™",
  times: "×",
  divide: "÷",
  deg: "°",
  plusmn: "±",
  para: "¶",
  sect: "§",
  yen: "¥",
  euro: "€",
  pound: "£",
  cent: "¢",
  hearts: "♥",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  iexcl: "¡",
  iquest: "¿",
  zwj: "\u200d",
  zwnj: "\u200c",
};

/** Decodes character references: named (the common ones), decimal and hexadecimal. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        return "\ufffd";
      }
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref] ?? NAMED[ref.toLowerCase()];
    // A named reference needs its semicolon, except the legacy few browsers accept bare.
    if (named !== undefined && (whole.endsWith(";") || ["amp", "lt", "gt", "quot", "nbsp"].includes(ref))) {
      return named;
    }
    return whole;
  });
}

// ---------------------------------------------------------------------------------------------
// Extraction

const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** Whitespace collapsed, tags dropped, trimmed; cut to `max` characters (code points). */
function clean(text: string, max: number): string {
  const flat = decodeEntities(text.replace(/<[^>]*>/g, " "))
    .replace(/[\s\u00a0\u3000]+/g, " ")
    .trim();
  const chars = [...flat];
  return chars.length > max ? chars.slice(0, max).join("").trimEnd() : flat;
}

function absoluteHttpUrl(value: string, base: string): string {
  const v = value.trim();
  if (!v) return "";
  try {
    const url = new URL(v, base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.href.length > SHARE_LIMITS.urlMax ? "" : url.href;
  } catch {
    return "";
  }
}

/**
 * The preview of a page: title from og:title, twitter:title or <title>; description from
 * og:description, twitter:description or meta description; thumb from og:image (or its :url and
 * :secure_url), twitter:image, itemprop image or link rel=image_src, made absolute against <base href>
 * or the page URL. Title and description are cut to what a share accepts (100 and 1000 characters).
 */
export function extractPageInfo(html: string, pageUrl: string): PageInfo {
  // Comments, scripts and styles can hold anything that looks like a tag.
  const doc = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, " ")
    .replace(/<(script|style|noscript|template|textarea)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  const bodyAt = doc.search(/<body[\s>]/i);
  const head = bodyAt >= 0 ? doc.slice(0, bodyAt) : doc;

  const meta = new Map<string, string>();
  for (const m of doc.matchAll(/<meta\b([^>]*)>/gi)) {
    const attrs = parseAttributes(m[1]);
    const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? "").trim().toLowerCase();
    const content = attrs.content ?? attrs.value;
    if (key && content !== undefined && content.trim() && !meta.has(key)) meta.set(key, content);
  }
  const first = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v && v.trim()) ?? "";

  // SVG icons in the body carry <title>s of their own: the document's is in the head.
  const titleTag =
    /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(head) ?? /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(doc);
  const title = clean(first("og:title", "twitter:title") || titleTag?.[1] || "", SHARE_LIMITS.titleMax);
  const description = clean(
    first("og:description", "twitter:description", "description"),
    SHARE_LIMITS.contentMax,
  );

  const baseHref = /<base\b([^>]*)>/i.exec(head);
  const baseAttr = baseHref ? parseAttributes(baseHref[1]).href : undefined;
  const base = (baseAttr && absoluteHttpUrl(baseAttr, pageUrl)) || pageUrl;
  let image = first(
    "og:image",
    "og:image:url",
    "og:image:secure_url",
    "twitter:image",
    "twitter:image:src",
    "image",
  );
  if (!image) {
    for (const m of head.matchAll(/<link\b([^>]*)>/gi)) {
      const attrs = parseAttributes(m[1]);
      if ((attrs.rel ?? "").toLowerCase().split(/\s+/).includes("image_src") && attrs.href) {
        image = attrs.href;
        break;
      }
    }
  }
  return { title, description, thumb: absoluteHttpUrl(image, base), url: pageUrl };
}
