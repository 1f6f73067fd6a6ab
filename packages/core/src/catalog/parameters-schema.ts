/**
 * @module Checks a tool's `parameters` before the catalog accepts it: nesting no deeper than
 * {@link MAX_PARAMETERS_DEPTH} (every later walk of the schema — token counting, search text, binding — is then
 * safe from stack overflow), and, for declarations, the shape of JSON Schema (`properties` an object, `required` a
 * list of strings…), so a malformed schema fails at construction instead of being rejected by the model provider on
 * every turn that binds the tool. Iterative: a hostile schema cannot overflow the check itself. Pure.
 */
import { describeValue, formatPath, isRecord, quote } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** Deepest nesting of objects and arrays a tool's `parameters` may have (a real tool's schema uses a handful). */
export const MAX_PARAMETERS_DEPTH = 64;

/** JSON Schema's type names. */
export const JSON_SCHEMA_TYPES: readonly string[] = ["object", "array", "string", "number", "integer", "boolean", "null"];

/** A key path into a value (object keys and array indexes). */
export type Path = Array<string | number>;

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ["anyOf", "oneOf", "allOf", "prefixItems"];
/** Keywords whose value is an object of schemas by name. */
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];
/** Keywords whose value is a string. */
const STRING_KEYWORDS = ["description", "title", "$ref", "$id", "pattern", "format"];
/** Keywords whose value is a whole number ≥ 0. */
const COUNT_KEYWORDS = ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];

/** Options of {@link checkParameters}. */
export interface CheckParametersOptions {
  /** The tool's name, for the message. */
  tool: string;
  /** Where `parameters` sits (`["tools", 3, "parameters"]`). */
  path: Path;
  /** Check the JSON Schema shape too (declarations); otherwise only the depth (code tools, whose schema the library converts). */
  shape: boolean;
}

/**
 * Throws `INVALID_DECLARATION` naming the tool and the key path when `parameters` nests deeper than
 * {@link MAX_PARAMETERS_DEPTH} or, with `shape`, is not a well-formed JSON Schema.
 *
 * @example
 * ```ts
 * checkParameters({ type: "object", properties: 5 }, { tool: "t", path: ["tools", 0, "parameters"], shape: true });
 * // throws: tools[0].parameters.properties: tool "t": expected an object of schemas by property name, got number 5
 * ```
 */
export function checkParameters(parameters: unknown, options: CheckParametersOptions): void {
  // Almost every schema is fine: one allocation-free pass says so; the walk names the problem otherwise.
  if (!isWellFormed(parameters, 0, options.shape ? "schema" : "data")) walkParameters(parameters, options);
}

/**
 * The check of {@link checkParameters} as one iterative walk that names the first problem (exported for tests: it
 * is the reference the fast pass must agree with).
 */
export function walkParameters(parameters: unknown, { tool, path, shape }: CheckParametersOptions): void {
  const fail = (at: Path, message: string): never => {
    throw new DynamicToolsError("INVALID_DECLARATION", `${formatPath(at)}: tool ${quote(tool)}: ${message}`, { path: at });
  };
  // depth: objects and arrays entered so far; kind: what the value must be (a schema, a list or a map of
  // schemas, or any data such as an `enum` list). Each value is visited once. A node's path is built only to report
  // a problem (from its parent and key).
  const stack: SchemaVisit[] = [{ value: parameters, depth: 0, parent: undefined, key: undefined, kind: shape ? "schema" : "data" }];
  const pathOf = (visit: SchemaVisit): Path => {
    const keys: Array<string | number> = [];
    for (let node: SchemaVisit | undefined = visit; node?.key !== undefined; node = node.parent) keys.push(node.key);
    return [...path, ...keys.reverse()];
  };
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value, depth, kind } = visit;
    if (kind === "schema" && !isValidSchemaNode(value)) checkSchemaNode(value, pathOf(visit), fail);
    if (typeof value !== "object" || value === null) continue;
    if (depth + 1 > MAX_PARAMETERS_DEPTH) {
      fail(pathOf(visit), `parameters nest deeper than ${MAX_PARAMETERS_DEPTH} levels (the limit); flatten the schema or use $ref.`);
    }
    if (Array.isArray(value)) {
      value.forEach((child, index) => {
        stack.push({ value: child, depth: depth + 1, parent: visit, key: index, kind: childKind(kind, index, child) });
      });
      continue;
    }
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      stack.push({ value: child, depth: depth + 1, parent: visit, key, kind: childKind(kind, key, child) });
    }
  }
}

/**
 * Whether the walk of {@link checkParameters} would find nothing wrong below `value` (a sufficient test: a node that
 * fails {@link isValidSchemaNode} is left to the walk). Recursive, but never deeper than {@link MAX_PARAMETERS_DEPTH}.
 */
function isWellFormed(value: unknown, depth: number, kind: Kind): boolean {
  if (kind === "schema" && !isValidSchemaNode(value)) return false;
  if (typeof value !== "object" || value === null) return true;
  if (depth + 1 > MAX_PARAMETERS_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const child: unknown = value[index];
      if (!isWellFormed(child, depth + 1, childKind(kind, index, child))) return false;
    }
    return true;
  }
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (!isWellFormed(child, depth + 1, childKind(kind, key, child))) return false;
  }
  return true;
}

/** One value to check: where it sits (its parent's visit and its key there) and what it must be. */
interface SchemaVisit {
  value: unknown;
  depth: number;
  parent: SchemaVisit | undefined;
  key: string | number | undefined;
  kind: Kind;
}

type Kind = "schema" | "schemaList" | "schemaMap" | "data";

function childKind(parent: Kind, key: string | number, child: unknown): Kind {
  if (parent === "schemaList" || parent === "schemaMap") return "schema";
  if (parent === "data" || typeof key === "number") return "data";
  if (SCHEMA_KEYWORDS.includes(key)) return "schema";
  if (SCHEMA_LIST_KEYWORDS.includes(key)) return "schemaList";
  if (SCHEMA_MAP_KEYWORDS.includes(key)) return "schemaMap";
  if (key === "items") return Array.isArray(child) ? "schemaList" : "schema";
  return "data";
}

/** Whether a value is a whole number ≥ 0. */
function isCount(count: unknown): boolean {
  return Number.isInteger(count) && (count as number) >= 0;
}

/** Whether a `type` is a JSON Schema type name or a non-empty list of them. */
function isValidType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((item) => typeof item === "string" && JSON_SCHEMA_TYPES.includes(item));
}

/** Every keyword that {@link checkSchemaNode} checks, with the check it passes. */
const VALID_KEYWORD = new Map<string, (value: unknown) => boolean>([
  ["type", isValidType],
  ...SCHEMA_MAP_KEYWORDS.map((key): [string, (value: unknown) => boolean] => [key, isRecord]),
  ...SCHEMA_LIST_KEYWORDS.map((key): [string, (value: unknown) => boolean] => [key, Array.isArray]),
  ...SCHEMA_KEYWORDS.map((key): [string, (value: unknown) => boolean] => [key, (value) => typeof value === "boolean" || isRecord(value)]),
  ["items", (items) => typeof items === "boolean" || isRecord(items) || Array.isArray(items)],
  ["required", (required) => Array.isArray(required) && required.every((item) => typeof item === "string")],
  ["enum", Array.isArray],
  ...STRING_KEYWORDS.map((key): [string, (value: unknown) => boolean] => [key, (value) => typeof value === "string"]),
  ...COUNT_KEYWORDS.map((key): [string, (value: unknown) => boolean] => [key, isCount]),
]);

/**
 * Whether {@link checkSchemaNode} would accept the value: one pass over its own keys (a schema node has a few)
 * instead of a look-up per keyword. When it says no, {@link checkSchemaNode} names the first problem.
 */
function isValidSchemaNode(value: unknown): boolean {
  if (typeof value === "boolean") return true;
  if (!isRecord(value)) return false;
  for (const key of Object.keys(value)) {
    const valid = VALID_KEYWORD.get(key);
    if (valid !== undefined && !valid((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

function checkSchemaNode(value: unknown, at: Path, fail: (at: Path, message: string) => never): void {
  if (typeof value === "boolean") return;
  if (!isRecord(value)) fail(at, `expected a JSON Schema (an object), got ${describeValue(value)}`);
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, "type")) {
    const type = record.type;
    const types = Array.isArray(type) ? type : [type];
    if (types.length === 0 || !types.every((item) => typeof item === "string" && JSON_SCHEMA_TYPES.includes(item))) {
      fail([...at, "type"], `expected one of ${JSON_SCHEMA_TYPES.join(" | ")} (or a list of them), got ${describeValue(type)}`);
    }
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (Object.hasOwn(record, key) && !isRecord(record[key]))
      fail([...at, key], `expected an object of schemas by name, got ${describeValue(record[key])}`);
  }
  for (const key of SCHEMA_LIST_KEYWORDS) {
    if (Object.hasOwn(record, key) && !Array.isArray(record[key]))
      fail([...at, key], `expected a list of schemas, got ${describeValue(record[key])}`);
  }
  for (const key of SCHEMA_KEYWORDS) {
    if (Object.hasOwn(record, key) && typeof record[key] !== "boolean" && !isRecord(record[key])) {
      fail([...at, key], `expected a schema (an object or true/false), got ${describeValue(record[key])}`);
    }
  }
  if (Object.hasOwn(record, "items") && typeof record.items !== "boolean" && !isRecord(record.items) && !Array.isArray(record.items)) {
    fail([...at, "items"], `expected a schema (an object or true/false), got ${describeValue(record.items)}`);
  }
  if (Object.hasOwn(record, "required")) {
    const required = record.required;
    if (!Array.isArray(required) || !required.every((item) => typeof item === "string")) {
      fail([...at, "required"], `expected a list of property names (strings), got ${describeValue(required)}`);
    }
  }
  if (Object.hasOwn(record, "enum") && !Array.isArray(record.enum))
    fail([...at, "enum"], `expected a list of values, got ${describeValue(record.enum)}`);
  for (const key of STRING_KEYWORDS) {
    if (Object.hasOwn(record, key) && typeof record[key] !== "string")
      fail([...at, key], `expected a string, got ${describeValue(record[key])}`);
  }
  for (const key of COUNT_KEYWORDS) {
    const count = record[key];
    if (Object.hasOwn(record, key) && (typeof count !== "number" || !Number.isInteger(count) || count < 0)) {
      fail([...at, key], `expected a whole number ≥ 0, got ${describeValue(count)}`);
    }
  }
}
