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
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${key}` : key), "");
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
  if (typeof value === "string") return `"${value}"`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

/** Whether a value is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
