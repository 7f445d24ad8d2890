/**
 * Word segmentation for search: the index and the query cut text the same way, so a query word
 * meets the same word in an entry.
 *
 * - Text is NFKC-normalized (full-width Ｖｕｅ → vue, ideographic space → space) and lowercased.
 * - Latin tech tokens are taken whole by our own rule before jieba sees the text: a run of letters
 *   and digits that may carry . + # _ - inside and + # at the end (Vue.js, C++, C#, .NET, ASP.NET,
 *   K8s, ES2023, TypeScript). jieba would cut "Node.js" into node / . / js and drop "++".
 * - Runs of Han characters go to jieba with a small tech dictionary added (后端, 小程序 … which the
 *   stock dictionary cuts into single characters that then stick to their neighbours: 后/端的).
 * - Punctuation, symbols and whitespace separate words and are dropped, as are a few stop words.
 *
 * The index side (segmentForIndex) uses jieba's search mode, which adds the dictionary words inside
 * a long word (开发者 → 开发, 开发者), and splits compound Latin tokens the same way (vue.js → vue,
 * js, vue.js). The extra words share their word's position, so phrase queries still see the words
 * of a sentence as adjacent (indexWords gives the positions). Search mode's rule is applied here
 * (innerWords) to jieba's cut, which is how each extra word is known to belong to its word.
 *
 * Changing this file (rules, dictionary, stop words) changes the index: run reindexAllEntries.
 */
import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";

/**
 * Words the stock dictionary cuts into a single character plus a word, which then merges with the
 * next character in running text (后端的 → 后 / 端的). Same frequency for all: high enough to win
 * over those merges, far below the particles (的 is 318825).
 */
const TECH_WORDS = [
  "后端",
  "前后端",
  "端到端",
  "服务端",
  "移动端",
  "跨端",
  "小程序",
  "微前端",
  "微服务",
  "大模型",
  "云原生",
  "低代码",
  "零代码",
  "可观测性",
  "组件库",
  "组件化",
  "容器化",
  "高并发",
  "懒加载",
  "预加载",
  "原型链",
  "响应式",
  "热更新",
  "算法题",
  "运行时",
  "线程池",
  "连接池",
  "提示词",
  "智能体",
  "多模态",
  "技术栈",
  "防抖",
  "节流",
  "闭包",
  "泛型",
  "首屏",
  "白屏",
  "鸿蒙",
  "掘金",
  "沸点",
  "小册",
];
const TECH_DICT = TECH_WORDS.map((w) => `${w} 50000 n`).join("\n");

/** Words too common to find anything by; dropped from the index and the query alike. */
const STOP_WORDS = new Set([
  "的",
  "了",
  "和",
  "与",
  "是",
  "在",
  "及",
  "或",
  "也",
  "就",
  "都",
  "而",
  "之",
  "着",
  "把",
  "被",
  "吗",
  "呢",
  "吧",
  "啊",
  "呀",
  "地",
  "得",
  "the",
  "a",
  "an",
  "of",
  "and",
  "or",
  "to",
  "is",
  "in",
]);

/** Longer tokens (base64, hashes) find nothing and would only bloat the index. */
const MAX_TOKEN_LENGTH = 64;

let jieba: Jieba | null = null;
/** The words of jieba's dictionary (ours included), for search mode's extra words. */
let dictionary: Set<string> | null = null;

/** Loading the dictionary takes about 0.3 s: only when the first text is cut. */
function cutter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    jieba.loadDict(Buffer.from(TECH_DICT));
    const words = new Set<string>(TECH_WORDS);
    // dict.txt: "word frequency tag" a line.
    for (const line of Buffer.from(dict).toString("utf8").split("\n")) {
      const space = line.indexOf(" ");
      if (space > 1) words.add(line.slice(0, space));
    }
    dictionary = words;
  }
  return jieba;
}

const inDictionary = (word: string) => (cutter(), dictionary!.has(word));

/**
 * The dictionary words inside a word: its 2-grams (for words of 3+ characters) and 3-grams (4+)
 * found in the dictionary, which is what jieba's search mode adds before each word. Done here
 * rather than by cutForSearch so each extra word is known to belong to its word (and takes its
 * position), with one call into jieba per text instead of two.
 */
export function innerWords(word: string): string[] {
  const chars = [...word];
  const out: string[] = [];
  for (const size of [2, 3]) {
    if (chars.length <= size) break;
    for (let i = 0; i + size <= chars.length; i++) {
      const gram = chars.slice(i, i + size).join("");
      if (inDictionary(gram)) out.push(gram);
    }
  }
  return out;
}

// A "word character" outside Han: letters, digits and combining marks of any other script.
const W = String.raw`[[\p{L}\p{N}\p{M}]--\p{Script=Han}]`;
/**
 * One scan over the text: a run of Han characters (for jieba), or a Latin-style token — starts
 * with a word character (or a dot before one, for .NET, unless a Latin word or dot precedes it),
 * may contain . + # _ -, and ends with a word character, + or #.
 */
const TOKEN = new RegExp(
  String.raw`(?<han>\p{Script=Han}+)|(?<word>(?:(?<![${W}\.])\.)?${W}(?:[${W}\.\+\#_\-]*[${W}\+\#])?)`,
  "gv",
);
/** Separators inside a compound Latin token: vue.js → vue, js. */
const LATIN_PARTS = /[._-]+/;
const HAS_LETTER = /\p{L}/u;

/** NFKC then lowercase (and once more, in case lowercasing un-normalized something). */
function normalize(text: string): string {
  return text.normalize("NFKC").toLowerCase().normalize("NFKC");
}

const keep = (w: string) => w.length <= MAX_TOKEN_LENGTH && !STOP_WORDS.has(w);

/** stableParts answers, by word: the distinct words of a corpus are few, cutting them is not. */
const stableCache = new Map<string, string[]>();
const STABLE_CACHE_SIZE = 200_000;

/**
 * A word as jieba cuts it when it stands alone, cut again until nothing changes. Usually the word
 * itself; but a word the HMM guessed from its neighbours may fall apart alone (二区前 → 二区 / 前,
 * while 二区 → 二 / 区). The query keeps these parts (which makes segmentQuery idempotent), and the
 * index adds them beside the word, so a query for any text of an entry finds the entry.
 */
function stableParts(word: string): string[] {
  if (word.length < 2) return [word];
  let parts = stableCache.get(word);
  if (!parts) {
    const cut = cutter().cut(word, true);
    // Each part is shorter than the word, so this ends.
    parts = cut.length <= 1 ? [word] : cut.flatMap(stableParts);
    if (stableCache.size >= STABLE_CACHE_SIZE) stableCache.clear();
    stableCache.set(word, parts);
  }
  return parts;
}

/** A word of the index and its position (1-based; the extra search-mode words share theirs). */
export interface IndexWord {
  word: string;
  position: number;
}

/**
 * The words of `text` for the index, with positions. Positions count the words of the text in
 * order; stop words take none (前端的性能 reads as the phrase 前端 性能) and punctuation leaves a
 * gap of one, so a phrase does not run across a sentence end.
 */
export function indexWords(text: string): IndexWord[] {
  const out: IndexWord[] = [];
  const s = normalize(text);
  let position = 0;
  let end = 0;
  for (const m of s.matchAll(TOKEN)) {
    // Anything but whitespace between two tokens is punctuation or a symbol: leave a gap.
    if (position > 0 && /[^\s]/u.test(s.slice(end, m.index))) position++;
    end = m.index + m[0].length;
    if (m.groups!.han) {
      for (const word of cutter().cut(m[0], true)) {
        if (!keep(word)) continue;
        position++;
        for (const inner of innerWords(word)) if (keep(inner)) out.push({ word: inner, position });
        // The query's cut of the word alone, when that differs (see stableParts).
        for (const part of stableParts(word))
          if (part !== word && keep(part)) out.push({ word: part, position });
        out.push({ word, position });
      }
    } else {
      const word = m[0];
      if (!keep(word)) continue;
      position++;
      out.push({ word, position });
      if (LATIN_PARTS.test(word)) {
        // The parts by the same token rule (a.+b → a+ … not +b), so they segment to themselves.
        for (const part of word.split(LATIN_PARTS).flatMap((p) => [...p.matchAll(TOKEN)].map((t) => t[0]))) {
          // Single letters (the c of c-d) would only add noise.
          if (part.length > 1 && HAS_LETTER.test(part) && keep(part)) out.push({ word: part, position });
        }
      }
    }
  }
  return out;
}

/** The words of `text` for the index (jieba search mode: 开发者 → 开发, 开发者). */
export function segmentForIndex(text: string): string[] {
  return indexWords(text).map((w) => w.word);
}

/** The words of a search query, in order (jieba cut mode with HMM). Idempotent on its own output. */
export function segmentQuery(text: string): string[] {
  const out: string[] = [];
  for (const m of normalize(text).matchAll(TOKEN)) {
    const words = m.groups!.han ? cutter().cut(m[0], true).flatMap(stableParts) : [m[0]];
    for (const w of words) if (keep(w)) out.push(w);
  }
  return out;
}
