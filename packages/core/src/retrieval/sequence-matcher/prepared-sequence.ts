/**
 * @module The `b` side of difflib's SequenceMatcher, prepared once: its code points and the `b2j` index (each
 * element → the positions it occurs at), with difflib's autojunk heuristic applied. Pure.
 *
 * `b2j` is stored flat, for speed: an element's positions sit together, ascending, in one Int32Array; a dense
 * table finds the group of an ASCII element, a map that of any other.
 */

/** A string as difflib sees it (a sequence of code points), indexed for `find_longest_match`. */
export interface PreparedSequence {
  /** The code points, as Python iterates a `str`. */
  readonly codes: Int32Array;
  /** Positions in `codes` grouped by element, ascending within each group; autojunk's "popular" elements left out. */
  readonly positions: Int32Array;
  /** For code point c < 128: its group is `positions[ascii[2c] .. ascii[2c + 1])` (empty when absent or popular). */
  readonly ascii: Int32Array;
  /** The same for code points ≥ 128: code point → `[start, end)`. */
  readonly other: ReadonlyMap<number, readonly [number, number]>;
}

/** difflib applies autojunk only to sequences at least this long. */
export const AUTOJUNK_MIN_LENGTH = 200;

/**
 * The code points of `text`: what `len()` counts and iteration yields in Python (a surrogate pair is one element).
 * @example
 * ```ts
 * toCodePoints("a😀"); // Int32Array [97, 128512]
 * ```
 */
export function toCodePoints(text: string): Int32Array {
  const codes = new Int32Array(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index)!;
    codes[length++] = code;
    if (code > 0xffff) index++;
  }
  return length === codes.length ? codes : codes.slice(0, length);
}

/**
 * Prepares `b` as `SequenceMatcher(None, a, b)` does in `__chain_b`: indexes where each element occurs and, when
 * `b` has 200 or more elements, drops every element occurring more than `len(b) // 100 + 1` times (autojunk's
 * "popular" elements).
 * @example
 * ```ts
 * positionsOf(prepareSequence("abcab"), "a".codePointAt(0)!); // Int32Array [0, 3]
 * ```
 */
export function prepareSequence(b: string): PreparedSequence {
  const codes = toCodePoints(b);
  const groups = new Map<number, number[]>();
  for (let j = 0; j < codes.length; j++) {
    const group = groups.get(codes[j]!);
    if (group === undefined) groups.set(codes[j]!, [j]);
    else group.push(j);
  }
  const popularAbove = codes.length >= AUTOJUNK_MIN_LENGTH ? Math.floor(codes.length / 100) + 1 : Number.POSITIVE_INFINITY;
  const positions = new Int32Array(codes.length);
  const ascii = new Int32Array(256);
  const other = new Map<number, readonly [number, number]>();
  let end = 0;
  for (const [code, group] of groups) {
    if (group.length > popularAbove) continue;
    const start = end;
    for (const j of group) positions[end++] = j;
    if (code < 128) [ascii[2 * code], ascii[2 * code + 1]] = [start, end];
    else other.set(code, [start, end]);
  }
  return { codes, positions: positions.subarray(0, end), ascii, other };
}

/**
 * Where `code` occurs in the prepared sequence (difflib's `b2j[code]`): empty when absent or popular.
 * @example
 * ```ts
 * positionsOf(prepareSequence("abcab"), 98); // Int32Array [1, 4]
 * ```
 */
export function positionsOf(prepared: PreparedSequence, code: number): Int32Array {
  const [start, end] = code < 128 ? [prepared.ascii[2 * code]!, prepared.ascii[2 * code + 1]!] : (prepared.other.get(code) ?? [0, 0]);
  return prepared.positions.subarray(start, end);
}
