import { Type, type Static } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
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
