import { Type, type Static } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";
import { Timestamp } from "../../lib/response.ts";

export const SenderParams = Type.Object({
  uid: hexId("发送者 id，必须是当前登录用户"),
});

/** Lengths here only bound the input; the real rules (trim, ≤ 20, e-mail format) are in shared/invite-rules.ts. */
export const PostCodeBody = Type.Object({
  receiverName: Type.String({ maxLength: 100, description: "好友称呼，最多 20 个字符" }),
  receiverEmail: Type.String({ maxLength: 254, description: "好友邮箱（不能是已注册的邮箱）" }),
});
export type PostCodeBody = Static<typeof PostCodeBody>;

/** GET availableCode's `d` (invites.ts AvailableCode). */
export const AvailableCode = Type.Object({
  code: Type.String({ description: "可反复分享的邀请码" }),
  link: Type.String({ description: "带 ?invite= 的注册链接" }),
  inviteCount: Type.Number({ description: "已发出的邀请邮件数" }),
  acceptedCount: Type.Number({ description: "已被使用的邀请码数" }),
  sentToday: Type.Number({ description: "24 小时内发出的邀请数" }),
  dailyLimit: Type.Number(),
});

/** POST postCode's `d` (invites.ts SentInvitation). */
export const SentInvitation = Type.Object({
  code: Type.String(),
  receiverName: Type.String(),
  receiverEmail: Type.String(),
  createdAt: Timestamp,
  inviteCount: Type.Number(),
  sentToday: Type.Number(),
  dailyLimit: Type.Number(),
});
