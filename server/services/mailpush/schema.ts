import { Type, type Static } from "@sinclair/typebox";

export const MAIL_PUSH_TYPES = ["follow", "article", "week"] as const;
export type MailPushType = (typeof MAIL_PUSH_TYPES)[number];

/** subscribe.php: query on GET, query or body on POST. A type outside the three answers 400 naming `type`. */
export const SubscribeInput = Type.Object({
  type: Type.Union([Type.Literal("follow"), Type.Literal("article"), Type.Literal("week")], {
    description: "follow（关注我的人有新动态）、article（文章推荐）或 week（每周精选）",
  }),
  check: Type.Boolean({ description: "true 订阅，false 退订" }),
});
export type SubscribeInput = Static<typeof SubscribeInput>;

/** Every push type's state (mailpush.ts MailStatus). */
export const MailStatus = Type.Object({
  follow: Type.Boolean(),
  article: Type.Boolean(),
  week: Type.Boolean(),
});
