import { Type, type Static } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { Entry, EntryCategory, EntryTag, Nullable, NumberedPage, Timestamp } from "../../lib/response.ts";
import { CONTENT_MAX, TAGS_MAX, TITLE_MAX } from "../../../shared/post-rules.ts";

// Length rules live in shared/post-rules.ts and answer Chinese messages from the service; the maxLength here is
// only a coarse guard against absurd input (the 1 MB body limit caps content).
const id = (description: string) => Type.String({ maxLength: 64, description });

export const PostIdParams = Type.Object({ id: id("草稿或文章 id（24 位）") });

const title = Type.String({ maxLength: 1000, description: `标题，去掉首尾空白后最多 ${TITLE_MAX} 个字符` });
const content = Type.String({ description: `Markdown 正文，最多 ${CONTENT_MAX} 个字符` });
const categoryId = id("分类 id（GET /api/categories 的九个分类之一）");
const tagIds = Type.Array(hexId("标签 id"), {
  maxItems: 20,
  description: `标签 id 列表，最多 ${TAGS_MAX} 个，须已存在；给出时整体替换原有标签`,
});

export const PostFieldsBody = Type.Object({
  title: Type.Optional(title),
  content: Type.Optional(content),
  categoryId: Type.Optional(categoryId),
  tagIds: Type.Optional(tagIds),
});
export type PostFieldsBody = Static<typeof PostFieldsBody>;

/** Publishing may set the category and tags at the last moment, as the draft's fields do. */
export const PublishBody = Type.Pick(PostFieldsBody, ["categoryId", "tagIds"]);

export const DraftListQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 10000, default: 1, description: "页码，从 1 开始" }),
  ),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
});

export const DetailQuery = Type.Object({
  type: Type.Union([Type.Literal("entry"), Type.Literal("entryView")], {
    description: "entry 或 entryView：两者返回同一篇文章",
  }),
  postId: id("文章 id：即 originalUrl /post/{id} 的最后一段"),
});

export const PreviewBody = Type.Object({ content });

// ---------------------------------------------------------------- answers (present.ts)

/** What the editor works on: a draft or the author's own article, Markdown included (presentEditable). */
export const Editable = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String({ description: "Markdown 原文" }),
  status: Type.Union([Type.Literal("draft"), Type.Literal("published")]),
  category: Nullable(EntryCategory),
  tags: Type.Array(EntryTag),
  url: Nullable(Type.String({ description: "已发布为 /post/{id}，草稿为 null" })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** The drafts list (presentDraftItem), pages from 1. */
export const DraftPage = Type.Object({
  ...NumberedPage(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      abstract: Type.String(),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    }),
  ).properties,
  total: Type.Number(),
});

const Toc = Type.Array(
  Type.Object({
    level: Type.Number(),
    text: Type.String(),
    id: Type.String({ description: "heading-0 起" }),
  }),
);

/** Rendered Markdown: the sanitized HTML and its headings. */
export const Rendered = Type.Object({ html: Type.String({ description: "已净化的 HTML" }), toc: Toc });

/** A published article (presentArticle): the Entry of spec §3 with its rendered body. */
export const Article = Type.Object({
  ...Entry.properties,
  ...Rendered.properties,
  underReview: Type.Optional(
    Type.Literal(true, { description: "待审核而隐藏，只有作者和管理员、编辑看得到" }),
  ),
});

export const RemovedPost = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
