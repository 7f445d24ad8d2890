/** The fixed categories of spec §3, in the order the category navs show them. */
export interface CategoryLink {
  slug: string;
  title: string;
}

export const ALL_CATEGORY: CategoryLink = { slug: "all", title: "推荐" };
export const SUBSCRIBE_CATEGORY: CategoryLink = { slug: "subscribe", title: "关注" };

export const CATEGORIES: readonly CategoryLink[] = [
  { slug: "android", title: "安卓" },
  { slug: "frontend", title: "前端" },
  { slug: "ios", title: "iOS" },
  { slug: "backend", title: "后端" },
  { slug: "design", title: "设计" },
  { slug: "product", title: "产品" },
  { slug: "freebie", title: "工具资源" },
  { slug: "article", title: "阅读" },
  { slug: "ai", title: "人工智能" },
];

/** Welcome, explore, column and booklet navs: 推荐 then the nine categories. */
export const BROWSE_CATEGORIES: readonly CategoryLink[] = [ALL_CATEGORY, ...CATEGORIES];

/** The timeline nav puts 关注 (the subscribed tags) first. */
export const TIMELINE_CATEGORIES: readonly CategoryLink[] = [SUBSCRIBE_CATEGORY, ...BROWSE_CATEGORIES];

export function findCategory(list: readonly CategoryLink[], slug: string): CategoryLink | undefined {
  return list.find((c) => c.slug === slug);
}

/** Entry list sorts (spec §9). */
export const ENTRY_SORTS = [
  { value: "popular", title: "热门" },
  { value: "newest", title: "最新" },
  { value: "hottest", title: "热榜" },
] as const;

export function parseSort<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
