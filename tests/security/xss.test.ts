import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { BUILT_IN_TAGS, CATEGORY_ID } from "../../db/reference-data.ts";
import type { NuggetApp } from "../../server/app.ts";
import { BUILD_DIR, uniqueIp, useTestApp } from "../support/app.ts";
import { call, registerByEmail, type Auth } from "../support/client.ts";

/**
 * Issue 10: a corpus of XSS payloads through every stored text a person writes — profile fields,
 * shared links, articles (Markdown), pins, comments, collection sets — and every page that shows
 * them, parsed as HTML: no script but the page's own (with its nonce), no event-handler attribute,
 * no javascript: or data:text URL. Pages need the build (npm test makes it first).
 */
const PAYLOADS = [
  `<script>alert(1)</script>`,
  `"><script>alert(2)</script>`,
  `'><img src=x onerror=alert(3)>`,
  `<svg onload=alert(4)>`,
  `<a href="javascript:alert(5)">点我</a>`,
  `<iframe src="data:text/html,<script>alert(6)</script>"></iframe>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(7)>`,
  `<details open ontoggle=alert(8)>`,
  `</textarea></title><script>alert(9)</script>`,
  `[链接](javascript:alert(10))`,
  `![图](x" onerror="alert(11))`,
  `<a href="JaVaScRiPt:alert(12)">x</a>`,
  `<body onload=alert(13)>`,
  `\u003cscript\u003ealert(14)\u003c/script\u003e`,
  `<img src="x" style="background:url(javascript:alert(15))">`,
  "`<script>alert(16)</script>`",
  `<form action="javascript:alert(17)"><button>x</button></form>`,
  `<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxOCk8L3NjcmlwdD4="></object>`,
];

let nugget: NuggetApp;
useTestApp((n) => (nugget = n), {}, BUILD_DIR);

const api = async (method: "POST" | "PUT", url: string, auth: Auth, body: unknown) => {
  const r = await call(nugget.app, method, url, { auth, body, ip: uniqueIp() });
  if (r.status !== 200 || r.s !== 1) throw new Error(`${url}: ${r.status} ${r.s} ${r.m}`);
  return r.d;
};

/** What is wrong with a page: scripts that are not the page's own, handlers, script URLs, frames. */
function problems(html: string): string[] {
  const found: string[] = [];
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  // JSON-LD (structured data for search engines) is a data block the browser never runs; it must
  // stay one: valid JSON to its end, so a payload cannot have closed it and opened a script.
  let dataBlock: string | null = null;
  const parser = new Parser(
    {
      ontext(text) {
        if (dataBlock !== null) dataBlock += text;
      },
      onclosetag(name) {
        if (name !== "script" || dataBlock === null) return;
        try {
          JSON.parse(dataBlock);
        } catch {
          found.push(`a JSON-LD block that is not JSON: ${dataBlock.slice(0, 200)}`);
        }
        dataBlock = null;
      },
      onopentag(name, attrs) {
        if (name === "script" && attrs.type === "application/ld+json" && !attrs.src) {
          dataBlock = "";
        } else if (name === "script" && (!nonce || attrs.nonce !== nonce)) {
          found.push(`<script> without the page's nonce: ${JSON.stringify(attrs)}`);
        }
        for (const [attr, value] of Object.entries(attrs)) {
          if (/^on/i.test(attr)) found.push(`<${name} ${attr}="${value}">`);
          // eslint-disable-next-line no-control-regex -- control characters hide a javascript: scheme
          const v = value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
          if (v.startsWith("javascript:") || v.startsWith("vbscript:") || v.startsWith("data:text")) {
            found.push(`<${name} ${attr}="${value}">`);
          }
          if (attr === "style" && /javascript:|expression\(/i.test(value))
            found.push(`<${name} style="${value}">`);
        }
        // Frames and plugins never come from this site's own markup: one means a payload got through.
        if (["iframe", "object", "embed", "base"].includes(name))
          found.push(`<${name}> ${JSON.stringify(attrs)}`);
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe("XSS payloads in every stored text and the pages that show them", () => {
  it("has a checker that sees markup that would run", () => {
    const page = `<html><script nonce="n1"></script><p>ok</p>`;
    expect(problems(page)).toEqual([]);
    for (const bad of [
      `<script>alert(1)</script>`,
      `<img src=x onerror=alert(1)>`,
      `<a href=" JaVaScRiPt:alert(1)">x</a>`,
      `<iframe src="/x"></iframe>`,
      `<div style="background:url(javascript:alert(1))"></div>`,
    ]) {
      expect([bad, problems(page + bad).length > 0]).toEqual([bad, true]);
    }
  });

  it("renders none of them as markup that runs", async () => {
    const pages: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      // A writer a payload (publishing is limited per account).
      const { auth } = await registerByEmail(nugget);
      pages.push(`/user/${auth.uid}`, `/user/${auth.uid}/share`);
      // Profile fields (the last payloads win; each field shows one).
      for (const field of ["selfDescription", "jobTitle", "company"]) {
        await call(nugget.app, "POST", "/api/v1/updateUserInfo", {
          auth,
          body: { field, value: payload.slice(0, 40) },
        });
      }
      const share = await api("POST", "/api/entryPublish", auth, {
        originalUrl: `https://example.com/xss/${i}`,
        title: payload.slice(0, 60),
        category: "frontend",
        tags: BUILT_IN_TAGS[0].id,
        content: payload,
        extra: "0|1|0|0",
      });
      pages.push(`/entry/${share.entryId}`, `/entry/${share.entryId}/detail`);
      const draft = await api("POST", "/api/drafts", auth, {
        title: payload.slice(0, 60),
        content: `# ${payload}\n\n${payload}`,
      });
      const post = await api("POST", `/api/drafts/${draft.id}/publish`, auth, {
        categoryId: CATEGORY_ID.frontend,
        tagIds: [BUILT_IN_TAGS[0].id],
      });
      pages.push(`/post/${post.id}`);
      await api("POST", "/api/comment", auth, {
        content: payload,
        targetId: share.entryId,
        targetType: "entry",
      });
      const pin = await api("POST", "/api/pins", auth, { content: payload });
      pages.push(`/pin/${pin.id ?? pin.objectId ?? pin.msgId}`);
      const set = await api("POST", "/api/collectionset", auth, {
        title: payload.slice(0, 60),
        description: payload,
      });
      pages.push(`/collection/${set.id}`);
    }
    pages.push("/", "/pins", "/zhuanlan/all", "/collections/recommended", "/search?query=alert");
    const seen: string[] = [];
    let shown = 0;
    for (const url of pages) {
      const res = await nugget.app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html" },
        remoteAddress: uniqueIp(),
      });
      expect([url, res.statusCode]).toEqual([url, 200]);
      for (const p of problems(res.body)) seen.push(`${url}: ${p}`);
      if (res.body.includes("alert(")) shown++;
    }
    expect(seen).toEqual([]);
    // The payloads are there, as text: the pages did show what was stored.
    expect(shown).toBeGreaterThan(pages.length / 2);
  }, 120_000);
});
