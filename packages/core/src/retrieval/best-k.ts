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
