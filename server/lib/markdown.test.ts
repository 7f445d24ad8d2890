import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  SUMMARY_LENGTH,
  isExternalHref,
  markdownSummary,
  renderMarkdown,
  sanitizeArticleHtml,
  shortenUrlText,
} from "./markdown.ts";

const SITE = "https://nugget.test";
const render = (src: string) => renderMarkdown(src, { siteOrigin: SITE });

/** Every real tag of the output with its attributes (text `<` is always escaped as &lt;). */
function tagsOf(html: string): { tag: string; attrs: Record<string, string> }[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    tag: m[1].toLowerCase(),
    attrs: Object.fromEntries(
      [...m[2].matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [a[1].toLowerCase(), a[2] ?? ""]),
    ),
  }));
}

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&amp;/g, "&");

/** The safety contract, checked on real tags only. */
function expectSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<(iframe|object|embed|style|svg|math|form|input|link|meta)\b/i);
  for (const { tag, attrs } of tagsOf(html)) {
    for (const [name, value] of Object.entries(attrs)) {
      expect(name.startsWith("on"), `${tag} has ${name}`).toBe(false);
      expect(name).not.toBe("style");
      if (name === "href" || name === "src") {
        // Browsers ignore whitespace and control characters inside a scheme ("java\tscript:").
        const url = Array.from(decodeEntities(value))
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join("");
        expect(url).not.toMatch(/^(javascript|vbscript|data|file):/i);
      }
    }
    if (tag === "img") expect(attrs.src).toMatch(/^https?:\/\//);
  }
}

describe("headings (spec §9: anchors heading-0 upward)", () => {
  it("numbers headings in document order and returns them as the table of contents", () => {
    const r = render("# 一、开始\n\n正文\n\n## 二、`useState` 的用法\n\n### 小结\n\n> #### 引用里的标题");
    expect(r.html).toContain('<h1 id="heading-0">一、开始</h1>');
    expect(r.html).toContain('<h2 id="heading-1">二、<code>useState</code> 的用法</h2>');
    expect(r.html).toContain('<h3 id="heading-2">小结</h3>');
    expect(r.html).toContain('<h4 id="heading-3">引用里的标题</h4>');
    expect(r.toc).toEqual([
      { level: 1, text: "一、开始", id: "heading-0" },
      { level: 2, text: "二、useState 的用法", id: "heading-1" },
      { level: 3, text: "小结", id: "heading-2" },
      { level: 4, text: "引用里的标题", id: "heading-3" },
    ]);
  });

  it("counts setext headings too, and an article without headings has an empty table", () => {
    expect(render("标题\n===\n\n副标题\n---").toc.map((t) => t.id)).toEqual(["heading-0", "heading-1"]);
    expect(render("只有一段话").toc).toEqual([]);
  });

  it("drops any other id a heading might carry", () => {
    expect(sanitizeArticleHtml('<h2 id="evil">x</h2><h2 id="heading-7">y</h2>')).toBe(
      '<h2>x</h2><h2 id="heading-7">y</h2>',
    );
  });
});

describe("links (spec §9: external in a new tab with nofollow; display text cut after 12 of path)", () => {
  it("opens external links in a new tab with nofollow noopener noreferrer", () => {
    const r = render("[文档](https://react.dev/learn) 和 [协议相对](//example.com/a)");
    expect(r.html).toContain(
      '<a href="https://react.dev/learn" target="_blank" rel="nofollow noopener noreferrer">文档</a>',
    );
  });

  it("keeps relative, hash and same-host links in the tab without rel", () => {
    const r = render(
      "[站内](/post/5f1e9d3c2b4a6e7d8c9b0a1f) [锚点](#heading-0) [本站](https://nugget.test/explore/all)",
    );
    expect(r.html).toContain('<a href="/post/5f1e9d3c2b4a6e7d8c9b0a1f">站内</a>');
    expect(r.html).toContain('<a href="#heading-0">锚点</a>');
    expect(r.html).toContain('<a href="https://nugget.test/explore/all">本站</a>');
    expect(r.html).not.toContain("target=");
  });

  it("overrides a target or rel an internal link tries to bring", () => {
    expect(sanitizeArticleHtml('<a href="/x" target="_self" rel="opener">x</a>', SITE)).toBe(
      '<a href="/x">x</a>',
    );
  });

  it("classifies hosts, including userinfo tricks", () => {
    expect(isExternalHref("https://nugget.test/a", SITE)).toBe(false);
    expect(isExternalHref("https://NUGGET.test", SITE)).toBe(false);
    expect(isExternalHref("https://nugget.test@evil.com/", SITE)).toBe(true);
    expect(isExternalHref("https://nugget.test.evil.com/", SITE)).toBe(true);
    expect(isExternalHref("//evil.com", SITE)).toBe(true);
    expect(isExternalHref("/local", SITE)).toBe(false);
    expect(isExternalHref("mailto:a@b.com", SITE)).toBe(false);
  });

  it("cuts the display text of a self-URL link after 12 characters of path, keeping the href", () => {
    const url = "https://github.com/facebook/react/issues/123";
    for (const src of [url, `<${url}>`, `[${url}](${url})`]) {
      const r = render(src);
      expect(r.html).toContain(`href="${url}"`);
      expect(r.html).toContain(">https://github.com/facebook/re…</a>");
    }
  });

  it("leaves short URLs and links with their own text alone", () => {
    expect(render("https://vuejs.org/guide").html).toContain(">https://vuejs.org/guide</a>");
    expect(
      render("[React 官方文档的一篇很长的文章](https://react.dev/reference/react/useState)").html,
    ).toContain(">React 官方文档的一篇很长的文章</a>");
  });

  it("shortens by characters of the path, query and hash, never inside the host", () => {
    // The path counts from its leading slash, as URL.pathname does.
    expect(shortenUrlText("https://a.com/12345678901")).toBe("https://a.com/12345678901");
    expect(shortenUrlText("https://a.com/123456789012")).toBe("https://a.com/12345678901…");
    expect(shortenUrlText("https://a-very-long-host-name.example.com")).toBe(
      "https://a-very-long-host-name.example.com",
    );
    expect(shortenUrlText("https://a.com/?q=1234567890abc")).toBe("https://a.com/?q=12345678…");
    expect(shortenUrlText("https://a.com/路径里的中文也按字符数算一共十五个")).toBe(
      "https://a.com/路径里的中文也按字符数…",
    );
  });

  it("never lets javascript: or data: links through", () => {
    const r = render("[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html,<b>)");
    expect(r.html).not.toMatch(/href="(javascript|data)/i);
    expectSafe(r.html);
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });
});

describe("images", () => {
  it("loads images lazily", () => {
    expect(render('![示意图](https://cdn.example.com/a.png "标题")').html).toContain(
      '<img src="https://cdn.example.com/a.png" alt="示意图" title="标题" loading="lazy" />',
    );
  });

  it("keeps only absolute http(s) sources", () => {
    const r = render("![a](data:image/png;base64,AAAA) ![b](/relative.png) ![c](ftp://x.com/a.png)");
    expect(r.html).not.toContain("<img");
    expect(sanitizeArticleHtml('<img src="x" onerror="alert(1)">')).toBe("");
  });
});

describe("code", () => {
  it("highlights fenced code with class names only", () => {
    const r = render("```js\nconst answer = 42;\n```");
    expect(r.html).toContain('<pre><code class="hljs language-js"><span class="hljs-keyword">const</span>');
    expect(r.html).not.toContain("style=");
  });

  it("keeps highlight.js sub-scopes such as class_ and function_", () => {
    const r = render("```ts\nclass Store {}\n```");
    expect(r.html).toContain('<span class="hljs-title class_">Store</span>');
  });

  it("escapes code of unknown languages and drops an info string that is not a language name", () => {
    expect(render("```nosuchlang\n<b>x</b>\n```").html).toContain(
      '<pre><code class="language-nosuchlang">&lt;b&gt;x&lt;/b&gt;\n</code></pre>',
    );
    expect(render('```a"><script>\nx\n```').html).toBe("<pre><code>x\n</code></pre>\n");
  });
});

describe("raw HTML and tables", () => {
  it("shows raw HTML as text", () => {
    const r = render('<script>alert(1)</script>\n\n<img src="https://x.com/a.png" onerror="alert(1)">');
    expect(r.html).toContain("&lt;script&gt;");
    expectSafe(r.html);
  });

  it("turns table alignment into classes instead of style attributes", () => {
    const r = render("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |");
    expect(r.html).toContain('<th class="align-left">a</th>');
    expect(r.html).toContain('<td class="align-center">2</td>');
    expect(r.html).toContain('<td class="align-right">3</td>');
    expect(r.html).not.toContain("style");
  });
});

describe("summary", () => {
  it("collapses whitespace and leaves out code blocks and images", () => {
    const r = render(
      "# 标题\n\n第一段\n  换行\n\n```js\nsecret()\n```\n\n![图](https://x.com/a.png)\n\n- 列表项",
    );
    expect(r.summary).toBe("标题 第一段 换行 列表项");
    expect(markdownSummary("a\n\n\n  b\t c")).toBe("a b c");
  });

  it("stops at 200 characters with an ellipsis", () => {
    const long = "长".repeat(SUMMARY_LENGTH + 50);
    expect(markdownSummary(long)).toBe(`${"长".repeat(SUMMARY_LENGTH)}…`);
    expect(markdownSummary("短")).toBe("短");
    expect(markdownSummary("")).toBe("");
  });
});

// Property tests: whatever an author types, the page receives nothing that runs.
const dangerous = fc.constantFrom(
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  "[x](javascript:alert(1))",
  "[x](  JaVaScRiPt:alert(1))",
  "[x](java\tscript:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](javascript&colon;alert(1))",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2Zz4=)",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD4=)",
  '<svg onload="alert(1)">',
  '<div style="background:url(javascript:alert(1))">',
  '```"onmouseover=alert(1)\n```',
  '[a](https://x.com "title\\" onclick=\\"alert(1)")',
  '<https://x.com/"onclick=alert(1)>',
  "javascript:alert(1)",
  'www.x.com/"><script>',
  "<!-- <script> -->",
  "<iframe src=https://x.com>",
  "# <b onclick=x>h</b>",
  "| a |\n|--|\n| <script> |",
);
const markdownish = fc.constantFrom(
  "\n",
  "\n\n",
  " ",
  "#",
  "##",
  "*",
  "_",
  "`",
  "```",
  ">",
  "-",
  "|",
  "[",
  "]",
  "(",
  ")",
  "!",
  "<",
  ">",
  '"',
  "'",
  "&",
  ";",
  ":",
  "=",
  "/",
  "\\",
);
const article = fc
  .array(fc.oneof(dangerous, markdownish, fc.string(), fc.string({ unit: "grapheme" })), { maxLength: 30 })
  .map((parts) => parts.join(""));

describe("safety properties (fast-check)", () => {
  it("the checker itself catches what it looks for", () => {
    for (const bad of [
      "<script>x</script>",
      '<a href="javascript:x">a</a>',
      '<a href="&#106;avascript:x">a</a>',
      '<img src="https://x.com/a.png" onerror="x">',
      '<p style="color:red">x</p>',
      '<img src="/a.png">',
    ]) {
      expect(() => expectSafe(bad), bad).toThrow();
    }
    expect(() => expectSafe("<p>onclick=x javascript:y &lt;script&gt;</p>")).not.toThrow();
  });

  it("never yields scripts, event handlers, style attributes or javascript: URLs", () => {
    fc.assert(
      fc.property(article, (src) => {
        expectSafe(render(src).html);
      }),
      { numRuns: 400 },
    );
  });

  it("the sanitizer alone holds the same line against arbitrary HTML", () => {
    const html = fc
      .array(
        fc.oneof(
          dangerous,
          fc.constantFrom(
            "<a ",
            "<img ",
            "<span ",
            "href=",
            "src=",
            "class=",
            "onclick=",
            '"',
            "'",
            ">",
            "</a>",
          ),
          fc.string(),
        ),
        { maxLength: 20 },
      )
      .map((p) => p.join(""));
    fc.assert(
      fc.property(html, (src) => {
        expectSafe(sanitizeArticleHtml(src, SITE));
      }),
      { numRuns: 400 },
    );
  });

  it("numbers every heading exactly once, in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.string()), { maxLength: 12 }),
        (heads) => {
          const src = heads
            .map(([level, text]) => `${"#".repeat(level)} x${text.replace(/[\r\n]/g, "")}`)
            .join("\n\n");
          const r = render(src);
          expect(r.toc.map((t) => t.id)).toEqual(r.toc.map((_, i) => `heading-${i}`));
          expect([...r.html.matchAll(/ id="(heading-\d+)"/g)].map((m) => m[1])).toEqual(
            r.toc.map((t) => t.id),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
