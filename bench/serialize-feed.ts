// npm run bench:serialize -- [--rounds 7] [--n 5000]
//
// What a feed answer costs to write: a 20-entry page of /api/get_entry_by_timeline (entries as
// presentEntry makes them) written by JSON.stringify, and by the serializer Fastify compiles from
// the route's response schema (fast-json-stringify, server/lib/response.ts), taken from a route.
// Also the same schema with OpenAPI's `nullable` in place of anyOf [T, null], and both writers on
// all-ASCII text, to say where the time goes. Prints the fastest and the median round, in µs per answer: on a shared
// machine the fastest round is the closer to the cost itself.
import { parseArgs } from "node:util";
import Fastify from "fastify";
import { ok } from "../server/plugins/envelope.ts";
import { EntryPage, okResponse } from "../server/lib/response.ts";
import { presentEntry, type AuthorRow, type EntryListRow } from "../server/services/entries/present.ts";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "7" }, n: { type: "string", default: "5000" } },
});
const ROUNDS = Number(args.rounds);
const N = Number(args.n);

const id = (i: number) => i.toString(16).padStart(24, "0");
const at = (i: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, i));

/** A page of 20 entries as the feed presents them: Chinese titles and abstracts, one or two tags. */
function feedPage(text: (s: string) => string) {
  const list = Array.from({ length: 20 }, (_, i) => {
    const entry = {
      id: id(1000 + i),
      userId: id(i % 5),
      categoryId: id(1),
      type: i % 3 ? "article" : "post",
      title: text(`前端性能优化实践：从首屏加载到交互响应的第 ${i} 个案例`),
      originalUrl: `https://example.com/posts/${id(1000 + i)}`,
      screenshot: i % 2 ? "" : `https://cdn.example.com/shots/${i}.png`,
      summary: text(
        "本文介绍在大型单页应用中减少首屏时间的做法：按路由拆分代码、预加载关键资源、" +
          "在服务端渲染首屏并在浏览器中接管，以及如何用性能面板找到长任务。",
      ),
      hot: i % 7 === 0,
      vote: false,
      original: true,
      gfw: false,
      english: false,
      campaignTag: i % 5 ? "" : "掘金开发者大会",
      hotIndex: 1234.5 - i,
      rankIndex: 0.987654 - i / 100,
      latestCommentAt: i % 2 ? null : at(i),
      collectionCount: 120 + i,
      commentsCount: 12 + i,
      viewsCount: 4567 + i,
      status: "published",
      deletedAt: null,
      createdAt: at(i),
      updatedAt: at(i + 1),
    } satisfies EntryListRow;
    const user: AuthorRow = {
      id: id(i % 5),
      username: text(`作者${i % 5}`),
      avatarLarge: `https://cdn.example.com/avatars/${i % 5}.png`,
      jobTitle: text("前端工程师"),
      company: text("某科技公司"),
      role: "user",
    };
    const tags = [{ id: id(500 + i), title: text("前端"), icon: "" }];
    if (i % 2) tags.push({ id: id(600 + i), title: "Vue.js", icon: "https://cdn.example.com/vue.png" });
    return presentEntry(entry, {
      user,
      category: {
        id: id(1),
        name: "frontend",
        title: text("前端"),
        order: 1,
        createdAt: at(0),
        updatedAt: at(0),
      },
      tags,
      liked: i % 4 === 0,
    });
  });
  // Spread: an object type (not the Envelope interface) is what a serializer's signature takes.
  return { ...ok({ list, pointer: `${at(19).toISOString()}_${id(1019)}`, canNext: true }) };
}

/** The schema with `nullable: true` in place of every anyOf [T, null]: the alternative measured. */
function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (!schema || typeof schema !== "object") return schema;
  const s = schema as Record<string, unknown>;
  const options = s.anyOf as Record<string, unknown>[] | undefined;
  if (options?.length === 2 && options[1].type === "null") {
    return { ...(withNullable(options[0]) as object), nullable: true };
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, withNullable(v)]));
}

/** The serializer Fastify compiles for a route answering 200 with `schema`, as its routes get it. */
async function compiledFor(schema: object): Promise<(answer: { [key: string]: unknown }) => string> {
  const app = Fastify();
  let serializer: ((answer: { [key: string]: unknown }) => string) | undefined;
  app.get("/feed", { schema: { response: { 200: schema } } }, async (_req, reply) => {
    serializer = reply.getSerializationFunction("200");
    return ok({ list: [], pointer: null, canNext: false });
  });
  await app.inject({ method: "GET", url: "/feed" });
  await app.close();
  if (!serializer) throw new Error("no serializer compiled");
  return serializer;
}

const schema = okResponse(EntryPage)[200];
const compiled = await compiledFor(schema);
const compiledNullable = await compiledFor(withNullable(schema) as object);
const chinese = feedPage((s) => s);
const ascii = feedPage((s) => s.replace(/[^\x20-\x7e]/g, "x"));

for (const [name, answer] of [
  ["chinese", chinese],
  ["ascii", ascii],
] as const) {
  const expected = JSON.parse(JSON.stringify(answer));
  for (const write of [compiled, compiledNullable]) {
    if (JSON.stringify(JSON.parse(write(answer))) !== JSON.stringify(expected)) {
      // Key order aside, the schema must write what JSON.stringify writes.
      const same = JSON.stringify(sortKeys(JSON.parse(write(answer)))) === JSON.stringify(sortKeys(expected));
      if (!same) throw new Error(`the ${name} answer differs from JSON.stringify's`);
    }
  }
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!v || typeof v !== "object") return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
  );
}

/** µs per call of `write(answer)`, fastest and median of ROUNDS rounds of N calls, after a warm-up. */
function measure<A>(write: (a: A) => string, answer: A): [number, number] {
  for (let i = 0; i < N; i++) write(answer);
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < N; i++) write(answer);
    rounds.push(Number(process.hrtime.bigint() - started) / 1000 / N);
  }
  rounds.sort((a, b) => a - b);
  return [rounds[0], rounds[Math.floor(ROUNDS / 2)]];
}

const rows: [string, [number, number], number][] = [];
for (const [name, answer] of [
  ["20 entries, Chinese text (the feed)", chinese],
  ["20 entries, all-ASCII text", ascii],
] as const) {
  const bytes = Buffer.byteLength(JSON.stringify(answer));
  rows.push([`${name}: JSON.stringify`, measure(JSON.stringify, answer), bytes]);
  rows.push([`${name}: compiled (anyOf [T, null], shipped)`, measure(compiled, answer), bytes]);
  rows.push([`${name}: compiled (nullable: true)`, measure(compiledNullable, answer), bytes]);
}
console.log(
  `node ${process.version}, ${ROUNDS} rounds × ${N} answers; µs per answer, fastest / median round`,
);
for (const [name, [fastest, median], bytes] of rows) {
  console.log(`${fastest.toFixed(1).padStart(7)} / ${median.toFixed(1).padStart(6)} µs  ${bytes} B  ${name}`);
}
