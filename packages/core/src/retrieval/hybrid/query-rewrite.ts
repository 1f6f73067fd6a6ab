/**
 * @module Query rewriting, the first step of hybrid retrieval: strip question words, politeness and filler, English and Chinese,
 * so "can you help me find the weather in Paris?" searches for "weather paris". Pure.
 */
import { STOP_WORDS } from "../../text/stop-words.js";
import { analyze } from "../../text/analyzer.js";
import { isCjk, splitWords, stem as stemWord } from "../../text/tokenize.js";

/** Words that ask or fill rather than say what is wanted (beyond the stop words). */
const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    "please pls kindly hey hi hello thanks thank help assist tell know show give find get let want wanted wanting " +
    "need needs like would could should can cannot able possible way ways trying try going something anything " +
    "someone somebody thing things stuff really just also maybe perhaps currently right now today tool tools use " +
    "using app quick quickly lookup look"
  ).split(" "),
);

/** Chinese question and filler phrases, longest first. */
const CHINESE_FILLERS = [
  "能不能",
  "可不可以",
  "是不是",
  "有没有",
  "能否",
  "可以",
  "帮我",
  "帮忙",
  "麻烦",
  "请问",
  "请",
  "我想要",
  "我想",
  "我要",
  "一下",
  "怎么样",
  "怎么",
  "如何",
  "什么",
  "哪些",
  "哪个",
  "吗",
  "呢",
  "吧",
  "啊",
  "的",
  "了",
  "给我",
  "我",
];

/** A weighted form of the query. */
export interface QueryVariant {
  text: string;
  weight: number;
}

// eslint-disable-next-line no-control-regex -- the ASCII test is the point
const isAscii = (text: string) => !/[^\x00-\x7f]/.test(text);

/**
 * An ASCII query's words without stop words (`words`), those of them that are not filler either (`kept`), and the
 * rewritten query they make ({@link rewriteQuery}: the query itself when nothing is kept).
 */
function asciiQueryWords(query: string): { words: string[]; kept: string[]; rewritten: string } {
  const words = splitWords(query).filter((word) => !STOP_WORDS.has(word));
  const kept = words.filter((word) => !FILLER_WORDS.has(word));
  return { words, kept, rewritten: kept.length > 0 ? kept.join(" ") : query };
}

/**
 * The query without question words, filler and stop words (English), and without common Chinese filler phrases.
 * Returns the original text when stripping would leave nothing.
 *
 * @example
 * ```ts
 * rewriteQuery("Can you help me find the weather in Paris?"); // "weather paris"
 * rewriteQuery("能不能帮我读文件"); // "读文件"
 * ```
 */
export function rewriteQuery(query: string): string {
  // ASCII text holds no Chinese filler and splits into the same words whole as chunk by chunk: one pass (the hot path
  // of every search; the general path below took four to five times as long on metatool's English requests).
  if (isAscii(query)) return asciiQueryWords(query).rewritten;
  let text = query;
  for (const filler of CHINESE_FILLERS) text = text.split(filler).join(" ");
  const kept: string[] = [];
  for (const chunk of text.split(/[^\p{L}\p{N}'’]+/u)) {
    let part = "";
    for (const word of splitWords(chunk)) {
      if (isCjk(word)) part += word;
      else if (!STOP_WORDS.has(word) && !FILLER_WORDS.has(word)) part += part === "" ? word : ` ${word}`;
    }
    if (part !== "") kept.push(part);
  }
  return kept.length > 0 ? kept.join(" ") : query;
}

/**
 * The variants searched and fused: the rewritten query (weight 1) and, when rewriting changed it, the original
 * (weight `originalWeight`), which keeps words the rewrite dropped but a tool name may need.
 */
export function queryVariants(query: string, originalWeight = 0.5): QueryVariant[] {
  const rewritten = rewriteQuery(query);
  const variants: QueryVariant[] = [{ text: rewritten, weight: 1 }];
  if (rewritten !== query.trim() && originalWeight > 0) variants.push({ text: query, weight: originalWeight });
  return variants;
}

/**
 * {@link queryVariants}, each analysed as `analyze(text, { stem, stopWords: STOP_WORDS })` would: the same terms and
 * weights. ASCII text is split once (its rewritten form is its own words, less stop and filler words, which split
 * again into themselves); other text is rewritten and analysed as {@link queryVariants} and `analyze` do it.
 *
 * @example
 * ```ts
 * analyzedQueryVariants("Can you help me find the weather in Paris?");
 * // [{ terms: ["weather", "pari"], weight: 1 }, { terms: ["help", "find", "weather", "pari"], weight: 0.5 }]
 * ```
 */
export function analyzedQueryVariants(query: string, stem = true, originalWeight = 0.5): Array<{ terms: string[]; weight: number }> {
  if (!isAscii(query)) {
    return queryVariants(query, originalWeight).map(({ text, weight }) => ({
      terms: analyze(text, { stem, stopWords: STOP_WORDS }),
      weight,
    }));
  }
  const { words, kept, rewritten } = asciiQueryWords(query);
  const term = stem ? stemWord : (word: string) => word;
  const original = words.map(term);
  // Rewriting that leaves nothing keeps the query (see rewriteQuery).
  const variants = [{ terms: kept.length > 0 ? kept.map(term) : original, weight: 1 }];
  if (rewritten !== query.trim() && originalWeight > 0) variants.push({ terms: original, weight: originalWeight });
  return variants;
}
