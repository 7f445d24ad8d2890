import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { unauthorized } from "../../lib/errors.ts";
import type { Caller, Deps } from "../deps.ts";
import { fileTooLarge } from "./errors.ts";
import { reencodeImage } from "./image.ts";
import {
  ACCEPTED_TYPES,
  COLLECTION_MAX_BYTES,
  STORED_PATH,
  type StoredType,
  type UploadPurpose,
} from "./schema.ts";

export const CONTENT_TYPES: Record<StoredType, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
};

export interface Uploaded {
  url: string;
  width: number;
  height: number;
  size: number;
  type: StoredType;
}

/** Image uploads (spec §5, §8, §9): check, re-encode, store by content hash, find for serving. */
export function createUploadService({ config }: Deps) {
  const root = config.uploadDir;

  /** The most bytes a purpose accepts: 1 MiB for collection backgrounds, UPLOAD_MAX_BYTES otherwise. */
  function limitFor(purpose: UploadPurpose): number {
    return purpose === "collection"
      ? Math.min(COLLECTION_MAX_BYTES, config.uploadMaxBytes)
      : config.uploadMaxBytes;
  }

  /** Uploading needs a signed-in user (401): the route checks this before reading the body. */
  function requireUser(caller: Caller): string {
    if (!caller.userId) throw unauthorized();
    return caller.userId;
  }

  return {
    limitFor,
    requireUser,

    /**
     * Stores an uploaded image as `<yyyy>/<mm>/<sha256 of the stored bytes>.<ext>`: the same image
     * uploaded twice in a month gets the same URL and one file. Nothing touches the disk until the
     * image has passed every check; the file appears whole (written aside, then renamed).
     */
    async store(input: Buffer, purpose: UploadPurpose, caller: Caller, now = new Date()): Promise<Uploaded> {
      requireUser(caller);
      if (input.length > limitFor(purpose)) throw fileTooLarge();
      const image = await reencodeImage(input, ACCEPTED_TYPES[purpose]);
      const sha = createHash("sha256").update(image.data).digest("hex");
      const yyyy = String(now.getUTCFullYear());
      const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
      const rel = `${yyyy}/${mm}/${sha}.${image.type}`;
      const file = path.join(root, rel);
      const exists = await fs.stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await fs.mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
        await fs.writeFile(tmp, image.data);
        await fs.rename(tmp, file);
      }
      return {
        url: `/uploads/${rel}`,
        width: image.width,
        height: image.height,
        size: image.data.length,
        type: image.type,
      };
    },

    /** The stored file behind `/uploads/<rel>`, or undefined when rel is not a name we could have made. */
    locate(rel: string): { file: string; type: StoredType; etag: string } | undefined {
      const m = STORED_PATH.exec(rel);
      if (!m) return undefined;
      return { file: path.join(root, rel), type: m[4] as StoredType, etag: `"${m[3]}"` };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
