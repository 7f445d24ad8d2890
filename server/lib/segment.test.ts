import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";
import { indexWords, innerWords, segmentForIndex, segmentQuery } from "./segment.ts";

const TECH_TOKENS = [
  "Vue.js",
  "Node.js",
  "C++",
  "C#",
  ".NET",
  "ASP.NET",
  "Next.js",
  "K8s",
  "ES2023",
  "TypeScript",
  "F#",
  "vue-router",
  "snake_case",
  "Web3",
];
const han = fc.constantFrom(
  ..."前端性能优化开发者的了和与是在掘金社区后端小程序数据库架构设计一二三".split(""),
);
const hanText = fc.array(han, { minLength: 1, maxLength: 12 }).map((a) => a.join(""));
/** A Latin token by the module's rule: word characters with . + # _ - inside, ending in a word char, + or #. */
const latinToken = fc.oneof(
  fc.constantFrom(...TECH_TOKENS),
  fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9.+#_-]{0,10}[A-Za-z0-9+#])?$/),
);
/** Characters that separate a Latin token from its neighbours. */
const separator = fc.constantFrom(
  " ",
  "，",
  "。",
  "、",
  "！",
  "(",
  ")",
  "/",
  "\t",
  "\n",
  "　",
  "：",
  "“",
  "”",
);
/** Text shaped like titles and articles: Chinese, Latin tokens, punctuation and spaces mixed. */
const mixedText = fc
  .array(fc.oneof(hanText, latinToken, separator, fc.constantFrom("...", "--", "++", "##", "_")), {
    maxLength: 20,
  })
  .map((parts) => parts.join(""));
const anyText = fc.oneof(
  mixedText,
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ maxLength: 60 }),
);
const STOP = new Set(["the", "a", "an", "of", "and", "or", "to", "is", "in"]);

describe("segmentQuery and segmentForIndex (property)", () => {
  it("never throw and never answer empty or whitespace-bearing tokens", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const tokens of [segmentQuery(text), segmentForIndex(text)]) {
          for (const t of tokens) {
            expect(t.length).toBeGreaterThan(0);
            expect(t).not.toMatch(/\s/u);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("segmentQuery is idempotent on its own output", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = segmentQuery(text);
        expect(segmentQuery(once.join(" "))).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it("indexes every word the query would make of the same text (a text finds itself)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const indexed = new Set(segmentForIndex(text));
        for (const w of segmentQuery(text)) expect(indexed).toContain(w);
      }),
      { numRuns: 300 },
    );
  });

  it("adds the same extra words as jieba's search mode", () => {
    const jieba = Jieba.withDict(dict);
    const hanRun = fc.array(
      fc.constantFrom(..."中华人民共和国开发者工具链前端工程化数据库管理系统可观测性".split("")),
      {
        minLength: 1,
        maxLength: 16,
      },
    );
    fc.assert(
      fc.property(hanRun, (chars) => {
        const run = chars.join("");
        const ours = jieba.cut(run, true).flatMap((w) => [...innerWords(w), w]);
        expect(ours).toEqual(jieba.cutForSearch(run, true));
      }),
    );
  });

  it("keeps Latin tech tokens whole (lowercased) between Chinese, spaces and punctuation", () => {
    fc.assert(
      fc.property(hanText, separator, latinToken, separator, hanText, (before, s1, token, s2, after) => {
        fc.pre(!STOP.has(token.toLowerCase()));
        const text = `${before}${s1}${token}${s2}${after}`;
        expect(segmentQuery(text)).toContain(token.toLowerCase());
        expect(segmentForIndex(text)).toContain(token.toLowerCase());
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a Latin token whole right next to Chinese characters", () => {
    fc.assert(
      fc.property(hanText, fc.constantFrom(...TECH_TOKENS), hanText, (before, token, after) => {
        expect(segmentQuery(`${before}${token}${after}`)).toContain(token.toLowerCase());
      }),
    );
  });

  it("gives every index word a position, extra words sharing their word's", () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const words = indexWords(text);
        for (let i = 1; i < words.length; i++) {
          expect(words[i].position).toBeGreaterThanOrEqual(words[i - 1].position);
        }
        for (const w of words) expect(w.position).toBeGreaterThan(0);
      }),
    );
  });
});

describe("segmentation examples", () => {
  it("cuts Chinese into words, the index adding the words inside long ones", () => {
    expect(segmentQuery("前端性能优化")).toEqual(["前端", "性能", "优化"]);
    expect(segmentQuery("开发者")).toEqual(["开发者"]);
    expect(segmentForIndex("开发者")).toEqual(["开发", "开发者"]);
  });

  it("keeps tech tokens whole and lowercased; the index also knows their parts", () => {
    expect(
      segmentQuery("Vue.js、Node.js、C++、C#、.NET、ASP.NET、Next.js、K8s、ES2023 和 TypeScript"),
    ).toEqual([
      "vue.js",
      "node.js",
      "c++",
      "c#",
      ".net",
      "asp.net",
      "next.js",
      "k8s",
      "es2023",
      "typescript",
    ]);
    expect(segmentForIndex("Vue.js")).toEqual(["vue.js", "vue", "js"]);
    expect(segmentQuery("Ｖｕｅ３")).toEqual(["vue3"]);
  });

  it("drops punctuation, whitespace and stop words", () => {
    expect(segmentQuery("  前端的性能，和 React Hooks！ ")).toEqual(["前端", "性能", "react", "hooks"]);
    expect(segmentQuery("的了和……！！")).toEqual([]);
    expect(segmentQuery("")).toEqual([]);
  });

  it("knows the tech words the stock dictionary cuts apart", () => {
    expect(segmentQuery("从前端到后端的性能监控")).toContain("后端");
    expect(segmentQuery("小程序开发")).toEqual(["小程序", "开发"]);
  });

  it("positions: a phrase stays adjacent, stop words take no place, punctuation leaves a gap", () => {
    const at = (text: string) => Object.fromEntries(indexWords(text).map((w) => [w.word, w.position]));
    expect(at("前端性能")).toEqual({ 前端: 1, 性能: 2 });
    expect(at("前端的性能")).toEqual({ 前端: 1, 性能: 2 });
    expect(at("前端。性能")).toEqual({ 前端: 1, 性能: 3 });
    // 工程 comes with 工程化 at its place, so 前端 <-> 工程化 is still a phrase.
    expect(at("前端工程化")).toEqual({ 前端: 1, 工程: 2, 工程化: 2 });
  });
});
