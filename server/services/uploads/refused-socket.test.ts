import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { NuggetApp } from "../../app.ts";
import { testApp } from "../../../tests/support/app.ts";
import { registerByEmail, type Auth } from "../../../tests/support/client.ts";

let nugget: NuggetApp;
let uploadDir: string;
let port: number;
let auth: Auth;
beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-uploads-socket-"));
  nugget = await testApp({ uploadDir });
  const address = await nugget.app.listen({ port: 0, host: "127.0.0.1" });
  port = Number(new URL(address).port);
  auth = (await registerByEmail(nugget)).auth;
});
afterAll(async () => {
  await nugget.app.close();
  await nugget.database.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});

function multipart(data: Buffer, purpose: string) {
  const boundary = `----nugget${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** One POST over `agent` (a browser's kept-alive connection), answered within 10 s or failed. */
function post(agent: http.Agent, data: Buffer, purpose: string) {
  const { body, type } = multipart(data, purpose);
  return new Promise<{ status: number; json: { s: number; m: string } }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/upload",
        method: "POST",
        agent,
        timeout: 10_000,
        headers: { ...auth, "content-type": type, "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, json: JSON.parse(text) }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", reject);
    req.end(body);
  });
}

// A refusal before the whole body was read (413 at the collection background's 1 MiB) must not
// leave the browser's kept-alive connection stuck: its next upload on it hung, never answered.
it("the next upload on the same connection is answered after a 413", { timeout: 60_000 }, async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const big = Buffer.alloc(3_000_000, 7);
  const refused = await post(agent, big, "collection");
  expect(refused).toMatchObject({ status: 413, json: { m: "文件太大" } });
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .gif()
    .toBuffer();
  const next = await post(agent, gif, "collection");
  expect(next).toMatchObject({ status: 415, json: { m: "文件格式不支持" } });
  agent.destroy();
});
