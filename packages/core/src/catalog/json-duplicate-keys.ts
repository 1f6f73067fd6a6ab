/**
 * @module Finds keys written twice in one JSON object (`JSON.parse` silently keeps the last, so a catalog file with
 * two `"permission"` keys would quietly lose one). A single iterative pass over text that already parsed. Pure.
 */

/** A key written twice in one object. */
export interface DuplicateKey {
  /** The repeated key. */
  key: string;
  /** Key path of the object holding it (`["tools", 3]`). */
  path: Array<string | number>;
  /** 1-based line of the second occurrence. */
  line: number;
}

interface Frame {
  /** Keys seen so far in an object (a list while short, then a set); undefined for an array. */
  keys: string[] | Set<string> | undefined;
  /** The container holding this one, and this one's key or index there (a path is built only for a report). */
  parent: Frame | undefined;
  at: string | number;
  /** Next index (arrays) or the last key read (objects). */
  index: number;
  key: string | undefined;
}

/** Longest key list searched one by one; a longer object's keys go in a set. */
const SHORT_KEYS = 16;

function pathOf(frame: Frame): Array<string | number> {
  const path: Array<string | number> = [];
  for (let node: Frame | undefined = frame; node?.parent !== undefined; node = node.parent) path.push(node.at);
  return path.reverse();
}

/** Adds `key` to an object's keys; returns whether it was there already. */
function addKey(frame: Frame & { keys: string[] | Set<string> }, key: string): boolean {
  const { keys } = frame;
  if (Array.isArray(keys)) {
    if (keys.includes(key)) return true;
    keys.push(key);
    if (keys.length > SHORT_KEYS) frame.keys = new Set(keys);
    return false;
  }
  if (keys.has(key)) return true;
  keys.add(key);
  return false;
}

/**
 * Every key that appears twice in the same object of `text`, in order of appearance. `text` must be valid JSON
 * (parse it first): the scan does not validate.
 *
 * @example
 * ```ts
 * findDuplicateKeys('{"tools": [{"name": "a", "name": "b"}]}');
 * // [{ key: "name", path: ["tools", 0], line: 1 }]
 * ```
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  const duplicates: DuplicateKey[] = [];
  const root: Frame = { keys: undefined, parent: undefined, at: 0, index: 0, key: undefined };
  let top = root;
  let line = 1;
  // Whether the next string in an object is a key (after "{" or ",").
  let expectKey = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 10) {
      line++;
    } else if (char === 34) {
      // A string: find its end, then read it only when it is a key (decoded only when it has an escape).
      let end = at + 1;
      let escaped = false;
      while (end < text.length && text.charCodeAt(end) !== 34) {
        if (text.charCodeAt(end) === 92) {
          escaped = true;
          end += 2;
        } else end++;
      }
      if (expectKey && top.keys !== undefined) {
        const key = escaped ? (JSON.parse(text.slice(at, end + 1)) as string) : text.slice(at + 1, end);
        if (addKey(top as Frame & { keys: string[] | Set<string> }, key)) duplicates.push({ key, path: pathOf(top), line });
        top.key = key;
        expectKey = false;
      }
      at = end;
    } else if (char === 123 || char === 91) {
      // "{" or "[": a new container, held by the current one at its current key or index.
      const where = top === root ? 0 : top.keys === undefined ? top.index : (top.key ?? "");
      top = { keys: char === 123 ? [] : undefined, parent: top === root ? undefined : top, at: where, index: 0, key: undefined };
      expectKey = char === 123;
    } else if (char === 125 || char === 93) {
      top = top.parent ?? root;
    } else if (char === 44) {
      // ",": the next key of an object, or the next item of an array.
      if (top.keys !== undefined) expectKey = true;
      else if (top !== root) top.index++;
    }
  }
  return duplicates;
}
