/**
 * @module Growing a typed array by doubling, keeping what it holds: the reused columns and lists of the lexical and
 * name indexes. Pure.
 */

/** The typed arrays {@link grownTo} grows. */
export type GrowableArray = Int32Array | Uint16Array | Uint32Array | Float32Array | Float64Array;

/**
 * `array` itself when it holds at least `length` items; otherwise a new array of the same kind, at least twice as
 * long (and at least `length`), starting with `array`'s items.
 *
 * @example
 * ```ts
 * grownTo(new Uint32Array([1, 2]), 3); // Uint32Array [1, 2, 0, 0]
 * ```
 */
export function grownTo<T extends GrowableArray>(array: T, length: number): T {
  if (array.length >= length) return array;
  const bigger = new (array.constructor as new (size: number) => T)(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}
