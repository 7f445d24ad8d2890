import { Type, type Static } from "@sinclair/typebox";
import { hexId } from "../../lib/route.ts";

export const SenderParams = Type.Object({
  uid: hexId("发送者 id，必须是当前登录用户"),
});

/** Lengths here only bound the input; the real rules (trim, ≤ 20, e-mail format) are in shared/invite-rules.ts. */
export const PostCodeBody = Type.Object({
  receiverName: Type.String({ maxLength: 100, description: "好友称呼，最多 20 个字符" }),
  receiverEmail: Type.String({ maxLength: 254, description: "好友邮箱（不能是已注册的邮箱）" }),
});
export type PostCodeBody = Static<typeof PostCodeBody>;
