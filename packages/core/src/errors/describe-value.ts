/**
 * @module The words validation errors use for where a bad value is (`tools[3].name`) and what it is (`"x"`, `an
 * array`, `nothing`), shared by the catalog's and the sources' configuration checks. Pure.
 */

/**
 * A key path as it is written in a config: `tools[3].name`, `categories.salary.related[0]`.
 * @example
 * ```ts
 * formatPath(["tools", 3, "name"]); // "tools[3].name"
 * ```
 */
export function formatPath(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === "number") return `${text}[${key}]`;
    const shown = clip(escapeControls(key));
    return text ? `${text}.${shown}` : shown;
  }, "");
}

/**
 * What a bad value is, for "expected …, got …" messages.
 * @example
 * ```ts
 * describeValue(undefined); // "nothing"
 * describeValue([1]); // "an array"
 * describeValue(3); // "number 3"
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return quote(value);
  if (typeof value === "object") return "an object";
  return `${typeof value} ${clip(String(value))}`;
}

/** Most characters of a value quoted in an error message; the rest is summarised by its length. */
export const MAX_QUOTED_LENGTH = 80;

/**
 * A bad value as an error message quotes it: at most {@link MAX_QUOTED_LENGTH} characters, so an untrusted 1 MB
 * value makes a short message, not a 1 MB one. Control characters are shown escaped.
 * @example
 * ```ts
 * quote("book_clas"); // '"book_clas"'
 * quote("x".repeat(1_000_000)); // '"xxxx…" (1000000 characters)' (80 x's)
 * ```
 */
export function quote(value: string): string {
  return value.length <= MAX_QUOTED_LENGTH
    ? `"${escapeControls(value)}"`
    : `"${escapeControls(value.slice(0, MAX_QUOTED_LENGTH))}…" (${value.length} characters)`;
}

/** {@link quote} without the quotes, for numbers and other non-string values. */
function clip(text: string): string {
  return text.length <= MAX_QUOTED_LENGTH ? text : `${text.slice(0, MAX_QUOTED_LENGTH)}… (${text.length} characters)`;
}

function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Whether a value is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
