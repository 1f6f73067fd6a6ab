/**
 * @module Selecting the best k of many scored items without sorting them all: a bounded binary heap. Pure.
 */

/**
 * The best `limit` items, best first. `compare(a, b)` is negative when `a` ranks before `b` (a total order, ties
 * included, so the result is deterministic). Items `keep` rejects are skipped; `keep` is called only for items good
 * enough to enter the result at that point. O(n log limit).
 *
 * @example
 * ```ts
 * bestK([3, 9, 1, 7], 2, (a, b) => b - a); // [9, 7]
 * bestK([3, 9, 1, 7], 2, (a, b) => b - a, (n) => n !== 9); // [7, 3]
 * ```
 */
export function bestK<T>(items: Iterable<T>, limit: number, compare: (a: T, b: T) => number, keep?: (item: T) => boolean): T[] {
  if (limit <= 0) return [];
  // A heap whose root is the worst item kept: each parent ranks after (or equal to) its children.
  const heap: T[] = [];
  for (const item of items) {
    if (heap.length === limit && compare(item, heap[0]!) >= 0) continue;
    if (keep !== undefined && !keep(item)) continue;
    if (heap.length < limit) {
      heap.push(item);
      siftUp(heap, heap.length - 1, compare);
    } else {
      heap[0] = item;
      siftDown(heap, 0, compare);
    }
  }
  return heap.sort(compare);
}

function siftUp<T>(heap: T[], position: number, compare: (a: T, b: T) => number): void {
  const item = heap[position]!;
  while (position > 0) {
    const parent = (position - 1) >> 1;
    if (compare(heap[parent]!, item) >= 0) break;
    heap[position] = heap[parent]!;
    position = parent;
  }
  heap[position] = item;
}

function siftDown<T>(heap: T[], position: number, compare: (a: T, b: T) => number): void {
  const item = heap[position]!;
  const size = heap.length;
  for (;;) {
    let worst = position * 2 + 1;
    if (worst >= size) break;
    if (worst + 1 < size && compare(heap[worst + 1]!, heap[worst]!) > 0) worst++;
    if (compare(heap[worst]!, item) <= 0) break;
    heap[position] = heap[worst]!;
    position = worst;
  }
  heap[position] = item;
}

/**
 * {@link bestK} for numbered slots scored in a `Float64Array`: the best `limit` of `slots[0 … count)`, best first, by
 * score, ties by the lower `ties[slot]` (default: the lower slot), then the lower slot. Nothing is allocated but the
 * result: no comparator returns a number to box and no iterator steps through the slots, which matters on the hot
 * path of a large catalog (bm25's documents reached, fuzzy's candidates: tens of thousands a query at 100,000 tools).
 * A filter usually keeps the best slots (it is a permission or scope check): `keep` is asked about the best `limit`
 * first, and only when it refuses one of them about each slot good enough to enter the result at that point (so it
 * may be asked twice about a slot: it must answer the same).
 *
 * @example
 * ```ts
 * bestSlots(Float64Array.of(0.5, 2, 0.5, 1), [0, 1, 2, 3], 4, 3); // [1, 3, 0]
 * ```
 */
export function bestSlots(
  scores: Float64Array,
  slots: ArrayLike<number>,
  count: number,
  limit: number,
  keep?: (slot: number) => boolean,
  ties?: ArrayLike<number>,
): number[] {
  const best = heapOfSlots(scores, slots, count, limit, undefined, ties);
  return keep === undefined || best.every(keep) ? best : heapOfSlots(scores, slots, count, limit, keep, ties);
}

function heapOfSlots(
  scores: Float64Array,
  slots: ArrayLike<number>,
  count: number,
  limit: number,
  keep: ((slot: number) => boolean) | undefined,
  ties: ArrayLike<number> | undefined,
): number[] {
  if (limit <= 0) return [];
  // A heap whose root is the worst slot kept: each parent ranks after its children.
  const heap: number[] = [];
  for (let index = 0; index < count; index++) {
    const slot = slots[index]!;
    if (heap.length === limit && !ranksAfter(scores, ties, heap[0]!, slot)) continue;
    if (keep !== undefined && !keep(slot)) continue;
    if (heap.length < limit) {
      heap.push(slot);
      slotSiftUp(heap, scores, ties, heap.length - 1);
    } else {
      heap[0] = slot;
      slotSiftDown(heap, scores, ties);
    }
  }
  return heap.sort((a, b) => (ranksAfter(scores, ties, a, b) ? 1 : -1));
}

/** Whether slot `a` ranks after slot `b` (a lower score, or an equal one and a later tie key, or the later slot). */
function ranksAfter(scores: Float64Array, ties: ArrayLike<number> | undefined, a: number, b: number): boolean {
  const difference = scores[a]! - scores[b]!;
  if (difference !== 0) return difference < 0;
  if (ties !== undefined && ties[a] !== ties[b]) return ties[a]! > ties[b]!;
  return a > b;
}

function slotSiftUp(heap: number[], scores: Float64Array, ties: ArrayLike<number> | undefined, position: number): void {
  const slot = heap[position]!;
  while (position > 0) {
    const parent = (position - 1) >> 1;
    if (ranksAfter(scores, ties, heap[parent]!, slot)) break;
    heap[position] = heap[parent]!;
    position = parent;
  }
  heap[position] = slot;
}

function slotSiftDown(heap: number[], scores: Float64Array, ties: ArrayLike<number> | undefined): void {
  const slot = heap[0]!;
  const size = heap.length;
  let position = 0;
  for (;;) {
    let worst = position * 2 + 1;
    if (worst >= size) break;
    if (worst + 1 < size && ranksAfter(scores, ties, heap[worst + 1]!, heap[worst]!)) worst++;
    if (!ranksAfter(scores, ties, heap[worst]!, slot)) break;
    heap[position] = heap[worst]!;
    position = worst;
  }
  heap[position] = slot;
}
