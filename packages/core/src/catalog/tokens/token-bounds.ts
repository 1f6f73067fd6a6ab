/**
 * @module Bounds on a text's o200k_base token count that need no tokenizer: a count from elsewhere (a snapshot) that
 * falls outside them cannot be the text's, and is counted again. Linear time, pure.
 *
 * Lower bound: the tokenizer splits text into pieces before byte-pair merging and never merges across pieces, so a
 * text has at least as many tokens as pieces. Its pattern puts at most one run of letters (with marks and
 * apostrophes) in a piece, at most three digits in a piece, and a run of other symbols in pieces of its own except
 * for one symbol taken as a prefix by the letters right after it; a symbols' piece also takes the line breaks and
 * slashes right after it ("/\n/" is one piece). Upper bound: every token is at least one byte.
 */

const LETTER = /[\p{L}\p{M}]/u;
const IS_LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;
const SPACE = /\s/u;

const enum Kind {
  Space,
  Letter,
  Digit,
  Symbol,
}

function kindOf(char: string): { kind: Kind; letter: boolean } {
  const code = char.charCodeAt(0);
  if (code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return { kind: Kind.Letter, letter: true };
    if (code === 0x27) return { kind: Kind.Letter, letter: false };
    if (code >= 0x30 && code <= 0x39) return { kind: Kind.Digit, letter: false };
    if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return { kind: Kind.Space, letter: false };
    return { kind: Kind.Symbol, letter: false };
  }
  if (LETTER.test(char)) return { kind: Kind.Letter, letter: IS_LETTER.test(char) };
  if (DIGIT.test(char)) return { kind: Kind.Digit, letter: false };
  if (SPACE.test(char)) return { kind: Kind.Space, letter: false };
  return { kind: Kind.Symbol, letter: false };
}

/**
 * The fewest and most tokens `text` can have with o200k_base (see the module summary).
 * @example
 * ```ts
 * tokenBounds('{"name":"get_weather"}'); // { min: 4, max: 22 }
 * ```
 */
export function tokenBounds(text: string): { min: number; max: number } {
  let min = 0;
  let kind = Kind.Space;
  let length = 0;
  let hasLetter = false;
  // Whether the current symbols' piece has taken a line break: from there on only line breaks and slashes join it.
  let tail = false;
  const close = (next: Kind) => {
    if (kind === Kind.Letter && hasLetter) min++;
    else if (kind === Kind.Digit) min += Math.ceil(length / 3);
    // One symbol right before letters may be their piece's prefix.
    else if (kind === Kind.Symbol && (length >= 2 || next !== Kind.Letter)) min++;
  };
  for (const char of text) {
    const lineBreak = char === "\n" || char === "\r";
    if (kind === Kind.Symbol && (lineBreak || (tail && char === "/"))) {
      tail = true;
      length++;
      continue;
    }
    const { kind: current, letter } = kindOf(char);
    if (current !== kind || tail) {
      close(current);
      kind = current;
      length = 0;
      hasLetter = false;
      tail = false;
    }
    length++;
    hasLetter ||= letter;
  }
  close(Kind.Space);
  return { min, max: Buffer.byteLength(text, "utf8") };
}
