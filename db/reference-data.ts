import { asc } from "drizzle-orm";
import type { Db, Tx } from "./client.ts";
import { categories, tags } from "./schema/index.ts";

// Reference rows every database needs: the nine fixed categories and the built-in tags of spec §3.
// Ids are fixed so URLs, seeds and tests agree across databases.

export interface CategoryRef {
  id: string;
  name: string;
  title: string;
  order: number;
}

/** The nine categories of spec §3, in navigation order (ids as the original product used them). */
export const CATEGORIES: readonly CategoryRef[] = [
  { id: "5562b410e4b00c57d9b94a92", name: "android", title: "安卓", order: 1 },
  { id: "5562b415e4b00c57d9b94ac8", name: "frontend", title: "前端", order: 2 },
  { id: "5562b405e4b00c57d9b94a41", name: "ios", title: "iOS", order: 3 },
  { id: "5562b419e4b00c57d9b94ae2", name: "backend", title: "后端", order: 4 },
  { id: "5562b41de4b00c57d9b94b0f", name: "design", title: "设计", order: 5 },
  { id: "569cbe0460b23e90721dff38", name: "product", title: "产品", order: 6 },
  { id: "5562b422e4b00c57d9b94b53", name: "freebie", title: "工具资源", order: 7 },
  { id: "5562b428e4b00c57d9b94b9d", name: "article", title: "阅读", order: 8 },
  { id: "57be7c18128fe1005fa902de", name: "ai", title: "人工智能", order: 9 },
];

export type CategoryRow = typeof categories.$inferSelect;

// Per database handle, so each app (and each test database) reads its own rows.
const storedCategoryRows = new WeakMap<Tx, CategoryRow[]>();

/**
 * The categories as stored, in navigation order: read once per database handle, because nothing
 * changes them after `ensureReferenceData`. A failed read is not kept, so the next call tries again.
 */
export async function storedCategories(db: Tx): Promise<CategoryRow[]> {
  const hit = storedCategoryRows.get(db);
  if (hit) return hit;
  const rows = await db.select().from(categories).orderBy(asc(categories.order));
  storedCategoryRows.set(db, rows);
  return rows;
}

/** Category id by URL name. */
export const CATEGORY_ID: Readonly<Record<string, string>> = Object.fromEntries(
  CATEGORIES.map((c) => [c.name, c.id]),
);

/** The five built-in tags of six categories. */
export const BUILT_IN_TAG_TITLES: Readonly<Record<string, readonly string[]>> = {
  android: ["Android", "Kotlin", "Java", "Flutter", "Jetpack"],
  frontend: ["JavaScript", "Vue.js", "React.js", "CSS", "前端"],
  ios: ["iOS", "Swift", "Objective-C", "Xcode", "SwiftUI"],
  backend: ["后端", "Node.js", "Go", "Docker", "MySQL"],
  design: ["设计", "Sketch", "Figma", "UI", "交互设计"],
  product: ["产品", "产品经理", "需求", "数据分析", "用户体验"],
};

/**
 * A fixed tag id: 2015-07-01 as the time part, then zeros, then the tag's number — stable,
 * 24 hex characters like every other id, and older than anything a user creates.
 */
export function fixedTagId(n: number): string {
  return "55932d80" + "0000000000" + n.toString(16).padStart(6, "0");
}

export interface TagRef {
  id: string;
  title: string;
  categoryId: string | null;
}

/** Built-in tags with their fixed ids (numbers 1–30). */
export const BUILT_IN_TAGS: readonly TagRef[] = Object.entries(BUILT_IN_TAG_TITLES).flatMap(
  ([category, titles], ci) =>
    titles.map((title, ti) => ({
      id: fixedTagId(ci * 5 + ti + 1),
      title,
      categoryId: CATEGORY_ID[category],
    })),
);

const REFERENCE_TIME = new Date(Date.UTC(2015, 6, 1));

/** Inserts the categories and built-in tags that are missing; safe to call at every start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ ...c, createdAt: REFERENCE_TIME, updatedAt: REFERENCE_TIME })))
    .onConflictDoNothing();
  // No conflict target: a tag whose title already exists (any case) is left as it is.
  await db
    .insert(tags)
    .values(BUILT_IN_TAGS.map((t) => ({ ...t, createdAt: REFERENCE_TIME, updatedAt: REFERENCE_TIME })))
    .onConflictDoNothing();
}
