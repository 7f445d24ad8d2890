import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { NuggetApp } from "../../app.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { testApp, uniqueIp } from "../../../tests/support/app.ts";
import { call, registerByEmail, type Auth } from "../../../tests/support/client.ts";
import { decodeEntities, decodeHtml, extractPageInfo, sniffMetaCharset } from "./parse-html.ts";
import { PAGE_INFO_RATE } from "./routes.ts";

// GBK bytes of 中文标题 and 掘金简介 (checked against TextDecoder below, not trusted blindly).
const GBK_TITLE = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xb1, 0xea, 0xcc, 0xe2]);
const GBK_DESC = Buffer.from([0xbe, 0xf2, 0xbd, 0xf0, 0xbc, 0xf2, 0xbd, 0xe9]);

describe("page preview extraction", () => {
  it("prefers og:*, then twitter:*, then <title> and meta description", () => {
    const html = `<!doctype html><html><head>
      <title>  Plain   title - Site </title>
      <meta name="description" content="meta description">
      <meta name="twitter:title" content="Twitter title">
      <meta property="og:title" content=" OG &amp; title ">
      <meta property="og:description" content="OG description &#x4e2d;&#25991;">
      <meta property="og:image" content="/img/cover.png">
    </head><body><svg><title>icon</title></svg></body></html>`;
    expect(extractPageInfo(html, "https://example.com/a/b/page")).toEqual({
      title: "OG & title",
      description: "OG description 中文",
      thumb: "https://example.com/img/cover.png",
      url: "https://example.com/a/b/page",
    });
    const twitter = `<head><title>T</title><meta name="twitter:title" content="Tw">
      <meta name="twitter:description" content="TwD"><meta name="twitter:image" content="../x.jpg"></head>`;
    expect(extractPageInfo(twitter, "https://example.com/a/b/page")).toMatchObject({
      title: "Tw",
      description: "TwD",
      thumb: "https://example.com/a/x.jpg",
    });
    const plain = `<html><head><title>Only &lt;title&gt;&nbsp;here</title>
      <meta content="desc first" name="Description"></head><body><p>x</p></body>`;
    expect(extractPageInfo(plain, "http://example.com/")).toEqual({
      title: "Only <title> here",
      description: "desc first",
      thumb: "",
      url: "http://example.com/",
    });
  });

  it("resolves images against <base href>, keeps only http(s), and ignores commented-out tags", () => {
    const html = `<head><base href="https://cdn.example.net/assets/">
      <!-- <meta property="og:title" content="commented"> -->
      <script>var s = '<meta property="og:description" content="scripted">';</script>
      <meta property="og:image" content="pic.webp"><title>Real</title></head>`;
    expect(extractPageInfo(html, "https://example.com/")).toEqual({
      title: "Real",
      description: "",
      thumb: "https://cdn.example.net/assets/pic.webp",
      url: "https://example.com/",
    });
    expect(
      extractPageInfo(`<meta property="og:image" content="javascript:alert(1)">`, "https://e.com/").thumb,
    ).toBe("");
    expect(
      extractPageInfo(`<meta property="og:image" content="//img.e.com/a.png">`, "https://e.com/").thumb,
    ).toBe("https://img.e.com/a.png");
    expect(extractPageInfo(`<link rel="image_src" href="/s.png">`, "https://e.com/p").thumb).toBe(
      "https://e.com/s.png",
    );
  });

  it("cuts title and description to what a share accepts", () => {
    const html = `<title>${"标".repeat(150)}</title><meta name="description" content="${"d".repeat(1500)}">`;
    const info = extractPageInfo(html, "https://e.com/");
    expect([...info.title].length).toBe(100);
    expect(info.description.length).toBe(1000);
  });

  it("decodes entities", () => {
    expect(
      decodeEntities("a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &hellip; &#x1F600; &bogus; &#0;"),
    ).toBe(`a & b <c> "d" 'e' … 😀 &bogus; \ufffd`);
    fc.assert(
      fc.property(fc.string(), (s) => {
        const escaped = s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
        return decodeEntities(escaped) === s;
      }),
    );
  });

  it("decodes GBK and GB2312 pages, by header or by meta", () => {
    expect(new TextDecoder("gbk").decode(GBK_TITLE)).toBe("中文标题");
    const page = Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>'),
      GBK_TITLE,
      Buffer.from('</title><meta name="description" content="'),
      GBK_DESC,
      Buffer.from('"></head></html>'),
    ]);
    expect(sniffMetaCharset(page)).toBe("gb2312");
    expect(extractPageInfo(decodeHtml(page, null), "http://e.com/")).toMatchObject({
      title: "中文标题",
      description: "掘金简介",
    });
    const bare = Buffer.concat([Buffer.from("<title>"), GBK_TITLE, Buffer.from("</title>")]);
    expect(decodeHtml(bare, "gbk")).toBe("<title>中文标题</title>");
    // Header wins over meta; an unknown label falls back to UTF-8.
    const utf8 = Buffer.from('<meta charset="gbk"><title>中文</title>');
    expect(decodeHtml(utf8, "utf-8")).toContain("中文");
    expect(decodeHtml(Buffer.from("<title>中文</title>"), "x-no-such-charset")).toContain("中文");
    expect(decodeHtml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("中")]), "gbk")).toBe("中");
  });
});

// ---------------------------------------------------------------------------------------------
// GET /api/page/info against pages served on loopback.

let server: http.Server;
let base: string;
let nugget: NuggetApp;
/** A second app on the same database with the test allowance off, as production runs. */
let strict: NuggetApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    switch (url.pathname) {
      case "/article":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<html><head><title>文章标题 - 站点</title>
          <meta property="og:title" content="前端性能优化实践">
          <meta property="og:description" content="  从首屏到交互，
            一步一步  ">
          <meta property="og:image" content="../images/cover.png"></head><body>正文</body></html>`);
      case "/gbk":
        res.writeHead(200, { "content-type": "text/html; charset=GBK" });
        return res.end(Buffer.concat([Buffer.from("<title>"), GBK_TITLE, Buffer.from("</title>")]));
      case "/moved":
        res.writeHead(301, { location: "/posts/final/article" });
        return res.end();
      case "/posts/final/article":
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(`<meta property="og:image" content="thumb.jpg"><title>Final</title>`);
      case "/to-metadata":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      case "/image":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(Buffer.alloc(10));
      default:
        res.writeHead(404, { "content-type": "text/html" });
        return res.end("<title>Not found</title>");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  nugget = await testApp({ pageFetchAllowLoopback: true });
  strict = await buildApp({
    config: loadConfig(process.env, { logLevel: "silent", publicUrl: "http://nugget.test" }),
    database: nugget.database,
  });
});
afterAll(async () => {
  await strict.app.close();
  await nugget.app.close();
  await nugget.database.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const info = (auth: Auth | undefined, url: string, app = nugget) =>
  call(app.app, "GET", `/api/page/info?url=${encodeURIComponent(url)}`, { auth, ip: uniqueIp() });

describe("GET /api/page/info", () => {
  it("needs a login", async () => {
    const r = await info(undefined, `${base}/article`);
    expect([r.status, r.s]).toEqual([401, 401]);
  });

  it("reads title, description and an absolute thumb", async () => {
    const { auth } = await registerByEmail(nugget);
    const r = await info(auth, `${base}/article`);
    expect([r.status, r.s]).toEqual([200, 1]);
    expect(r.d).toEqual({
      title: "前端性能优化实践",
      description: "从首屏到交互， 一步一步",
      thumb: `${base}/images/cover.png`,
      url: `${base}/article`,
    });
  });

  it("decodes a GBK page and follows redirects, resolving against the final URL", async () => {
    const { auth } = await registerByEmail(nugget);
    expect((await info(auth, `${base}/gbk`)).d.title).toBe("中文标题");
    const moved = await info(auth, `${base}/moved`);
    expect(moved.d).toEqual({
      title: "Final",
      description: "",
      thumb: `${base}/posts/final/thumb.jpg`,
      url: `${base}/posts/final/article`,
    });
  });

  it("answers 400 naming url for a bad or refused URL, 422 for a page it could not read", async () => {
    const { auth } = await registerByEmail(nugget);
    for (const url of ["", "not a url", "ftp://example.com/", `${base}/to-metadata`, "http://10.0.0.1/"]) {
      const r = await info(auth, url);
      expect([r.status, r.s, r.d?.field], url).toEqual([400, 400, "url"]);
      expect(r.m).toBeTruthy();
    }
    for (const path of ["/image", "/nothing-here"]) {
      const r = await info(auth, `${base}${path}`);
      expect([r.status, r.s, r.d?.field], path).toEqual([422, 422, "url"]);
    }
  });

  it("refuses loopback when the test allowance is off (the production setting)", async () => {
    const { auth } = await registerByEmail(strict);
    for (const url of [
      `${base}/article`,
      `http://localhost:${new URL(base).port}/article`,
      "http://[::1]/",
    ]) {
      const r = await info(auth, url, strict);
      expect([r.status, r.s, r.d?.field], url).toEqual([400, 400, "url"]);
      expect(r.m).toBe("不能读取内网、本机或保留地址上的网页");
    }
  });

  it("is rate-limited per user", async () => {
    const a = await registerByEmail(nugget);
    const b = await registerByEmail(nugget);
    for (let i = 0; i < PAGE_INFO_RATE.max; i++) {
      expect((await info(a.auth, `${base}/gbk`)).s).toBe(1);
    }
    const limited = await info(a.auth, `${base}/gbk`);
    expect([limited.status, limited.s]).toEqual([429, 429]);
    // Another user (from whatever address) is not affected.
    expect((await info(b.auth, `${base}/gbk`)).s).toBe(1);
  });
});
