/**
 * @module The fuzzy name index's small growable structures: the slot list of each name word, the word maps (a key
 * with one word keeps the word itself), the phrase map keyed by a phrase hash, and a ranking's candidate columns.
 */
import { grownTo } from "../grown-array.js";

/** A growable list of tool slots (those whose name has one word), live and removed alike until the next compaction. */
export interface SlotList {
  slots: Uint32Array;
  length: number;
  /** The live tools among them. */
  live: number;
}

/** Appends a slot to a word's list (grown by doubling): a live tool more. */
export function pushSlot(list: SlotList, slot: number): void {
  list.slots = grownTo(list.slots, list.length + 1);
  list.slots[list.length++] = slot;
  list.live++;
}

/**
 * Adds `value` at `key` of a map that keeps a key's one value as itself and several as an array (most keys have one:
 * no array each), once.
 *
 * @example
 * ```ts
 * const map = new Map<string, string | string[]>();
 * linkOne(map, "mail", "email"); linkOne(map, "mail", "mails"); // map.get("mail"): ["email", "mails"]
 * ```
 */
export function linkOne<K, V extends string | number>(map: Map<K, V | V[]>, key: K, value: V): void {
  const found = map.get(key);
  if (found === undefined) map.set(key, value);
  else if (!Array.isArray(found)) {
    if (found !== value) map.set(key, [found, value]);
  } else if (!found.includes(value)) found.push(value);
}

/** Removes `value` from `key` of a map of {@link linkOne} (a key left with one value keeps it as itself). */
export function unlinkOne<K, V extends string | number>(map: Map<K, V | V[]>, key: K, value: V): void {
  const found = map.get(key);
  if (found === value) map.delete(key);
  else if (Array.isArray(found)) {
    const at = found.indexOf(value);
    if (at !== -1) found.splice(at, 1);
    if (found.length === 1) map.set(key, found[0]!);
  }
}

/** The words at `key` of a map of {@link linkOne}. */
export function wordsAt(map: ReadonlyMap<string, string | string[]>, key: string): readonly string[] {
  const found = map.get(key);
  return found === undefined ? [] : typeof found === "string" ? [found] : found;
}

/** A 30-bit FNV-1a hash of a phrase (a small integer, so a map keyed by it holds no string and no boxed number). */
export function phraseHash(phrase: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < phrase.length; index++) hash = Math.imul(hash ^ phrase.charCodeAt(index), 0x01000193);
  return hash & 0x3fffffff;
}

/** A ranking's candidates as columns, grown (doubling) and reused; `slots` is 0, 1, 2, … for `bestSlots`. */
export class CandidateColumns {
  shares = new Float64Array(0);
  scores = new Float64Array(0);
  order = new Float64Array(0);
  slots = new Uint32Array(0);

  /** Room for `count` candidates. */
  ensure(count: number): void {
    if (count <= this.scores.length) return;
    const size = Math.max(count, 64);
    this.shares = grownTo(this.shares, size);
    this.scores = grownTo(this.scores, size);
    this.order = grownTo(this.order, size);
    this.slots = Uint32Array.from({ length: this.scores.length }, (_, slot) => slot);
  }
}
