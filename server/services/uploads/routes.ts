import type { Readable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "../../config.ts";
import { badRequest } from "../../lib/errors.ts";
import { isAppError } from "../../../shared/errors.ts";
import { IMMUTABLE } from "../../lib/storage.ts";
import { ok } from "../../plugins/envelope.ts";
import type { Services } from "../index.ts";
import { fileTooLarge } from "./errors.ts";
import {
  COLLECTION_MAX_BYTES,
  MAX_PIXELS,
  ServeParams,
  UPLOAD_PURPOSES,
  UPLOAD_RATE,
  UploadData,
  UploadQuery,
  type UploadPurpose,
} from "./schema.ts";
import { CONTENT_TYPES } from "./uploads.ts";
import { route } from "../../lib/route.ts";
import { okResponse } from "../../lib/response.ts";

const isPurpose = (v: unknown): v is UploadPurpose => UPLOAD_PURPOSES.includes(v as UploadPurpose);

/** Reads a file part into memory, refusing it as soon as it passes `limit` bytes. */
async function readLimited(stream: Readable & { truncated?: boolean }, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    // Throwing here destroys the stream: the rest of the body is never buffered.
    if (total > limit) throw fileTooLarge();
    chunks.push(chunk);
  }
  // The parser's own cap (UPLOAD_MAX_BYTES) cuts the stream short and marks it truncated.
  if (stream.truncated) throw fileTooLarge();
  return Buffer.concat(chunks);
}

/**
 * What a broken multipart body answers: the parser's own errors (busboy: no boundary, malformed
 * headers, a body that ends mid-part) are the client's fault, 400 — never a 500.
 */
function multipartError(err: unknown): unknown {
  if (isAppError(err)) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return fileTooLarge();
  if (code === "FST_FILES_LIMIT") return badRequest("一次只能上传一个文件", "file");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return badRequest("表单字段太多");
  return badRequest("上传内容格式不正确（multipart/form-data）", "file");
}

/** POST /api/upload, and the stored files at /uploads/… (registered without a prefix). */
export function uploadRoutes(services: Services, config: Config): FastifyPluginAsyncTypebox {
  return async (app) => {
    const uploads = services.uploads;
    // Scoped to this plugin: only the upload route parses multipart bodies.
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: config.uploadMaxBytes,
        files: 1,
        fields: 4,
        fieldSize: 100,
        parts: 6,
        headerPairs: 50,
      },
    });

    app.post(
      "/api/upload",
      route({
        tags: ["uploads"],
        summary: "上传图片",
        consumes: ["multipart/form-data"],
        description:
          "需要登录（401）。multipart/form-data，文件放在字段 file；purpose 可放在查询串或表单字段（放在 file 之前时，读文件时就按它的上限截断）。" +
          `purpose=image（默认）：jpg、png、gif、webp、bmp，最大 ${config.uploadMaxBytes} 字节（UPLOAD_MAX_BYTES）；` +
          `purpose=collection（收藏集背景）：只收 jpg、png，最大 ${COLLECTION_MAX_BYTES} 字节。` +
          "类型按文件开头的字节判断，不看文件名和 Content-Type。" +
          "超过大小返回 413「文件太大」；不是允许的图片类型返回 415「文件格式不支持」；" +
          `文件损坏或不完整、multipart 格式错误或一次多个文件返回 400；超过 ${MAX_PIXELS / 1e6} 百万像素（动图按所有帧合计）返回 400；d.field 均为 file。` +
          "通过检查的图片以质量 85 重新编码（去掉 EXIF 等元数据和文件尾部附加的内容，bmp 转为 png），" +
          "按内容的 SHA-256 存为 /uploads/<yyyy>/<mm>/<sha256>.<ext>：相同的图片（无论谁、何时上传）得到相同地址、只存一份，每次上传各有一条记录。" +
          `每个用户每分钟最多 ${UPLOAD_RATE.max} 次（429）。d 为 {id, url, width, height, size, type}。` +
          "头像：裁剪后以 purpose=image 上传，再以 updateUserInfo {field: avatarLarge, value: url} 保存。" +
          "随后后台生成 @large（1280×960 以内）、@thumb（400×300 以内）、@avatar（200×200）三种尺寸；生成之前这些地址返回原图。",
        querystring: UploadQuery,
        response: okResponse(UploadData),
        config: { rateLimit: UPLOAD_RATE },
      }),
      async (req) => {
        uploads.requireUser(req.caller);
        if (!req.isMultipart()) throw badRequest("请用 multipart/form-data 上传，文件放在 file 字段", "file");
        let purpose: UploadPurpose = req.query.purpose ?? "image";
        let bytes: Buffer | undefined;
        try {
          for await (const part of req.parts()) {
            if (part.type === "field") {
              if (part.fieldname !== "purpose") continue;
              if (!isPurpose(part.value)) throw badRequest("purpose 只能是 image 或 collection", "purpose");
              purpose = part.value;
            } else if (part.fieldname === "file") {
              bytes = await readLimited(part.file, uploads.limitFor(purpose));
            } else {
              part.file.resume();
            }
          }
        } catch (err) {
          // Refused before the body was all read (413 at a purpose's limit): the rest is read and
          // dropped, as Node does for a body nobody read, or the kept-alive connection stalls with
          // it unread and the browser's next upload on it is never answered.
          if (!req.raw.complete) req.raw.unpipe().resume();
          throw multipartError(err);
        }
        if (!bytes || bytes.length === 0) throw badRequest("请选择要上传的文件", "file");
        return ok(await uploads.store(bytes, purpose, req.caller));
      },
    );

    app.get(
      "/uploads/*",
      { config: { pageCache: false }, schema: { hide: true, params: ServeParams } },
      async (req, reply) => {
        const rel = req.params["*"];
        const etag = uploads.etagOf(rel);
        // Names are content hashes: a client holding this name's ETag holds these bytes.
        if (etag && req.headers["if-none-match"] === etag) return reply.status(304).send();
        const image = etag ? await uploads.open(rel) : undefined;
        if (!image) return reply.status(404).send({ s: 404, m: "文件不存在", d: null });
        if (req.headers["if-none-match"] === image.etag) {
          image.body.destroy();
          return reply.status(304).send();
        }
        // A name never changes meaning, so caches may keep it for a year — except a variant's address
        // answered with its original while the variant is being made: a minute, then ask again.
        // nosniff + a sandboxing CSP: whatever a browser thinks of the bytes, it never runs them as a page.
        reply
          .header("Content-Type", CONTENT_TYPES[image.type])
          .header("Cache-Control", image.immutable ? IMMUTABLE : "public, max-age=60")
          .header("X-Content-Type-Options", "nosniff")
          .header("Content-Security-Policy", "default-src 'none'; sandbox")
          .header("Content-Disposition", "inline")
          .header("ETag", image.etag)
          .header("Content-Length", image.size);
        return reply.send(image.body);
      },
    );
  };
}
