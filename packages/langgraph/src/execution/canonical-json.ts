/**
 * @module JSON with object keys sorted, for digests and keys: equal values give equal text whatever their key order,
 * and a value nested too deep for `JSON.stringify` (a hostile model's arguments) still gets a text instead of a stack
 * overflow. Pure.
 */

/** A piece of text already written out, on the iterative writer's stack. */
class Written {
  constructor(readonly text: string) {}
}

// Local, not core's isRecord: the replacer runs at every depth up to the stack limit, where a call through another
// module's binding can fail as a TypeError (seen under vitest) instead of the RangeError the fallback catches.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The same text as `JSON.stringify` with sorted keys for ordinary values, written with a stack of its own instead of
 * recursion, so depth costs memory, not call stack. A value met again (a cycle, or a shared branch) is written as
 * `"[seen]"`. Used only where `JSON.stringify` overflows.
 */
function writeWithoutRecursion(root: unknown): string {
  const out: string[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Written) {
      out.push(item.text);
      continue;
    }
    if (typeof item !== "object" || item === null) {
      out.push(JSON.stringify(item) ?? "null");
      continue;
    }
    if (seen.has(item)) {
      out.push('"[seen]"');
      continue;
    }
    seen.add(item);
    if (Array.isArray(item)) {
      out.push("[");
      stack.push(new Written("]"));
      for (let index = item.length - 1; index >= 0; index--) {
        stack.push(item[index]);
        if (index > 0) stack.push(new Written(","));
      }
      continue;
    }
    const keys = Object.keys(item)
      .filter((key) => {
        const value = (item as Record<string, unknown>)[key];
        return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
      })
      .sort();
    out.push("{");
    stack.push(new Written("}"));
    for (let index = keys.length - 1; index >= 0; index--) {
      stack.push((item as Record<string, unknown>)[keys[index]!]);
      stack.push(new Written(`${index > 0 ? "," : ""}${JSON.stringify(keys[index])}:`));
    }
  }
  return out.join("");
}

/**
 * JSON with object keys sorted, so equal arguments give equal text whatever their key order. A value too deep for
 * `JSON.stringify` is written without recursion (see above) instead of throwing.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) =>
        isPlainObject(inner)
          ? Object.fromEntries(
              Object.keys(inner)
                .sort()
                .map((key) => [key, inner[key]]),
            )
          : inner,
      ) ?? "null"
    );
  } catch (error) {
    if (error instanceof RangeError) return writeWithoutRecursion(value);
    throw error;
  }
}
