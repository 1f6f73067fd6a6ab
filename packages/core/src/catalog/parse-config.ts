/**
 * @module Turns untrusted data (a parsed JSON or YAML file) into a {@link CatalogConfig}, failing with a typed
 * error that names the key path of the first bad value and what would be valid.
 */
import { describeValue, formatPath, isRecord, quote } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { didYouMean } from "../text/closest-matches.js";
import { checkParameters } from "./parameters-schema.js";
import {
  CATEGORY_KEYS,
  CONFIG_KEYS,
  HISTORY_KEYS,
  NAMESPACE_KEYS,
  type CatalogConfig,
  type CategoryDeclaration,
  type NamespaceDeclaration,
} from "./catalog-config.js";
import { DECLARATION_KEYS, PERMISSION_KINDS, TOOL_NAME_PATTERN, TOOL_SOURCE_KINDS, type ToolDeclaration } from "./tool-metadata.js";

type Path = Array<string | number>;

function fail(path: Path, message: string): never {
  throw new DynamicToolsError("INVALID_DECLARATION", `${formatPath(path) || "catalog"}: ${message}`, { path });
}

function expectRecord(value: unknown, path: Path): Record<string, unknown> {
  if (!isRecord(value)) fail(path, `expected an object, got ${describeValue(value)}`);
  return value;
}

function rejectUnknownKeys(record: Record<string, unknown>, valid: readonly string[], path: Path): void {
  for (const key of Object.keys(record)) {
    if (!valid.includes(key)) {
      fail([...path, key], `unknown key ${quote(key)}.${didYouMean(key, valid)} Valid keys: ${valid.join(", ")}`);
    }
  }
}

function optionalString(value: unknown, path: Path): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") fail(path, `expected a string, got ${describeValue(value)}`);
  return value;
}

function optionalName(value: unknown, path: Path): string | undefined {
  const text = optionalString(value, path);
  if (text?.trim() === "") fail(path, `expected a non-empty name, got ${describeValue(text)}`);
  return text;
}

function optionalBoolean(value: unknown, path: Path): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") fail(path, `expected true or false, got ${describeValue(value)}`);
  return value;
}

function optionalStrings(value: unknown, path: Path): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) fail(path, `expected a list of strings, got ${describeValue(value)}`);
  return value.map((item, index) => {
    if (typeof item !== "string" || item.trim() === "") fail([...path, index], `expected a non-empty string, got ${describeValue(item)}`);
    return item;
  });
}

function optionalCount(value: unknown, path: Path, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < minimum) {
    fail(path, `expected a whole number ≥ ${minimum}, got ${describeValue(value)}`);
  }
  return value;
}

function optionalLocalised(value: unknown, path: Path): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  // `display: Web Search` is shorthand for `display: { en: Web Search }`.
  if (typeof value === "string") return { en: value };
  const record = expectRecord(value, path);
  for (const [locale, text] of Object.entries(record)) {
    if (typeof text !== "string") fail([...path, locale], `expected a string, got ${describeValue(text)}`);
  }
  return record as Record<string, string>;
}

function optionalOneOf<T extends string>(value: unknown, valid: readonly T[], path: Path): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !valid.includes(value as T)) {
    fail(path, `expected one of ${valid.join(" | ")}, got ${describeValue(value)}`);
  }
  return value as T;
}

/**
 * Runs `parse`. Without `problems` its error is thrown; with it, a `DynamicToolsError` is collected there instead
 * (`split`: each problem it carries as an entry of its own) and the result is `undefined`.
 */
function collectProblem<T>(problems: DynamicToolsError[] | undefined, parse: () => T, { split = false } = {}): T | undefined {
  if (problems === undefined) return parse();
  try {
    return parse();
  } catch (error) {
    if (!DynamicToolsError.isInstance(error)) throw error;
    if (!split || error.problems.length <= 1) problems.push(error);
    else
      for (const problem of error.problems)
        problems.push(
          new DynamicToolsError(problem.code, problem.message, problem.path === undefined ? undefined : { path: problem.path }),
        );
    return undefined;
  }
}

/**
 * The declarations {@link parseToolDeclaration} returned (frozen): handed to it again, e.g. by a catalog built from a
 * parsed file, they are returned as they are instead of being validated twice.
 */
const parsedDeclarations = new WeakSet<object>();

/**
 * Validates one tool declaration (a plain object from a file or from code). A declaration it returned before is
 * returned as it is.
 * @param problems - when given, every bad field of the declaration is collected here (the first is still thrown
 *   after the others are checked), so a file's report lists them all.
 */
export function parseToolDeclaration(value: unknown, path: Path = [], problems?: DynamicToolsError[]): ToolDeclaration {
  if (typeof value === "object" && value !== null && parsedDeclarations.has(value)) return value as ToolDeclaration;
  const found: DynamicToolsError[] = [];
  const check = <T>(parse: () => T): T | undefined => collectProblem(problems === undefined ? undefined : found, parse);
  const record = expectRecord(value, path);
  for (const key of Object.keys(record)) {
    const known = (DECLARATION_KEYS as readonly string[]).includes(key);
    if (!known) check(() => rejectUnknownKeys({ [key]: undefined }, DECLARATION_KEYS, path));
  }
  // An absent field is undefined without a check (and without building its path): most declarations set few fields.
  const field = <T>(key: string, parse: (value: unknown, at: Path) => T): T | undefined =>
    record[key] === undefined ? undefined : check(() => parse(record[key], [...path, key]));
  const name = record.name;
  if (typeof name !== "string") check(() => fail([...path, "name"], `every tool needs a name (a string), got ${describeValue(name)}`));
  const parameters = record.parameters;
  if (parameters !== undefined && (!isRecord(parameters) || (parameters.type !== undefined && parameters.type !== "object"))) {
    check(() =>
      fail(
        [...path, "parameters"],
        `expected a JSON Schema object ({ "type": "object", "properties": … }), got ${describeValue(parameters)}`,
      ),
    );
  } else if (parameters !== undefined) {
    check(() =>
      checkParameters(parameters, { tool: typeof name === "string" ? name : "(no name)", path: [...path, "parameters"], shape: true }),
    );
  }
  const platforms = record.platforms;
  const available = field("available", optionalBoolean);
  const fields: Partial<Record<keyof ToolDeclaration, unknown>> = {
    description: field("description", optionalString),
    parameters,
    category: field("category", optionalName),
    tags: field("tags", optionalStrings),
    keywords: field("keywords", optionalStrings),
    source: field("source", (source, at) => optionalOneOf(source, TOOL_SOURCE_KINDS, at)),
    sourceId: field("sourceId", optionalString),
    permission: field("permission", (permission, at) => optionalOneOf(permission, PERMISSION_KINDS, at)),
    searchable: field("searchable", optionalBoolean),
    platforms: platforms === "all" ? "all" : field("platforms", optionalStrings),
    // `available` is an older name for `enabled`; `enabled` wins when both are given.
    enabled: field("enabled", optionalBoolean) ?? available,
    namespace: field("namespace", optionalString),
    whenToUse: field("whenToUse", optionalString),
    display: field("display", optionalLocalised),
    desc: field("desc", optionalLocalised),
    required: field("required", optionalBoolean),
  };
  if (found.length > 0) {
    // One error carrying every problem of this declaration; parseCatalogConfig spreads them into its list.
    const [first] = found;
    throw new DynamicToolsError(first!.code, first!.message, {
      ...(first!.path === undefined ? {} : { path: first!.path }),
      problems: found.flatMap((error) => error.problems),
    });
  }
  // Only the keys given (never deleted afterwards, which would make a slow dictionary object), so merging a
  // declaration over a code tool never overwrites with `undefined`.
  const declaration = { name } as ToolDeclaration & Record<string, unknown>;
  for (const key in fields) {
    const value = fields[key as keyof ToolDeclaration];
    if (value !== undefined) declaration[key] = value;
  }
  parsedDeclarations.add(Object.freeze(declaration));
  return declaration;
}

function parseCategory(value: unknown, path: Path): CategoryDeclaration {
  if (value === null || value === undefined) return {};
  const record = expectRecord(value, path);
  rejectUnknownKeys(record, CATEGORY_KEYS, path);
  const category: CategoryDeclaration = {};
  const description = optionalString(record.description, [...path, "description"]);
  const keywords = optionalStrings(record.keywords, [...path, "keywords"]);
  const related = optionalStrings(record.related, [...path, "related"]);
  const deriveKeywords = optionalBoolean(record.deriveKeywords, [...path, "deriveKeywords"]);
  if (description !== undefined) category.description = description;
  if (keywords !== undefined) category.keywords = keywords;
  if (related !== undefined) category.related = related;
  if (deriveKeywords !== undefined) category.deriveKeywords = deriveKeywords;
  return category;
}

function parseNamespace(value: unknown, path: Path): NamespaceDeclaration {
  if (value === null || value === undefined) return {};
  const record = expectRecord(value, path);
  rejectUnknownKeys(record, NAMESPACE_KEYS, path);
  const namespace: NamespaceDeclaration = {};
  const description = optionalString(record.description, [...path, "description"]);
  const maxSize = optionalCount(record.maxSize, [...path, "maxSize"], 1);
  if (description !== undefined) namespace.description = description;
  if (maxSize !== undefined) namespace.maxSize = maxSize;
  return namespace;
}

/** Runs one check: its error is thrown, or (a file's report) collected and the result is `undefined`. */
type Attempt = <T>(parse: () => T) => T | undefined;

const throwing: Attempt = (parse) => parse();

/** A record of named declarations (`categories`, `namespaces`), each parsed on its own with `parse`. */
function parseNamed<T>(value: unknown, key: string, parse: (value: unknown, path: Path) => T, attempt: Attempt): Record<string, T> {
  const record = attempt(() => expectRecord(value, [key])) ?? {};
  return Object.fromEntries(
    Object.entries(record).flatMap(([name, declaration]) => {
      const parsed = attempt(() => parse(declaration, [key, name]));
      return parsed === undefined ? [] : [[name, parsed]];
    }),
  );
}

/**
 * Validates a catalog's `categories` (a file's, or those a catalog built in code is given): an object of category
 * declarations, each with only `description`, `keywords`, `related` and `deriveKeywords`.
 * @param attempt - how each check runs: throwing (the default), or collecting every problem (a file's report).
 * @throws DynamicToolsError `INVALID_DECLARATION` naming the key path of the first bad value and what is valid.
 * @example
 * ```ts
 * parseCategories({ salary: { keywords: "pay" } });
 * // throws: categories.salary.keywords: expected a list of strings, got "pay"
 * ```
 */
export function parseCategories(value: unknown, attempt: Attempt = throwing): Record<string, CategoryDeclaration> {
  return parseNamed(value, "categories", parseCategory, attempt);
}

/**
 * Validates a catalog's `namespaces` (a file's, or those a catalog built in code is given): an object of namespace
 * declarations, each with only `description` and `maxSize`.
 * @param attempt - how each check runs: throwing (the default), or collecting every problem (a file's report).
 * @throws DynamicToolsError `INVALID_DECLARATION` naming the key path of the first bad value and what is valid.
 */
export function parseNamespaces(value: unknown, attempt: Attempt = throwing): Record<string, NamespaceDeclaration> {
  return parseNamed(value, "namespaces", parseNamespace, attempt);
}

/** Options of {@link parseCatalogConfig}. */
export interface ParseCatalogOptions {
  /**
   * Collects every problem here instead of throwing at the first: each tool, category, namespace and setting is
   * checked on its own (tool names and repeated names too). The caller throws when the list is not empty.
   */
  problems?: DynamicToolsError[];
}

/**
 * Validates a whole catalog: either a plain array of tool declarations (form (a)) or an object with `tools`,
 * `categories`, `core`, `defaults`, `maxTools`, `maxTokens`, `history`, `relatedDepth` and `namespaces` (form (b)).
 * @throws DynamicToolsError for the first bad value, unless `options.problems` collects them all.
 */
export function parseCatalogConfig(value: unknown, { problems }: ParseCatalogOptions = {}): CatalogConfig {
  // An error may carry several problems (every bad field of one tool): each becomes an entry.
  const attempt = <T>(parse: () => T): T | undefined => collectProblem(problems, parse, { split: true });
  const parseTools = (items: unknown[], path: Path): ToolDeclaration[] => {
    const seen = new Set<string>();
    return items.flatMap((item, index) => {
      const declaration = attempt(() => parseToolDeclaration(item, [...path, index], problems));
      if (declaration === undefined) return [];
      if (problems !== undefined) {
        // What construction would reject first, checked here so every bad name is reported in one go.
        attempt(() => checkName(declaration.name, seen, [...path, index]));
        seen.add(declaration.name);
      }
      return [declaration];
    });
  };
  if (Array.isArray(value)) return { tools: parseTools(value, []) };
  const record = expectRecord(value, []);
  attempt(() => rejectUnknownKeys(record, CONFIG_KEYS, []));
  const tools = Array.isArray(record.tools)
    ? record.tools
    : attempt(() => fail(["tools"], `expected a list of tool declarations, got ${describeValue(record.tools)}`));
  const config: CatalogConfig = { tools: parseTools(tools ?? [], ["tools"]) };
  if (record.categories !== undefined) config.categories = parseCategories(record.categories, attempt);
  if (record.namespaces !== undefined) config.namespaces = parseNamespaces(record.namespaces, attempt);
  const core = attempt(() => optionalStrings(record.core, ["core"]));
  const defaults = attempt(() => optionalStrings(record.defaults, ["defaults"]));
  const maxTools = attempt(() => optionalCount(record.maxTools, ["maxTools"], 1));
  const maxTokens = attempt(() => optionalCount(record.maxTokens, ["maxTokens"], 1));
  const relatedDepth = attempt(() => optionalCount(record.relatedDepth, ["relatedDepth"], 0));
  const defaultPermission = attempt(() => optionalOneOf(record.defaultPermission, PERMISSION_KINDS, ["defaultPermission"]));
  if (defaultPermission !== undefined) config.defaultPermission = defaultPermission;
  if (core !== undefined) config.core = core;
  if (defaults !== undefined) config.defaults = defaults;
  if (maxTools !== undefined) config.maxTools = maxTools;
  if (maxTokens !== undefined) config.maxTokens = maxTokens;
  if (relatedDepth !== undefined) config.relatedDepth = relatedDepth;
  if (record.history !== undefined) {
    const history = attempt(() => {
      const history = expectRecord(record.history, ["history"]);
      rejectUnknownKeys(history, HISTORY_KEYS, ["history"]);
      return history;
    });
    if (history !== undefined) {
      const messages = attempt(() => optionalCount(history.messages, ["history", "messages"], 0));
      const window = attempt(() => optionalCount(history.window, ["history", "window"], 0));
      config.history = {};
      if (messages !== undefined) config.history.messages = messages;
      if (window !== undefined) config.history.window = window;
    }
  }
  return config;
}

/** The checks {@link ToolCatalog} makes on a declared name, with the same codes and messages. */
function checkName(name: string, seen: ReadonlySet<string>, path: Path): void {
  const index = path[path.length - 1];
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw new DynamicToolsError(
      "INVALID_TOOL_NAME",
      `tools[${index}]: tool name ${quote(name)} is not valid: names must match ^[a-zA-Z0-9_-]{1,64}$ (OpenAI rejects others).`,
      { path: [...path, "name"] },
    );
  }
  if (seen.has(name)) {
    throw new DynamicToolsError("DUPLICATE_TOOL", `tools[${index}]: tool ${quote(name)} is declared twice; tool names must be unique.`, {
      path: [...path, "name"],
    });
  }
}
