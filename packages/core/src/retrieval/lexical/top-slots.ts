/**
 * @module The best k slots of a dense score array (score descending, then slot ascending), for searches that
 * touched most of an index: a bounded heap over the array, without collecting the touched slots first. Pure.
 */

/**
 * The best `limit` slots among `0 … count − 1` whose score is above zero, best first: higher score first, ties by
 * the lower slot. Slots `keep` rejects are skipped. `keep` must be pure (the same answer for a slot however often it is
 * asked): it is first asked only about the best `limit` slots overall, and when it rejects one of them the slots are
 * ranked again, asking it about each slot good enough to enter the result at that point. The same result as `bestK`
 * over the slots with a positive score under that order.
 *
 * @example
 * ```ts
 * topSlots(Float64Array.of(0.5, 0, 2, 0.5), 4, 2); // [2, 0]
 * ```
 */
export function topSlots(scores: Float64Array, count: number, limit: number, keep?: (slot: number) => boolean): number[] {
  if (limit <= 0) return [];
  if (limit > SORTED_LIMIT) return heapTopSlots(scores, count, limit, keep);
  // A filter usually accepts the best slots (it is a permission or scope check): asking it about those alone costs
  // `limit` calls instead of one per slot that enters the result on the way, which is several times `limit`.
  const best = sortedTopSlots(scores, count, limit);
  if (keep === undefined || best.every((slot) => keep(slot))) return best;
  return sortedTopSlots(scores, count, limit, keep);
}

/** Up to this many slots, {@link topSlots} keeps them in a sorted array (fewer comparisons than a heap); beyond, a heap. */
const SORTED_LIMIT = 32;

/**
 * The kept slots' scores without a filter, in step with the slots (comparing against them reads no score through a
 * slot). Shared by every call without a filter: such a call runs no code that could call it again before it returns.
 */
const keptScores = new Float64Array(SORTED_LIMIT);

/**
 * {@link topSlots} for limits up to {@link SORTED_LIMIT}: a sorted array, best first. With `keep`, asks it about each
 * slot good enough to enter the result at that point (with scores of its own: `keep` may rank again).
 */
function sortedTopSlots(scores: Float64Array, count: number, limit: number, keep?: (slot: number) => boolean): number[] {
  const best: number[] = [];
  const kept = keep === undefined ? keptScores : new Float64Array(limit);
  let size = 0;
  // The worst kept slot's score once `limit` are kept (0 before: only slots scoring above zero count).
  let floor = 0;
  for (let slot = 0; slot < count; slot++) {
    const score = scores[slot]!;
    // Slots arrive in ascending order, so a slot ties with a kept one only to lose: it must score strictly higher.
    if (!(score > floor)) continue;
    if (keep !== undefined && !keep(slot)) continue;
    let position = size === limit ? limit - 1 : size++;
    while (position > 0 && kept[position - 1]! < score) {
      kept[position] = kept[position - 1]!;
      best[position] = best[position - 1]!;
      position--;
    }
    kept[position] = score;
    best[position] = slot;
    if (size === limit) floor = kept[limit - 1]!;
  }
  return best;
}

/** {@link topSlots} with a bounded heap, for large limits. */
function heapTopSlots(scores: Float64Array, count: number, limit: number, keep?: (slot: number) => boolean): number[] {
  // A heap whose root is the worst slot kept: each parent ranks after (or equal to) its children.
  const heap: number[] = [];
  for (let slot = 0; slot < count; slot++) {
    const score = scores[slot]!;
    if (!(score > 0)) continue;
    if (heap.length === limit && score <= scores[heap[0]!]!) continue;
    if (keep !== undefined && !keep(slot)) continue;
    if (heap.length < limit) siftUp(heap, scores, slot);
    else siftDown(heap, scores, slot);
  }
  return heap.sort((a, b) => scores[b]! - scores[a]! || a - b);
}

/** Whether slot `a` ranks after slot `b`. */
function worse(scores: Float64Array, a: number, b: number): boolean {
  const difference = scores[a]! - scores[b]!;
  return difference < 0 || (difference === 0 && a > b);
}

function siftUp(heap: number[], scores: Float64Array, slot: number): void {
  let position = heap.length;
  heap.push(slot);
  while (position > 0) {
    const parent = (position - 1) >> 1;
    if (!worse(scores, slot, heap[parent]!)) break;
    heap[position] = heap[parent]!;
    position = parent;
  }
  heap[position] = slot;
}

/** Replaces the root (the worst kept) with `slot` and restores the heap. */
function siftDown(heap: number[], scores: Float64Array, slot: number): void {
  const size = heap.length;
  let position = 0;
  for (;;) {
    let child = position * 2 + 1;
    if (child >= size) break;
    if (child + 1 < size && worse(scores, heap[child + 1]!, heap[child]!)) child++;
    if (!worse(scores, heap[child]!, slot)) break;
    heap[position] = heap[child]!;
    position = child;
  }
  heap[position] = slot;
}
