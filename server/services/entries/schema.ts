import { Type } from "@sinclair/typebox";

export const FeedQuery = Type.Object({
  category: Type.Optional(
    Type.String({ maxLength: 32, description: "分类名（android、frontend …），all 或缺省为全部" }),
  ),
  before: Type.Optional(Type.String({ maxLength: 80, description: "上一页最后一项的 pointer（§4）" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
