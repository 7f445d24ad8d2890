import { Type, type Static } from "@sinclair/typebox";
import { HEX_ID_PATTERN } from "../../../shared/ids.ts";

export const ExportParams = Type.Object({ id: Type.String({ pattern: HEX_ID_PATTERN }) });
export const DownloadQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200, description: "邮件链接中的令牌；登录的本人可省略" })),
});

export const DeletionBody = Type.Object({
  content: Type.Union([Type.Literal("delete"), Type.Literal("keep")], {
    description: "delete：删除我发布的内容；keep：保留，署名改为「已注销用户」",
  }),
  password: Type.Optional(Type.String({ maxLength: 128, description: "当前密码（账号设置过密码时必填）" })),
  smsCode: Type.Optional(
    Type.String({ maxLength: 6, description: "没有密码的账号：发到绑定手机号的短信验证码（useType close）" }),
  ),
});
export type DeletionBody = Static<typeof DeletionBody>;
