/**
 * @module The declarative catalog (form (b) of a catalog file): tools, categories, core tools, defaults and budget.
 */
import { keysOf } from "../options/option-keys.js";
import type { PermissionKind, ToolDeclaration } from "./tool-metadata.js";

/** How a category is declared. */
export interface CategoryDeclaration {
  /** What the tools of this category are for. */
  description?: string;
  /**
   * Words or phrases that select the category. Declared keywords **replace** the keywords derived from the
   * category's tools; set `deriveKeywords: true` to **extend** the derived ones instead.
   */
  keywords?: string[];
  /** Categories selected along with this one. */
  related?: string[];
  /** Derive keywords from the category's tool names and descriptions. @defaultValue true when no keywords are declared, false otherwise */
  deriveKeywords?: boolean;
}

/**
 * How a namespace is declared: a group of tools (e.g. every tool of one MCP server) that tool search loads as a
 * unit. Tools join a namespace through their own `namespace` field; a namespace named only by tools is created
 * with no description.
 */
export interface NamespaceDeclaration {
  /** What the group's tools are for, as the model reads it in the tool_search description. */
  description?: string;
  /** Most tools of this namespace loaded by one search hit. @defaultValue the tool search's own limit (10) */
  maxSize?: number;
}

/** How many earlier human messages count towards selection. */
export interface HistoryOptions {
  /** The last N human messages… @defaultValue 4 */
  messages?: number;
  /** …among the last M messages before the current one. @defaultValue 8 */
  window?: number;
}

/** Selection settings a catalog carries (each can be overridden per call). */
export interface CatalogSettings {
  /** Tools bound on every turn, first, never trimmed. */
  core?: string[];
  /** Categories used when nothing matches. */
  defaults?: string[];
  /** Most tools bound at once. @defaultValue 128 (OpenAI's limit) */
  maxTools?: number;
  /** Most definition tokens bound at once (OpenAI function format, o200k_base). @defaultValue unlimited */
  maxTokens?: number;
  /** Multi-turn context. */
  history?: HistoryOptions;
  /** How many hops of `related` to follow. @defaultValue 1 */
  relatedDepth?: number;
}

/** A whole declarative catalog, as form (b) of a catalog file. */
export interface CatalogConfig extends CatalogSettings {
  tools: ToolDeclaration[];
  categories?: Record<string, CategoryDeclaration>;
  /** Namespace descriptions and sizes (tool search loads a namespace as a unit). */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** The permission of a tool that declares none. @defaultValue "execute" */
  defaultPermission?: PermissionKind;
}

/** The keys a {@link HistoryOptions} may have. */
export const HISTORY_KEYS = keysOf<HistoryOptions>()(["messages", "window"]);

/** The keys of {@link CatalogSettings}. */
export const SETTINGS_KEYS = keysOf<CatalogSettings>()(["core", "defaults", "maxTools", "maxTokens", "history", "relatedDepth"]);

/** The keys a {@link CatalogConfig} may have. */
export const CONFIG_KEYS = keysOf<CatalogConfig>()(["tools", "categories", ...SETTINGS_KEYS, "namespaces", "defaultPermission"]);

/** The keys a {@link CategoryDeclaration} may have. */
export const CATEGORY_KEYS: readonly (keyof CategoryDeclaration)[] = ["description", "keywords", "related", "deriveKeywords"];

/** The keys a {@link NamespaceDeclaration} may have. */
export const NAMESPACE_KEYS: readonly (keyof NamespaceDeclaration)[] = ["description", "maxSize"];
