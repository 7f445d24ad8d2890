/**
 * Markdown → safe HTML for column articles (spec §9 link, heading and image rules). One parse gives
 * the HTML, the table of contents and the plain-text abstract; sanitize-html with an explicit
 * allowlist is always the last step, so whatever markdown-it or highlight.js emit, the page only
 * ever receives the tags and attributes listed here.
 */
import MarkdownIt from "markdown-it";
import hljs from "highlight.js";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../../shared/html.ts";

export interface TocItem {
  level: number;
  text: string;
  /** heading-0, heading-1 … in document order (spec §9). */
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  /** Plain text, whitespace collapsed, at most SUMMARY_LENGTH characters (+ "…"). */
  summary: string;
}

export interface RenderOptions {
  /** Our own origin (config.publicUrl): links to it stay in the tab and keep their rank. */
  siteOrigin?: string;
}

export const SUMMARY_LENGTH = 200;
/** Spec §9: "Link display text trimmed after 12 characters of path". */
export const LINK_PATH_CHARS = 12;
const EXTERNAL_REL = "nofollow noopener noreferrer";

const md = new MarkdownIt({
  // Raw HTML is never passed through: authors write Markdown, and `<b>` shows as text.
  html: false,
  linkify: true,
  typographer: false,
  highlight(code, lang): string {
    const language = lang.trim().toLowerCase();
    if (!language || !hljs.getLanguage(language)) return "";
    const value = hljs.highlight(code, { language, ignoreIllegals: true }).value;
    // Class names only (hljs-keyword …); the colours live in app/styles/article.css.
    return `<pre><code class="hljs language-${escapeHtml(language)}">${value}</code></pre>`;
  },
});

type Token = ReturnType<typeof md.parse>[number];

/** Display text of a link whose text is its own URL: scheme and host kept, path cut after 12. */
export function shortenUrlText(url: string): string {
  const m = /^((?:[a-z][a-z0-9+.-]*:)?\/\/)?([^/?#]+)(.*)$/i.exec(url);
  if (!m) return url;
  const [, scheme = "", host, rest] = m;
  const chars = Array.from(rest);
  return chars.length > LINK_PATH_CHARS
    ? `${scheme}${host}${chars.slice(0, LINK_PATH_CHARS).join("")}…`
    : url;
}

const LANGUAGE_NAME = /^[\w+#.-]{1,32}$/;
const LANGUAGE_CLASS = /^language-[\w+#.-]{1,32}$/;
const looksLikeUrl = (text: string) => /^(https?:\/\/|www\.)\S+$/i.test(text);

/** The visible text of an inline token's children (headings in the TOC, the abstract). */
function inlineText(children: Token[] | null): string {
  let text = "";
  for (const child of children ?? []) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "softbreak" || child.type === "hardbreak") text += " ";
  }
  return text;
}

/**
 * Token pass run after parsing: numbers the headings and collects the TOC, trims self-URL link
 * text, turns table alignment into classes (no style attributes survive the sanitizer).
 */
function decorate(tokens: Token[]): TocItem[] {
  const toc: TocItem[] = [];
  tokens.forEach((token, i) => {
    if (token.type === "heading_open") {
      const id = `heading-${toc.length}`;
      token.attrSet("id", id);
      const text = inlineText(tokens[i + 1]?.children ?? null)
        .replace(/\s+/g, " ")
        .trim();
      toc.push({ level: Number(token.tag.slice(1)), text, id });
    } else if (token.type === "fence") {
      // The info string becomes a class name: keep it only when it looks like a language name.
      const lang = token.info.trim().split(/\s+/)[0] ?? "";
      token.info = LANGUAGE_NAME.test(lang) ? lang : "";
    } else if (token.type === "th_open" || token.type === "td_open") {
      const align = /text-align:(left|center|right)/.exec(String(token.attrGet("style") ?? ""))?.[1];
      if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== "style");
      if (align) token.attrSet("class", `align-${align}`);
    } else if (token.type === "inline") {
      const children = token.children ?? [];
      children.forEach((child, j) => {
        if (child.type !== "link_open") return;
        const text = children[j + 1];
        if (text?.type !== "text" || children[j + 2]?.type !== "link_close") return;
        const href = String(child.attrGet("href") ?? "");
        const ownUrl =
          child.markup === "linkify" ||
          child.markup === "autolink" ||
          text.content === href ||
          md.normalizeLink(text.content) === href;
        if (ownUrl && looksLikeUrl(text.content)) text.content = shortenUrlText(text.content);
      });
    }
  });
  return toc;
}

/** The abstract: text of paragraphs, headings, lists and tables; code blocks and images left out. */
function plainText(tokens: Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") parts.push(inlineText(token.children));
  }
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : text;
}

function hostOf(origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** True for links that leave the site: absolute http(s) or protocol-relative to another host. */
export function isExternalHref(href: string, siteOrigin?: string): boolean {
  const m = /^(?:https?:)?\/\/([^/?#]+)/i.exec(href.trim());
  if (!m) return false;
  const host = m[1].toLowerCase().replace(/^[^@]*@/, "");
  return host !== hostOf(siteOrigin);
}

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
const HEADING_ID = /^heading-\d+$/;
const HTTP_URL = /^https?:\/\//i;
const ALIGN_CLASSES = ["align-left", "align-center", "align-right"];

function sanitizeOptions(siteOrigin: string | undefined): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      ...HEADINGS,
      "p",
      "br",
      "hr",
      "blockquote",
      "pre",
      "code",
      "span",
      "a",
      "img",
      "ul",
      "ol",
      "li",
      "strong",
      "em",
      "s",
      "del",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    allowedAttributes: {
      ...Object.fromEntries(HEADINGS.map((h) => [h, ["id"]])),
      a: ["href", "title", "target", "rel"],
      img: ["src", "alt", "title", "loading"],
      ol: ["start"],
      code: ["class"],
      span: ["class"],
      th: ["class"],
      td: ["class"],
    },
    allowedClasses: {
      code: ["hljs", LANGUAGE_CLASS],
      // highlight.js scopes: hljs-keyword, plus sub-scopes like "class_" and "function_".
      span: [/^hljs-[\w-]+$/, LANGUAGE_CLASS, /^[a-z]+_$/],
      th: ALIGN_CLASSES,
      td: ALIGN_CLASSES,
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    transformTags: {
      ...Object.fromEntries(
        HEADINGS.map((h) => [
          h,
          (tagName: string, attribs: sanitizeHtml.Attributes) => ({
            tagName,
            attribs: HEADING_ID.test(attribs.id ?? "") ? { id: attribs.id } : {},
          }),
        ]),
      ),
      a: (tagName, attribs) => {
        const { target: _target, rel: _rel, ...rest } = attribs;
        return {
          tagName,
          attribs: isExternalHref(rest.href ?? "", siteOrigin)
            ? { ...rest, target: "_blank", rel: EXTERNAL_REL }
            : rest,
        };
      },
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
    },
    // An image is only worth keeping with an absolute http(s) source (no data:, no relative paths).
    exclusiveFilter: (frame) => frame.tag === "img" && !HTTP_URL.test(frame.attribs.src ?? ""),
  };
}

const optionsCache = new Map<string, sanitizeHtml.IOptions>();

/** Sanitizes article HTML with the allowlist above (also usable on its own). */
export function sanitizeArticleHtml(html: string, siteOrigin?: string): string {
  const key = siteOrigin ?? "";
  let options = optionsCache.get(key);
  if (!options) optionsCache.set(key, (options = sanitizeOptions(siteOrigin)));
  return sanitizeHtml(html, options);
}

/** Renders an article: sanitized HTML, its table of contents and its plain-text abstract. */
export function renderMarkdown(source: string, opts: RenderOptions = {}): RenderedMarkdown {
  const env = {};
  const tokens = md.parse(source, env);
  const toc = decorate(tokens);
  const html = sanitizeArticleHtml(md.renderer.render(tokens, md.options, env), opts.siteOrigin);
  return { html, toc, summary: cut(plainText(tokens), SUMMARY_LENGTH) };
}

/** Only the abstract (draft lists, publishing), without rendering. */
export function markdownSummary(source: string, max = SUMMARY_LENGTH): string {
  return cut(plainText(md.parse(source, {})), max);
}
