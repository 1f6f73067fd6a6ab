/**
 * @module Counts the tokens of tool definitions with o200k_base (the GPT-4o family). The encoder is `gpt-tokenizer`
 * when the application has installed it (an optional peer: about 4 times faster, loaded in about 0.2 s), else
 * `js-tiktoken`, which `@langchain/core` already brings (loaded in about 0.5 s); both give the same counts. It is
 * loaded on first use, never at import, and counting takes time linear in the text, even for hostile text (see
 * {@link LONG_RUN_CHUNK}).
 */
import { createRequire } from "node:module";
import type { ToolMetadata } from "../tool-metadata.js";
import { toToolDefinition } from "./tool-definition.js";

/**
 * Longest run of one character class (letters, whitespace, or symbols and punctuation) counted in one piece.
 *
 * Byte-pair encoding merges inside one pre-tokenized piece in time quadratic in the piece's length, and a piece is
 * a run of one class: 10,000 `=` took over 20 s with js-tiktoken (100,000 `=` takes 23 s with gpt-tokenizer). A
 * longer run is counted in chunks of this many characters, so counting is linear in the text's length (1 MB of
 * random letters in about 2 s on a 2-core machine).
 *
 * **Error bound.** Text with no such run longer than 128 characters, which is every ordinary definition, is counted
 * exactly: the chunking does not apply. A longer run's count can differ from the exact count by at most 4 tokens per
 * chunk boundary, that is, at most 4 tokens per 128 characters of the run (measured over runs of letters, mixed
 * case, symbols, whitespace, CJK and emoji; the tests check it). A budget is kept against these counts, which are
 * the ones this module returns everywhere.
 */
export const LONG_RUN_CHUNK = 128;

/** Most tokens a long run's count can be off by per chunk boundary (see {@link LONG_RUN_CHUNK}). */
export const LONG_RUN_ERROR_PER_CHUNK = 4;

/** Character classes whose runs the tokenizer keeps in one piece (digits never: it splits them in threes). */
const enum RunClass {
  Other,
  Letter,
  Symbol,
  Space,
}

const LETTER = /[\p{L}\p{M}]/u;
const SPACE = /\s/u;
const DIGIT = /\p{N}/u;

/** The one thing this module asks of an encoder. */
interface Encoder {
  /** Which library counts: `gpt-tokenizer` or `js-tiktoken`. */
  name: "gpt-tokenizer" | "js-tiktoken";
  count(text: string): number;
}

let encoder: Encoder | undefined;

/** Loads the encoder synchronously on first use (CommonJS and ES module builds alike). */
function loadEncoder(): Encoder {
  // Why `require`: counting is synchronous and must not load the rank table at import. `__filename` exists in the
  // CommonJS build, where `import.meta` does not.
  const load = createRequire(typeof __filename === "string" ? __filename : import.meta.url);
  try {
    const fast = load("gpt-tokenizer/cjs/encoding/o200k_base") as { countTokens(text: string, options: object): number };
    // Special-token text ("<|endoftext|>") in a description is counted as ordinary text, never refused.
    const asText = { disallowedSpecial: new Set<string>() };
    encoder = { name: "gpt-tokenizer", count: (text) => fast.countTokens(text, asText) };
  } catch {
    const { getEncoding } = load("js-tiktoken") as {
      getEncoding(name: "o200k_base"): { encode(text: string, allowed: string[], disallowed: string[]): number[] };
    };
    const tiktoken = getEncoding("o200k_base");
    encoder = { name: "js-tiktoken", count: (text) => tiktoken.encode(text, [], []).length };
  }
  return encoder;
}

/**
 * Loads the tokenizer now if it is not loaded yet (it loads itself on the first count otherwise): about 0.4 s, which a
 * selection offers to do while it waits anyway (see `offerIdleWork`). @internal
 */
export function loadTokenizer(): void {
  encoder ??= loadEncoder();
}

/** Which library counts tokens in this process (loading it if needed). @internal */
export function tokenizerName(): Encoder["name"] {
  return (encoder ?? loadEncoder()).name;
}

/** The exact count of a text with no long run. */
function countPlain(text: string): number {
  return text === "" ? 0 : (encoder ?? loadEncoder()).count(text);
}

/**
 * Tokens in a string, with o200k_base. Exact for text without a run longer than {@link LONG_RUN_CHUNK} characters of
 * one class; within {@link LONG_RUN_ERROR_PER_CHUNK} tokens per chunk of such a run otherwise. Linear time.
 */
export function countTokens(text: string): number {
  if (text.length <= LONG_RUN_CHUNK) return countPlain(text);
  let total = 0;
  let counted = 0;
  let runClass = RunClass.Other;
  let runStart = 0;
  // One pass over the text: a run of one class longer than a chunk is counted chunk by chunk.
  for (let at = 0; at <= text.length; ) {
    const code = at < text.length ? text.codePointAt(at)! : -1;
    const width = code > 0xffff ? 2 : 1;
    const current = code < 0 ? RunClass.Other : classOf(code);
    if (current !== runClass || current === RunClass.Other) {
      if (at - runStart > LONG_RUN_CHUNK && runClass !== RunClass.Other) {
        total += countPlain(text.slice(counted, runStart));
        for (let chunk = runStart; chunk < at; ) {
          let end = Math.min(at, chunk + LONG_RUN_CHUNK);
          // Never cut a surrogate pair (an emoji) in half.
          if (end < at && isLowSurrogate(text.charCodeAt(end))) end--;
          total += countPlain(text.slice(chunk, end));
          chunk = end;
        }
        counted = at;
      }
      runClass = current;
      runStart = at;
    }
    at += width;
  }
  return total + countPlain(counted === 0 ? text : text.slice(counted));
}

/** The run class of one code point; ASCII without a regular expression. */
function classOf(code: number): RunClass {
  if (code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return RunClass.Letter;
    if (code >= 0x30 && code <= 0x39) return RunClass.Other;
    if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return RunClass.Space;
    return RunClass.Symbol;
  }
  const char = String.fromCodePoint(code);
  if (LETTER.test(char)) return RunClass.Letter;
  if (SPACE.test(char)) return RunClass.Space;
  return DIGIT.test(char) ? RunClass.Other : RunClass.Symbol;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Tokens of one tool's definition as sent (its OpenAI function JSON). */
export function countDefinitionTokens(tool: Pick<ToolMetadata, "name" | "description" | "parameters">): number {
  return countTokens(JSON.stringify(toToolDefinition(tool)));
}
