/**
 * @module Lexical analysis for retrieval: words (snake/camel/kebab/dotted split), Porter stems, and CJK text as
 * overlapping character bigrams so Chinese queries match without a segmenter. Pure.
 */
import { isCjk, splitAsciiWords, splitWords, stem as porterStem } from "./tokenize.js";

/** Options of {@link analyze}. */
export interface AnalyzeOptions {
  /** Porter-stem words. @defaultValue true */
  stem?: boolean;
  /** Words to drop (compared before stemming). */
  stopWords?: ReadonlySet<string>;
}

/**
 * Terms of a text for a lexical index. A run of CJK characters becomes its overlapping bigrams (a lone character
 * stays a unigram): "读取文件" → 读取, 取文, 文件.
 *
 * @example
 * ```ts
 * analyze("getPendingSalaries for 员工工资"); // ["get", "pend", "salari", "for", "员工", "工工", "工资"]
 * ```
 */
export function analyze(text: string, { stem = true, stopWords }: AnalyzeOptions = {}): string[] {
  const terms: string[] = [];
  // eslint-disable-next-line no-control-regex -- ASCII text has no CJK runs: one pass over the whole text.
  if (!/[^\x00-\x7f]/.test(text)) {
    for (const word of splitAsciiWords(text)) if (stopWords?.has(word) !== true) terms.push(stem ? porterStem(word) : word);
    return terms;
  }
  // Spaces and punctuation break a CJK run: "读取 文件" is 读取 + 文件, not 取文.
  for (const chunk of text.split(/[^\p{L}\p{N}'’]+/u)) if (chunk !== "") analyzeChunk(chunk, stem, stopWords, terms);
  return terms;
}

function analyzeChunk(chunk: string, stem: boolean, stopWords: ReadonlySet<string> | undefined, terms: string[]): void {
  const words = splitWords(chunk);
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    if (isCjk(word)) {
      const next = words[index + 1];
      const previous = words[index - 1];
      if (next !== undefined && isCjk(next)) terms.push(word + next);
      else if (previous === undefined || !isCjk(previous)) terms.push(word);
      continue;
    }
    if (stopWords?.has(word)) continue;
    terms.push(stem ? porterStem(word) : word);
  }
}
