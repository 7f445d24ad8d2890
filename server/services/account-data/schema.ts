import type { Readable } from "node:stream";
import { Type, type Static } from "@sinclair/typebox";
import { HEX_ID_PATTERN } from "../../../shared/ids.ts";
import { Nullable, Timestamp } from "../../lib/response.ts";

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

/** An export as the settings page shows it (account-data.ts ExportStatus). */
export const ExportStatus = Type.Object({
  id: Type.String(),
  state: Type.Union(
    [Type.Literal("pending"), Type.Literal("ready"), Type.Literal("expired"), Type.Literal("failed")],
    { description: "pending 请求中，ready 可下载（至 expiresAt），expired 已过期，failed 失败" },
  ),
  requestedAt: Timestamp,
  expiresAt: Nullable(Timestamp),
  downloadUrl: Nullable(Type.String()),
});

/** GET /account/exports: the newest export, or null. */
export const ExportState = Type.Object({ export: Nullable(ExportStatus) });

/**
 * The download is the ZIP itself, not an envelope: documented as it is (a stream, never
 * serialized).
 */
export const ExportFile = {
  description: "application/zip 文件（Content-Disposition: attachment），不是 JSON 信封。",
  content: { "application/zip": { schema: Type.Unsafe<Readable>(Type.String({ format: "binary" })) } },
};

export const DeletionRequested = Type.Object({
  eraseAfter: Timestamp,
  content: Type.Union([Type.Literal("delete"), Type.Literal("keep")]),
});
