/**
 * @module Counts the tokens of tool definitions with o200k_base (the GPT-4o family), using `gpt-tokenizer`. The
 * encoder is loaded on first use (about 0.2 s), never at import, and counting takes time linear in the text, even
 * for hostile text (see {@link LONG_RUN_CHUNK}).
 */
import { createRequire } from "node:module";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
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

const LONG_RUN = new RegExp(`[\\p{L}\\p{M}]{${LONG_RUN_CHUNK + 1},}|[^\\s\\p{L}\\p{M}\\p{N}]{${LONG_RUN_CHUNK + 1},}|\\s{${LONG_RUN_CHUNK + 1},}`, "gu");

interface Encoding {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

/** Special-token text ("<|endoftext|>") in a description is counted as ordinary text, never refused. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

let encoding: Encoding | undefined;

/** Loads the encoder synchronously on first use (CommonJS and ES module builds alike). */
function loadEncoding(): Encoding {
  // Why `require`: counting is synchronous and must not load the 2 MB rank table at import.
  const load = typeof require === "function" ? require : createRequire(import.meta.url);
  encoding = load("gpt-tokenizer/cjs/encoding/o200k_base") as Encoding;
  return encoding;
}

/** The exact count of a text with no long run. */
function countPlain(text: string): number {
  return text === "" ? 0 : (encoding ?? loadEncoding()).countTokens(text, AS_TEXT);
}

/**
 * Tokens in a string, with o200k_base. Exact for text without a run longer than {@link LONG_RUN_CHUNK} characters of
 * one class; within {@link LONG_RUN_ERROR_PER_CHUNK} tokens per chunk of such a run otherwise. Linear time.
 */
export function countTokens(text: string): number {
  let total = 0;
  let last = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    const start = match.index;
    total += countPlain(text.slice(last, start));
    const run = match[0];
    for (let at = 0; at < run.length; ) {
      let end = Math.min(run.length, at + LONG_RUN_CHUNK);
      // Never cut a surrogate pair (an emoji) in half.
      if (end < run.length && isLowSurrogate(run.charCodeAt(end))) end--;
      total += countPlain(run.slice(at, end));
      at = end;
    }
    last = start + run.length;
  }
  return total + countPlain(last === 0 ? text : text.slice(last));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Tokens of one tool's definition as sent (its OpenAI function JSON). */
export function countDefinitionTokens(tool: Pick<ToolMetadata, "name" | "description" | "parameters">): number {
  return countTokens(JSON.stringify(toToolDefinition(tool)));
}
