/**
 * @module The fuzzy name index's small growable structures: the slot list of each name word, the word maps (a key
 * with one word keeps the word itself), the phrase map keyed by a phrase hash, and a ranking's candidate columns.
 */

/** A growable list of tool slots (those whose name has one word), live and removed alike until the next compaction. */
export interface SlotList {
  slots: Uint32Array;
  length: number;
  /** The live tools among them. */
  live: number;
}

/** Appends a slot to a word's list (grown by doubling): a live tool more. */
export function pushSlot(list: SlotList, slot: number): void {
  if (list.length === list.slots.length) {
    const grown = new Uint32Array(list.length * 2);
    grown.set(list.slots);
    list.slots = grown;
  }
  list.slots[list.length++] = slot;
  list.live++;
}

export function linkWord(map: Map<string, string | string[]>, key: string, word: string): void {
  const found = map.get(key);
  if (found === undefined) map.set(key, word);
  else if (typeof found === "string") {
    if (found !== word) map.set(key, [found, word]);
  } else if (!found.includes(word)) found.push(word);
}

export function unlinkWord(map: Map<string, string | string[]>, key: string, word: string): void {
  const found = map.get(key);
  if (found === word) map.delete(key);
  else if (typeof found === "object") {
    const at = found.indexOf(word);
    if (at !== -1) found.splice(at, 1);
    if (found.length === 1) map.set(key, found[0]!);
  }
}

/** The words at `key` of a map of {@link linkWord}. */
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

export function linkPhrase(map: Map<number, number | number[]>, key: number, slot: number): void {
  const found = map.get(key);
  if (found === undefined) map.set(key, slot);
  else if (typeof found === "number") map.set(key, [found, slot]);
  else found.push(slot);
}

export function unlinkPhrase(map: Map<number, number | number[]>, key: number, slot: number): void {
  const found = map.get(key);
  if (found === slot) map.delete(key);
  else if (typeof found === "object") {
    const at = found.indexOf(slot);
    if (at !== -1) found.splice(at, 1);
    if (found.length === 1) map.set(key, found[0]!);
  }
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
    const size = Math.max(count, 2 * this.scores.length, 64);
    const grown = (from: Float64Array) => {
      const to = new Float64Array(size);
      to.set(from);
      return to;
    };
    this.shares = grown(this.shares);
    this.scores = grown(this.scores);
    this.order = grown(this.order);
    this.slots = Uint32Array.from({ length: size }, (_, slot) => slot);
  }
}
