import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EntryList } from "~/components/feed/entry-list";
import { CategoryNav } from "~/components/feed/category-nav";
import { AuthorListCard, TagCloudCard } from "~/components/feed/sidebar";
import { ShellContext, type ShellApi } from "~/components/shell/shell-context";
import { Cached, FragmentContext, type FragmentRenderer } from "~/lib/fragment-cache";
import { createFragmentRenderer } from "~/lib/fragment-cache.server";
import type { EntrySummary } from "~/lib/types";

// The fragment cache's promise: a page rendered with cached parts is byte for byte the page React
// renders inline, so the browser's hydration meets the markup it expects (app/lib/fragment-cache.tsx).

const shell: ShellApi = {
  viewer: null,
  siteName: "掘金",
  openAuth: () => undefined,
  openQuickLogin: () => undefined,
  closeAuth: () => undefined,
  requireLogin: () => false,
  alert: () => undefined,
  refreshSession: () => undefined,
  barrage: () => undefined,
};

const NOW = Date.parse("2026-11-27T12:00:00Z");

function entry(n: number, extra: Partial<EntrySummary> = {}): EntrySummary {
  return {
    id: `6b08c7c120920f8b43b7ec${String(n).padStart(2, "0")}`,
    title: `第 ${n} 篇 <文章> & "引号"`,
    type: n % 2 ? "post" : "article",
    abstract: n % 3 ? `摘要 ${n}` : "",
    user: { id: `67617b426d7f86c80bb1f7${String(n).padStart(2, "0")}`, username: `作者${n}` },
    tags: [
      { id: `55932d8000000000000000${String(n).padStart(2, "0")}`, title: "前端" },
      { id: "55932d800000000000000099", title: "C++ & Rust" },
      { id: "55932d800000000000000098", title: "不显示的第三个" },
    ],
    collectionCount: n * 7,
    commentsCount: n * 1234,
    hot: n === 1,
    createdAt: new Date(NOW - n * 3_600_000).toISOString(),
    ...extra,
  };
}

const ENTRIES = [
  entry(1, { liked: true, campaignTag: "征文" }),
  entry(2, { screenshot: "/demo/a.png" }),
  entry(3),
  entry(4, { screenshot: "/demo/b.png" }),
  entry(5, { screenshot: "/demo/c.png", liked: false }),
];

function page(renderer: FragmentRenderer | null, entries = ENTRIES, now = NOW): string {
  const body: ReactNode = createElement(
    "div",
    null,
    createElement(CategoryNav, {
      categories: [
        { slug: "all", title: "推荐" },
        { slug: "frontend", title: "前端" },
      ],
      hrefFor: (slug: string) => `/explore/${slug}`,
      active: "frontend",
    }),
    createElement(EntryList, { entries, now }),
    createElement(TagCloudCard, { tags: [{ id: "t1", title: "Vue.js" }] }),
    createElement(AuthorListCard, {
      authors: [{ id: "u1", username: "掘友", avatarLarge: "/demo/u1.png", jobTitle: "前端" }],
    }),
  );
  const tree = createElement(
    ShellContext.Provider,
    { value: shell },
    createElement(MemoryRouter, { initialEntries: ["/explore/frontend"] }, body),
  );
  return renderToString(renderer ? createElement(FragmentContext.Provider, { value: renderer }, tree) : tree);
}

describe("fragment cache", () => {
  it("renders the same markup as React renders inline, from the first render and from memory", () => {
    const renderer = createFragmentRenderer();
    const inline = page(null);
    expect(inline).toContain("entry-item");
    expect(page(renderer)).toBe(inline);
    const parts = renderer.renders();
    // Five cards, the category list, the tag cloud and the author list.
    expect(parts).toBe(8);
    expect(page(renderer)).toBe(inline);
    expect(renderer.renders()).toBe(parts);
  });

  it("renders a part again when what it shows changes, and only that part", () => {
    const renderer = createFragmentRenderer();
    page(renderer);
    const before = renderer.renders();
    const liked = ENTRIES.map((e, i) => (i === 2 ? { ...e, liked: true, collectionCount: 99 } : e));
    const html = page(renderer, liked);
    expect(renderer.renders()).toBe(before + 1);
    expect(html).toBe(page(null, liked));
    expect(html).toContain('aria-label="赞，99 个赞"');
    // The render's clock is not part of a card's key, only the relative time it prints.
    page(renderer, liked, NOW + 60_000);
    expect(renderer.renders()).toBe(before + 1);
    expect(page(renderer, liked, NOW + 3 * 86_400_000)).toBe(page(null, liked, NOW + 3 * 86_400_000));
    expect(renderer.renders()).toBeGreaterThan(before + 1);
  });

  it("keeps within its byte budget, dropping the least recently used", () => {
    const renderer = createFragmentRenderer(20_000);
    for (let n = 0; n < 60; n++) page(renderer, [entry(n % 50, { commentsCount: n })]);
    expect(renderer.size()).toBeGreaterThan(1);
    expect(renderer.size()).toBeLessThan(20);
    // What was dropped renders again, the same as inline.
    expect(page(renderer, [entry(3, { commentsCount: 3 })])).toBe(
      page(null, [entry(3, { commentsCount: 3 })]),
    );
  });

  it("renders inline a part whose own render would hoist a preload", () => {
    const renderer = createFragmentRenderer();
    const Eager = ({ src }: { src: string }) => createElement("img", { src, alt: "" });
    const tree = (r: FragmentRenderer | null) =>
      renderToString(
        createElement(
          FragmentContext.Provider,
          { value: r },
          createElement(
            "div",
            null,
            createElement(Cached<{ src: string }>, {
              name: "eager",
              component: Eager,
              props: { src: "/demo/a.png" },
              as: "p",
              attributes: { className: "x" },
            }),
          ),
        ),
      );
    const inline = tree(null);
    expect(tree(renderer)).toBe(inline);
    expect(tree(renderer)).toBe(inline);
    expect(inline).toContain('<p class="x"><img src="/demo/a.png" alt=""/></p>');
  });
});
