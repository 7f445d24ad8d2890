import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { S3Config } from "../../server/config.ts";

/** The little of s3rver's API the tests use (the package ships no types). */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

/**
 * A real S3-compatible server on a loopback port (s3rver, files in a temporary folder) with one
 * bucket, for tests of the S3 storage driver: the SDK talks HTTP to it as it would to AWS or MinIO.
 */
export async function startS3(bucket = "nugget-test"): Promise<{
  config: S3Config;
  close: () => Promise<void>;
}> {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverCtor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      // s3rver's fixed development keys.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicUrl: undefined,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
