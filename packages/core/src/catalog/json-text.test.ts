import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDuplicateKeys } from "./json-duplicate-keys.js";
import { oneByteJsonText } from "./json-text.js";

/** What `text` parses to, or the fact that it does not parse. */
function outcome(text: string): { value: unknown } | "invalid" {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return "invalid";
  }
}

/** Bytes that may or may not be JSON: fragments of JSON, backslashes, non-ASCII characters and broken UTF-8. */
const fragments = fc.array(
  fc.oneof(
    fc.constantFrom('{"name": "', '", "d": "', '"}', "[", "]", ",", ":", " ", "\n", "\\", "\\\\", '\\"', "\\u00e9", "1"),
    fc.constantFrom("café", "读取文件", "😀", "\u2028", "\ufeff", "é"),
    fc.string({ unit: "grapheme", maxLength: 4 }),
  ),
  { maxLength: 12 },
);

describe("oneByteJsonText", () => {
  it("is a one-byte string that parses to exactly what the UTF-8 text parses to, or fails where it fails", () => {
    fc.assert(
      fc.property(fragments, fc.option(fc.nat({ max: 40 }), { nil: undefined }), (parts, cut) => {
        const whole = Buffer.from(parts.join(""), "utf8");
        // Cutting the bytes anywhere leaves broken UTF-8 sequences too.
        const contents = cut === undefined ? whole : whole.subarray(0, Math.min(cut, whole.length));
        const text = oneByteJsonText(contents);
        if (text === undefined) return;
        expect(/^[\x00-\x7f]*$/.test(text)).toBe(true);
        expect(outcome(text)).toEqual(outcome(contents.toString("utf8")));
      }),
      { numRuns: 2000 },
    );
  });

  it("parses whole documents with non-ASCII values and keys, and keeps lines for the duplicate-key report", () => {
    const source =
      '{\n  "tools": [\n    { "name": "café", "description": "读取 😀 fichier", "name": "b" },\n    { "ключ": 1, "ключ": 2 }\n  ]\n}';
    const contents = Buffer.from(source, "utf8");
    const text = oneByteJsonText(contents)!;
    expect(JSON.parse(text)).toEqual(JSON.parse(source));
    expect(findDuplicateKeys(text)).toEqual(findDuplicateKeys(source));
    expect(findDuplicateKeys(text).map(({ key, line }) => [key, line])).toEqual([
      ["name", 3],
      ["ключ", 4],
    ]);
  });

  it("is the bytes themselves for an ASCII file, and undefined for a non-ASCII character an odd backslash escapes", () => {
    expect(oneByteJsonText(Buffer.from('{"a": "b\\\\"}'))).toBe('{"a": "b\\\\"}');
    expect(oneByteJsonText(Buffer.from('{"a": "\\é"}', "utf8"))).toBeUndefined();
    expect(oneByteJsonText(Buffer.from('{"a": "\\\\é"}', "utf8"))).toBe('{"a": "\\\\\\u00e9"}');
  });
});
