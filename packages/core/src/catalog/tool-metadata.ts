/**
 * @module The normalised description of one tool, whatever it came from (a LangChain tool, a declaration, MCP).
 */

/** Where a tool comes from. */
export type ToolSourceKind = "builtin" | "mcp" | "sdk";

/** What running a tool may do, from harmless to needing a human. */
export type PermissionKind = "read" | "write" | "execute" | "network" | "dangerous";

/** The valid {@link ToolSourceKind} values. */
export const TOOL_SOURCE_KINDS: readonly ToolSourceKind[] = ["builtin", "mcp", "sdk"];
/** The valid {@link PermissionKind} values, least to most privileged. */
export const PERMISSION_KINDS: readonly PermissionKind[] = ["read", "write", "execute", "network", "dangerous"];

/**
 * The permission of a tool that declares none (a LangChain tool from code or from a custom source without
 * `metadata.dynamicTools.permission`, a declaration without `permission`). Not `read`: an unknown tool may be
 * `shell_exec`, and a read-only role must not run it. Not `dangerous` either, so the default policy does not ask a
 * human about every undeclared tool. A catalog's `defaultPermission` changes it.
 */
export const DEFAULT_PERMISSION: PermissionKind = "execute";

/** A JSON Schema object describing a tool's arguments. */
export type JsonSchema = Record<string, unknown>;

/** The schema of a tool that takes no arguments. */
export const EMPTY_PARAMETERS: JsonSchema = Object.freeze({ type: "object", properties: {} });

/** Everything the catalog knows about one tool, normalised, with every default filled in. */
export interface ToolMetadata {
  /** Unique name, as the model calls it; must match `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly name: string;
  /** What the tool does, as the model reads it. */
  readonly description: string;
  /** JSON Schema of the arguments. */
  readonly parameters: JsonSchema;
  /** The category the tool belongs to, if any. */
  readonly category: string | undefined;
  /** Free-form labels. */
  readonly tags: readonly string[];
  /** Words or phrases that select this tool on its own (category keywords select the whole category). */
  readonly keywords: readonly string[];
  /** Where the tool comes from. @defaultValue "builtin" */
  readonly source: ToolSourceKind;
  /** The MCP server id or SDK app name the tool comes from. */
  readonly sourceId: string | undefined;
  /** What the tool may do. @defaultValue the catalog's `defaultPermission` ({@link DEFAULT_PERMISSION}, `"execute"`) */
  readonly permission: PermissionKind;
  /** Whether selection and search may return it (core tools are bound regardless). @defaultValue true */
  readonly searchable: boolean;
  /** Platforms it runs on, or "all". @defaultValue "all" */
  readonly platforms: readonly string[] | "all";
  /** Whether it may be bound or executed at all. @defaultValue true */
  readonly enabled: boolean;
  /** A group of tools that is loaded together by tool search. */
  readonly namespace: string | undefined;
  /** A hint for the model: when this tool is the right one. */
  readonly whenToUse: string | undefined;
  /** Display names by locale (`en`, `zh-CN`, …); lexical search matches them too. @defaultValue {} */
  readonly display: Readonly<Record<string, string>>;
  /** Descriptions by locale (`en`, `zh-CN`, …); lexical search matches them too. @defaultValue {} */
  readonly desc: Readonly<Record<string, string>>;
  /** Bound on every turn like a core tool. @defaultValue false */
  readonly required: boolean;
  /**
   * Why a code-defined tool is never bound to a model although it runs when called: a name model APIs reject
   * (outside `^[a-zA-Z0-9_-]{1,64}$`) or a schema with no JSON Schema form. Undefined for every bindable tool.
   */
  readonly unbindable?: string;
}

/**
 * How a tool is written in a catalog file or passed as data: only `name` is required. Unknown keys are rejected,
 * so a typo such as `catgory` fails loudly instead of being ignored.
 */
export interface ToolDeclaration {
  name: string;
  description?: string;
  parameters?: JsonSchema;
  category?: string;
  tags?: string[];
  keywords?: string[];
  source?: ToolSourceKind;
  sourceId?: string;
  permission?: PermissionKind;
  searchable?: boolean;
  platforms?: string[] | "all";
  enabled?: boolean;
  namespace?: string;
  whenToUse?: string;
  /** Another name for `enabled` (`enabled` wins when both are given); `available: false` hides and refuses the tool. */
  available?: boolean;
  display?: Record<string, string>;
  desc?: Record<string, string>;
  required?: boolean;
}

/** The keys a {@link ToolDeclaration} may have. */
export const DECLARATION_KEYS: readonly (keyof ToolDeclaration)[] = [
  "name",
  "description",
  "parameters",
  "category",
  "tags",
  "keywords",
  "source",
  "sourceId",
  "permission",
  "searchable",
  "platforms",
  "enabled",
  "namespace",
  "whenToUse",
  "available",
  "display",
  "desc",
  "required",
];

/** Names the OpenAI API accepts for functions. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** One frozen empty list and record for every tool that has none (most have no tags, keywords or translations). */
const NONE: readonly string[] = Object.freeze([]);
const NO_TRANSLATIONS: Readonly<Record<string, string>> = Object.freeze({});

const frozenList = (items: readonly string[] | undefined): readonly string[] =>
  items === undefined || items.length === 0 ? NONE : Object.freeze([...items]);

const frozenRecord = (record: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> =>
  record === undefined || Object.keys(record).length === 0 ? NO_TRANSLATIONS : Object.freeze({ ...record });

/**
 * Fills every default of a declaration that has already been validated.
 * @param defaultPermission - the permission of a declaration that has none. @defaultValue {@link DEFAULT_PERMISSION}
 * @param unbindable - why a code-defined tool can run but never be bound (see {@link ToolMetadata}).
 */
export function toMetadata(
  declaration: ToolDeclaration,
  defaultPermission: PermissionKind = DEFAULT_PERMISSION,
  unbindable?: string,
): ToolMetadata {
  return Object.freeze({
    ...(unbindable === undefined ? {} : { unbindable }),
    name: declaration.name,
    description: declaration.description ?? "",
    parameters: declaration.parameters ?? EMPTY_PARAMETERS,
    category: declaration.category,
    tags: frozenList(declaration.tags),
    keywords: frozenList(declaration.keywords),
    source: declaration.source ?? "builtin",
    sourceId: declaration.sourceId,
    permission: declaration.permission ?? defaultPermission,
    searchable: declaration.searchable ?? true,
    platforms: declaration.platforms ?? "all",
    enabled: declaration.enabled ?? declaration.available ?? true,
    namespace: declaration.namespace,
    whenToUse: declaration.whenToUse,
    display: frozenRecord(declaration.display),
    desc: frozenRecord(declaration.desc),
    required: declaration.required ?? false,
  });
}
