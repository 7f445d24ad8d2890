// npm run build, last step: writes a .br and a .gz beside every fingerprinted client file, so
// @fastify/static (preCompressed, server/ssr.ts) answers them compressed without compressing on
// every request. Brotli at its best quality costs time once here, not per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.join(process.env.NUGGET_BUILD_DIR ?? "build", "client", "assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map)$/;
let files = 0;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(dir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files++;
  before += body.length;
  after += br.length;
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
