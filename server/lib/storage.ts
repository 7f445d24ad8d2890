import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config, S3Config } from "../config.ts";

/** An object as read back: its bytes as a stream, and how many there are. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live (ADR 007): a folder on this machine, or an S3-compatible bucket every
 * instance shares. Keys are relative paths without "..", e.g. "2026/11/<sha256>.png"; the callers
 * make them from content hashes, so an object never changes once written.
 */
export interface ObjectStorage {
  readonly kind: "local" | "s3";
  /** Writes the object whole (readers never see half of it). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object as a stream, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** The whole object in memory, or undefined. */
  read(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is fine. */
  delete(key: string): Promise<void>;
  /** The address browsers use: /uploads/<key> served by the app, or S3_PUBLIC_URL/<key>. */
  publicUrl(key: string): string;
  close(): void;
}

/** Immutable, like the names: content-hash keys never change meaning (also what a CDN keeps). */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** A key is relative path segments of safe characters: no "..", no leading "/", no backslashes. */
const KEY = /^(?:[A-Za-z0-9_@-][A-Za-z0-9_.@-]*\/)*[A-Za-z0-9_@-][A-Za-z0-9_.@-]*$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split("/").some((s) => s === "." || s === "..")) {
    throw new Error(`bad storage key: ${key}`);
  }
  return key;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/** Files under `root` (UPLOAD_DIR), served by the app's own /uploads/* route. */
export function localStorage(root: string): ObjectStorage {
  const file = (key: string) => path.join(root, checkKey(key));
  return {
    kind: "local",
    async put(key, bytes) {
      const target = file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: a reader sees no file or the whole file.
      const tmp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, target);
    },
    async get(key) {
      const target = file(key);
      const stat = await fs.promises.stat(target).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: fs.createReadStream(target), size: stat.size };
    },
    async read(key) {
      return fs.promises.readFile(file(key)).catch((err) => {
        if (isMissing(err)) return undefined;
        throw err;
      });
    },
    async exists(key) {
      const stat = await fs.promises.stat(file(key)).catch(() => undefined);
      return Boolean(stat?.isFile());
    },
    async delete(key) {
      await fs.promises.unlink(file(key)).catch((err) => {
        if (!isMissing(err)) throw err;
      });
    },
    publicUrl: (key) => `/uploads/${checkKey(key)}`,
    close() {},
  };
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket through @aws-sdk/client-s3 (AWS, MinIO, Aliyun OSS, Tencent COS …). */
export function s3Storage(s3: S3Config): ObjectStorage {
  // The SDK warns once per process that its releases after January 2027 will need Node 22; the
  // version is pinned (package.json), so on the project's Node 20 the notice is noise in the logs.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    // Checksums only where S3 asks for them: several S3-compatible servers refuse the newer
    // default (CRC32 trailers) that AWS itself accepts.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = s3.bucket;
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          CacheControl: IMMUTABLE,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return { body: out.Body as Readable, size: Number(out.ContentLength ?? 0) };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    publicUrl: (key) => (s3.publicUrl ? `${s3.publicUrl}/${checkKey(key)}` : `/uploads/${checkKey(key)}`),
    close: () => client.destroy(),
  };
}

/** The configured driver: the bucket when S3_BUCKET is set, else UPLOAD_DIR. */
export function createStorage(config: Pick<Config, "s3" | "uploadDir">): ObjectStorage {
  return config.s3 ? s3Storage(config.s3) : localStorage(config.uploadDir);
}
