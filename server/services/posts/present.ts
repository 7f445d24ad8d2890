import type { categories } from "../../../db/schema/index.ts";
import type { RenderedMarkdown } from "../../lib/markdown.ts";
import { presentEntry, type AuthorRow } from "../entries/index.ts";
import type { PostRow } from "./queries.ts";

type CategoryRow = typeof categories.$inferSelect;
type TagRef = { id: string; title: string; icon: string };

const presentCategory = (c: CategoryRow | undefined) =>
  c ? { id: c.id, name: c.name, title: c.title } : null;

/** What the editor works on: a draft or the author's own published article, Markdown included. */
export function presentEditable(e: PostRow, ctx: { category: CategoryRow | undefined; tags: TagRef[] }) {
  return {
    id: e.id,
    title: e.title,
    content: e.content,
    status: e.status as "draft" | "published",
    category: presentCategory(ctx.category),
    tags: ctx.tags,
    /** /post/{id} once published, null for a draft. */
    url: e.status === "published" ? e.originalUrl : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** A row of the drafts list: no body, just enough to recognise it. */
export function presentDraftItem(e: PostRow, abstract: string) {
  return {
    id: e.id,
    title: e.title,
    abstract,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** A published article (getDetailData, /post/{id}): the Entry of spec §3 plus its rendered body. */
export function presentArticle(
  e: PostRow,
  ctx: {
    user: AuthorRow;
    category: CategoryRow | undefined;
    tags: TagRef[];
    liked: boolean;
    rendered: RenderedMarkdown;
  },
) {
  return {
    ...presentEntry(e, ctx),
    /** Sanitized HTML (server/lib/markdown.ts): heading ids heading-0 upward, safe links, lazy images. */
    html: ctx.rendered.html,
    toc: ctx.rendered.toc,
  };
}

/** `underReview`: hidden pending review, shown so only to its author and staff. */
export type Article = ReturnType<typeof presentArticle> & { underReview?: true };
