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
  /** Keys seen so far in an object; undefined for an array. */
  keys: Set<string> | undefined;
  /** Where this container sits. */
  path: Array<string | number>;
  /** Next index (arrays) or the last key read (objects). */
  index: number;
  key: string | undefined;
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
  const stack: Frame[] = [];
  let line = 1;
  // Whether the next string in an object is a key (after "{" or ",").
  let expectKey = false;
  const childPath = (): Array<string | number> => {
    const top = stack[stack.length - 1];
    if (top === undefined) return [];
    return [...top.path, top.keys === undefined ? top.index : (top.key ?? "")];
  };
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 10) {
      line++;
    } else if (char === 34) {
      // A string: find its end, then decode it only when it is a key.
      let end = at + 1;
      while (end < text.length && text.charCodeAt(end) !== 34) end += text.charCodeAt(end) === 92 ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys !== undefined) {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (top.keys.has(key)) duplicates.push({ key, path: top.path, line });
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      at = end;
    } else if (char === 123 || char === 91) {
      // "{" or "[": a new container at the current path.
      stack.push({ keys: char === 123 ? new Set() : undefined, path: childPath(), index: 0, key: undefined });
      expectKey = char === 123;
    } else if (char === 125 || char === 93) {
      stack.pop();
    } else if (char === 44) {
      // ",": the next key of an object, or the next item of an array.
      const top = stack[stack.length - 1];
      if (top?.keys !== undefined) expectKey = true;
      else if (top !== undefined) top.index++;
    }
  }
  return duplicates;
}
