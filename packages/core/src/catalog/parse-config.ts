/**
 * @module Turns untrusted data (a parsed JSON or YAML file) into a {@link CatalogConfig}, failing with a typed
 * error that names the key path of the first bad value and what would be valid.
 */
import { describeValue, formatPath, isRecord, quote } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { didYouMean } from "../text/closest-matches.js";
import { checkParameters } from "./parameters-schema.js";
import { CATEGORY_KEYS, CONFIG_KEYS, NAMESPACE_KEYS, type CatalogConfig, type CategoryDeclaration, type NamespaceDeclaration } from "./catalog-config.js";
import {
  DECLARATION_KEYS,
  PERMISSION_KINDS,
  TOOL_SOURCES,
  type ToolDeclaration,
} from "./tool-metadata.js";

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

/** Validates one tool declaration (a plain object from a file or from code). */
export function parseToolDeclaration(value: unknown, path: Path = []): ToolDeclaration {
  const record = expectRecord(value, path);
  rejectUnknownKeys(record, DECLARATION_KEYS, path);
  const name = record.name;
  if (typeof name !== "string") fail([...path, "name"], `every tool needs a name (a string), got ${describeValue(name)}`);
  const parameters = record.parameters;
  if (parameters !== undefined && (!isRecord(parameters) || (parameters.type !== undefined && parameters.type !== "object"))) {
    fail([...path, "parameters"], `expected a JSON Schema object ({ "type": "object", "properties": … }), got ${describeValue(parameters)}`);
  }
  if (parameters !== undefined) checkParameters(parameters, { tool: name, path: [...path, "parameters"], shape: true });
  const platforms = record.platforms;
  const declaration: ToolDeclaration = {
    name,
    description: optionalString(record.description, [...path, "description"]),
    parameters: parameters as ToolDeclaration["parameters"],
    category: optionalString(record.category, [...path, "category"]),
    tags: optionalStrings(record.tags, [...path, "tags"]),
    keywords: optionalStrings(record.keywords, [...path, "keywords"]),
    source: optionalOneOf(record.source, TOOL_SOURCES, [...path, "source"]),
    sourceId: optionalString(record.sourceId, [...path, "sourceId"]),
    permission: optionalOneOf(record.permission, PERMISSION_KINDS, [...path, "permission"]),
    searchable: optionalBoolean(record.searchable, [...path, "searchable"]),
    platforms: platforms === "all" ? "all" : optionalStrings(platforms, [...path, "platforms"]),
    enabled: optionalBoolean(record.enabled, [...path, "enabled"]),
    namespace: optionalString(record.namespace, [...path, "namespace"]),
    whenToUse: optionalString(record.whenToUse, [...path, "whenToUse"]),
    available: optionalBoolean(record.available, [...path, "available"]),
    display: optionalLocalised(record.display, [...path, "display"]),
    desc: optionalLocalised(record.desc, [...path, "desc"]),
    required: optionalBoolean(record.required, [...path, "required"]),
  };
  // `available` is seed 000's word for `enabled`; `enabled` wins when both are given.
  if (declaration.available !== undefined && declaration.enabled === undefined) declaration.enabled = declaration.available;
  delete declaration.available;
  // Drop absent keys so merging a declaration over a code tool never overwrites with `undefined`.
  for (const key of Object.keys(declaration) as (keyof ToolDeclaration)[]) {
    if (declaration[key] === undefined) delete declaration[key];
  }
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

/**
 * Validates a whole catalog: either a plain array of tool declarations (form (a)) or an object with `tools`,
 * `categories`, `core`, `defaults`, `maxTools`, `maxTokens`, `history`, `relatedDepth` and `namespaces` (form (b)).
 */
export function parseCatalogConfig(value: unknown): CatalogConfig {
  if (Array.isArray(value)) return { tools: value.map((item, index) => parseToolDeclaration(item, [index])) };
  const record = expectRecord(value, []);
  rejectUnknownKeys(record, CONFIG_KEYS, []);
  if (!Array.isArray(record.tools)) fail(["tools"], `expected a list of tool declarations, got ${describeValue(record.tools)}`);
  const config: CatalogConfig = { tools: record.tools.map((item, index) => parseToolDeclaration(item, ["tools", index])) };
  if (record.categories !== undefined) {
    const categories = expectRecord(record.categories, ["categories"]);
    config.categories = Object.fromEntries(
      Object.entries(categories).map(([name, category]) => [name, parseCategory(category, ["categories", name])]),
    );
  }
  if (record.namespaces !== undefined) {
    const namespaces = expectRecord(record.namespaces, ["namespaces"]);
    config.namespaces = Object.fromEntries(
      Object.entries(namespaces).map(([name, namespace]) => [name, parseNamespace(namespace, ["namespaces", name])]),
    );
  }
  const core = optionalStrings(record.core, ["core"]);
  const defaults = optionalStrings(record.defaults, ["defaults"]);
  const maxTools = optionalCount(record.maxTools, ["maxTools"], 1);
  const maxTokens = optionalCount(record.maxTokens, ["maxTokens"], 1);
  const relatedDepth = optionalCount(record.relatedDepth, ["relatedDepth"], 0);
  if (core !== undefined) config.core = core;
  if (defaults !== undefined) config.defaults = defaults;
  if (maxTools !== undefined) config.maxTools = maxTools;
  if (maxTokens !== undefined) config.maxTokens = maxTokens;
  if (relatedDepth !== undefined) config.relatedDepth = relatedDepth;
  if (record.history !== undefined) {
    const history = expectRecord(record.history, ["history"]);
    rejectUnknownKeys(history, ["messages", "window"], ["history"]);
    const messages = optionalCount(history.messages, ["history", "messages"], 0);
    const window = optionalCount(history.window, ["history", "window"], 0);
    config.history = {};
    if (messages !== undefined) config.history.messages = messages;
    if (window !== undefined) config.history.window = window;
  }
  return config;
}
