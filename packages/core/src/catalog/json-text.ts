/**
 * @module The text `JSON.parse` reads from a JSON file's bytes, decoded fast: a mostly-ASCII file (a catalog of
 * English descriptions with a few accented or CJK characters) becomes a one-byte string, each non-ASCII character
 * written as its `\uXXXX` escape, which JSON reads as that very character. Decoding 48 MB as UTF-8 makes a two-byte
 * string of twice the size and took about twice as long as this. Pure.
 */
import { isAscii } from "node:buffer";

const BACKSLASH = 92;

/**
 * The one-byte JSON text of `contents`, parsing to exactly what its UTF-8 text parses to; undefined where that
 * cannot be promised (a non-ASCII character right after an escaping backslash: the file is not valid JSON, and its
 * UTF-8 text then reports the error). Lines are unchanged (escapes add no line break); offsets within a line are not.
 *
 * @example
 * ```ts
 * oneByteJsonText(Buffer.from('{"name": "café"}')); // '{"name": "caf\\u00e9"}'
 * ```
 */
export function oneByteJsonText(contents: Buffer): string | undefined {
  if (isAscii(contents)) return contents.toString("latin1");
  const parts: string[] = [];
  let from = 0;
  for (let at = 0; at < contents.length; at++) {
    if (contents[at]! < 0x80) continue;
    let end = at + 1;
    while (end < contents.length && contents[end]! >= 0x80) end++;
    let backslashes = 0;
    while (at - backslashes - 1 >= 0 && contents[at - backslashes - 1] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 1) return undefined;
    parts.push(contents.toString("latin1", from, at), escaped(contents.toString("utf8", at, end)));
    from = end;
    at = end - 1;
  }
  parts.push(contents.toString("latin1", from));
  return parts.join("");
}

/** Each UTF-16 unit of `text` as a JSON escape (`\u00e9`). */
function escaped(text: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) out += `\\u${text.charCodeAt(index).toString(16).padStart(4, "0")}`;
  return out;
}
