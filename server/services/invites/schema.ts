import { Type, type Static } from "@sinclair/typebox";
import { HEX_ID_PATTERN } from "../../../shared/ids.ts";

export const SenderParams = Type.Object({
  uid: Type.String({ pattern: HEX_ID_PATTERN, description: "发送者 id，必须是当前登录用户" }),
});

/** Lengths here only bound the input; the real rules (trim, ≤ 20, e-mail format) are in shared/invite-rules.ts. */
export const PostCodeBody = Type.Object({
  receiverName: Type.String({ maxLength: 100, description: "好友称呼，最多 20 个字符" }),
  receiverEmail: Type.String({ maxLength: 254, description: "好友邮箱（不能是已注册的邮箱）" }),
});
export type PostCodeBody = Static<typeof PostCodeBody>;
