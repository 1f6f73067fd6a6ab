/**
 * @module A count with its noun, singular or plural ("1 tool", "2 tools"), for messages. Pure.
 */

/**
 * `count` and `noun`, the noun plural (with an s) unless the count is 1; the count grouped in thousands.
 *
 * @example
 * ```ts
 * countOf(1, "tool"); // "1 tool"
 * countOf(4076, "tool"); // "4,076 tools"
 * ```
 */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}
