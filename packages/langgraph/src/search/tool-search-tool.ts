/**
 * @module `tool_search`: an ordinary client-side tool (so it works with any model provider) the model calls to find
 * tools in the catalog. It ranks the tools the caller may see and that are not bound yet, answers with a ranked
 * list, and loads what it found through a `Command` that writes the `loadedTools` channel.
 */
import { DynamicToolsError, type PermissionPolicy, type RetrievalStrategy, type ToolCatalog } from "@dynamic-tools/core";
import {
  createCatalogIndex,
  createStrategy,
  followCatalog,
  rankedCandidates,
  visibleTo,
  coUsageReaderOf,
  oftenUsedWithNames,
  type CoUsageInput,
  type ToolFilterOptions,
  checkCatalogOption,
  checkOptionKeys,
  checkPolicyOption,
  describeValue,
  formatPath,
  isRecord,
  keysOf,
  TOOL_NAME_PATTERN,
  clipMessage,
  describeToolSearch,
  toolSearchParameters,
  expandToNamespaces,
} from "@dynamic-tools/core/internal";
import { ToolMessage } from "@langchain/core/messages";
import { tool, type StructuredToolInterface, type ToolRunnableConfig } from "@langchain/core/tools";
import { Command, getCurrentTaskInput } from "@langchain/langgraph";
import { invalidOptionValue } from "../execution/executor-options.js";
import { markToolSearch } from "../execution/tool-search-mark.js";
import { callerFromConfig } from "../permissions/caller.js";

import { formatSearchResults } from "./format-search-results.js";
import { toolNamesIn } from "./loaded-tools.js";
import { TOOL_SEARCH_NAME } from "./loaded-tools-history.js";
import type { ToolSearchArtifact } from "./search-artifact.js";

/** The state channel loaded tools are written to. */
export const LOADED_TOOLS_KEY = "loadedTools";

/** Options of {@link createToolSearchTool}. */
export interface ToolSearchOptions extends ToolFilterOptions {
  /** How tools are ranked: a built-in strategy name or your own. @defaultValue "hybrid" */
  strategy?: string | RetrievalStrategy;
  /** Results when the model gives no `limit`. @defaultValue 5 (or `maxLimit` when lower) */
  defaultLimit?: number;
  /** The hard maximum of results, whatever `limit` the model asks for. @defaultValue 10 */
  maxLimit?: number;
  /**
   * Matches scoring below this share of the best match's score are dropped as noise (so a weak hit does not load a
   * whole namespace); matches scoring 0 or less are always dropped. @defaultValue 0.05
   */
  minRelativeScore?: number;
  /** Most tools of one namespace a hit loads, unless the namespace declares its own `maxSize`. @defaultValue 10 */
  namespaceMaxSize?: number;
  /** Core tools (always bound, never returned). @defaultValue the catalog's `core` */
  core?: readonly string[];
  /** The tool's name. @defaultValue "tool_search" */
  name?: string;
  /** Tools the caller (read from the run's context or configurable) may not see are never returned. @defaultValue all visible */
  policy?: PermissionPolicy;
  /**
   * An internal blacklist: plumbing tools search never returns, whatever their declaration says. The other
   * three filter layers are the `searchable` flag, per-agent `exclude`, and dropping tools already bound.
   * @defaultValue []
   */
  blacklist?: readonly string[];
  /**
   * Learned usage (a `UsageModel` or a `UsageRecorder`): each match then carries the tools most often used with it ("Often used with: a,
   * b" in the text, `oftenUsedWith` in the artifact), only tools the caller may see. @defaultValue none
   */
  usage?: CoUsageInput;
  /**
   * The "Often used with" line: most names, and the least co-usage weight (decayed observations).
   * @defaultValue { limit: 3, minWeight: 1 }
   */
  oftenUsedWith?: { limit?: number; minWeight?: number };
}

/** What {@link createToolSearchTool} returns: a LangChain tool. */
export type ToolSearchTool = StructuredToolInterface;

/** What `tool_search` reads from graph state: what is bound now. */
interface SearchState {
  toolSelection?: { tools?: readonly string[] } | null;
  loadedTools?: readonly string[] | null;
}

/** The arguments the model passes. */
export interface ToolSearchInput {
  query: string;
  limit?: number;
}

function requireCount(value: number, key: string, minimum = 1): number {
  if (!Number.isInteger(value) || value < minimum) {
    throw new DynamicToolsError("INVALID_OPTION", `${key} must be a whole number ≥ ${minimum}, got ${String(value)}.`, { path: [key] });
  }
  return value;
}

/** The state of the graph step running the tool, or nothing outside a graph. */
function readState(config: ToolRunnableConfig | undefined): unknown {
  try {
    return getCurrentTaskInput(config);
  } catch {
    return undefined;
  }
}

/**
 * The tools bound now, as the graph's state says: the selection's and the loaded channel's names. The state is not
 * proof of what this library wrote (a client may write `toolSelection: { tools: 5 }`): anything but a list counts as
 * none, and only strings are names, so a forged state never fails the search.
 */
function boundNames(state: unknown): Set<string> {
  const { toolSelection, loadedTools } = (isRecord(state) ? state : {}) as SearchState;
  return new Set([...toolNamesIn(isRecord(toolSelection) ? toolSelection.tools : undefined), ...toolNamesIn(loadedTools)]);
}

const SEARCH_OPTION_KEYS = keysOf<ToolSearchOptions>()([
  "strategy",
  "defaultLimit",
  "maxLimit",
  "minRelativeScore",
  "namespaceMaxSize",
  "core",
  "name",
  "policy",
  "blacklist",
  "usage",
  "oftenUsedWith",
  "platform",
  "exclude",
]);

/**
 * Checks the types of the options that would otherwise be misread (`blacklist: "x"` as a set of characters) or fail
 * only on the first search (`strategy: 5`).
 * @throws DynamicToolsError `INVALID_OPTION` naming the option (or entry) and what is valid.
 */
function checkSearchOptionTypes(options: ToolSearchOptions): void {
  for (const key of ["blacklist", "core", "exclude"] as const) {
    const list: unknown = options[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw invalidOptionValue([key], "a list of tool names", list);
    const index = list.findIndex((entry) => typeof entry !== "string");
    if (index >= 0) throw invalidOptionValue([key, index], "a tool name", list[index]);
  }
  if (options.platform !== undefined && typeof options.platform !== "string")
    throw invalidOptionValue(["platform"], "a platform name", options.platform);
  const { strategy } = options as { strategy?: unknown };
  const isStrategy = (value: Record<string, unknown>) =>
    typeof value.name === "string" && typeof value.index === "function" && typeof value.rank === "function";
  if (strategy !== undefined && typeof strategy !== "string" && !(isRecord(strategy) && isStrategy(strategy)))
    throw invalidOptionValue(["strategy"], "a built-in strategy name or a strategy object with name, index() and rank()", strategy);
  if (options.minRelativeScore !== undefined && typeof options.minRelativeScore !== "number")
    throw invalidOptionValue(["minRelativeScore"], "a number between 0 and 1", options.minRelativeScore);
  if (options.oftenUsedWith !== undefined && !isRecord(options.oftenUsedWith))
    throw invalidOptionValue(["oftenUsedWith"], "an object { limit?, minWeight? }", options.oftenUsedWith);
}

/**
 * Creates the `tool_search` tool for a catalog. The model calls `tool_search({ query, limit? })`; the tool ranks the
 * tools the caller may see (enabled, for the platform, not excluded, searchable, not core) that are not bound this
 * turn, and returns a `Command` whose update holds the ToolMessage (ranked text, with the structured result as its
 * `artifact`) and the tools found for the `loadedTools` channel. A hit on a namespace member loads the namespace.
 * Options are validated here; the strategy's index is built on the first search.
 *
 * Each search first brings the index up to the live catalog's version (the changes since the last search, or a
 * rebuild). The catalog holds no reference to the tool: one you drop (say, with the graph that used it) is
 * garbage-collected with its index, with nothing to close.
 *
 * @param catalog - the full registry.
 * @param options.strategy - the ranking strategy. @defaultValue "hybrid"
 * @param options.defaultLimit - results when the model gives no limit. @defaultValue 5
 * @param options.maxLimit - hard maximum of results. @defaultValue 10
 * @param options.namespaceMaxSize - most tools one namespace hit loads. @defaultValue 10
 * @param options.minRelativeScore - drop matches scoring below this share of the best. @defaultValue 0.05
 * @example
 * ```ts
 * import { createToolSearchTool, DynamicToolNode } from "@dynamic-tools/langgraph";
 *
 * const toolSearch = createToolSearchTool(catalog, { maxLimit: 8 });
 * const tools = new DynamicToolNode(catalog, { extraTools: [toolSearch] }); // executes tool_search and any catalog tool
 * await toolSearch.invoke({ name: "tool_search", args: { query: "cancel a membership" }, id: "1", type: "tool_call" });
 * ```
 */
export function createToolSearchTool(catalog: ToolCatalog, options: ToolSearchOptions = {}): ToolSearchTool {
  checkCatalogOption(catalog);
  checkOptionKeys(options, SEARCH_OPTION_KEYS, "createToolSearchTool");
  checkSearchOptionTypes(options);
  if (options.name !== undefined && !(typeof options.name === "string" && TOOL_NAME_PATTERN.test(options.name)))
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `name must be a tool name providers accept (${TOOL_NAME_PATTERN}), got ${describeValue(options.name)}.`,
      {
        path: ["name"],
      },
    );
  const { strategy: choice = "hybrid", name = TOOL_SEARCH_NAME, platform, exclude } = options;
  checkPolicyOption(options.policy);
  const maxLimit = requireCount(options.maxLimit ?? 10, "maxLimit");
  const defaultLimit = requireCount(options.defaultLimit ?? Math.min(5, maxLimit), "defaultLimit");
  const namespaceMaxSize = requireCount(options.namespaceMaxSize ?? 10, "namespaceMaxSize");
  const minRelativeScore = options.minRelativeScore ?? 0.05;
  if (!(minRelativeScore >= 0 && minRelativeScore <= 1)) {
    throw new DynamicToolsError("INVALID_OPTION", `minRelativeScore must be between 0 and 1, got ${String(minRelativeScore)}.`, {
      path: ["minRelativeScore"],
    });
  }
  if (defaultLimit > maxLimit) {
    throw new DynamicToolsError("INVALID_OPTION", `defaultLimit (${defaultLimit}) must not exceed maxLimit (${maxLimit}).`, {
      path: ["defaultLimit"],
    });
  }
  const usage = options.usage === undefined ? undefined : coUsageReaderOf(options.usage);
  const coLimit = requireCount(options.oftenUsedWith?.limit ?? 3, "oftenUsedWith.limit");
  const coMinWeight = options.oftenUsedWith?.minWeight ?? 1;
  if (!(coMinWeight > 0 && Number.isFinite(coMinWeight))) {
    throw new DynamicToolsError("INVALID_OPTION", `oftenUsedWith.minWeight must be a positive number, got ${String(coMinWeight)}.`, {
      path: ["oftenUsedWith", "minWeight"],
    });
  }
  const coreOverride = options.core === undefined ? {} : { core: [...options.core] };
  const filters: ToolFilterOptions = { ...(platform === undefined ? {} : { platform }), ...(exclude === undefined ? {} : { exclude }) };
  // Core's filters stage (validated now; re-resolved leniently on a new catalog version, so required tools that
  // arrive later count as core): layers 2 and 3, the searchable flag and per-agent exclusions.
  const currentScope = followCatalog(catalog, { ...coreOverride, ...filters, countTokens: false });
  // Layer 1: the internal blacklist.
  const blacklist = new Set(options.blacklist ?? []);
  // Live catalog: built on the first search, then each search applies the changes since the last (add/remove, or a
  // rebuild).
  const index = createCatalogIndex(catalog, typeof choice === "string" ? createStrategy(choice) : choice, { lazy: true });

  const searchTool = tool(
    async function toolSearch(input: ToolSearchInput, config: ToolRunnableConfig): Promise<Command> {
      // The model chose the query: read at most MAX_MESSAGE_CHARS of it, as selection reads a message.
      const query = clipMessage(String(input.query ?? ""));
      const asked = Math.floor(Number(input.limit ?? defaultLimit));
      const limit = Number.isFinite(asked) ? Math.min(maxLimit, Math.max(1, asked)) : defaultLimit;
      const bound = boundNames(readState(config));
      const strategy = await index.current();
      const { selectable } = currentScope();
      const names = { has: (tool: string) => selectable.has(tool) && !blacklist.has(tool) };
      const permitted = options.policy === undefined ? () => true : visibleTo(catalog, options.policy, callerFromConfig(config));
      // Layer 4: tools already bound are not returned again; then the caller's permissions.
      const isCandidate = (tool: string) => names.has(tool) && !bound.has(tool) && permitted(tool);
      let totalCandidates = 0;
      for (const tool of selectable) if (isCandidate(tool)) totalCandidates++;
      // The selection pipeline's candidates stage, with the search's noise floor instead of AutoCut.
      const conversation = { current: totalCandidates === 0 ? "" : query, history: [] };
      const ranked = await rankedCandidates({ strategy, conversation, topK: limit, cut: false, filter: isCandidate, minRelativeScore });
      const matches = ranked.map(({ name: match, score }) => ({ name: match, description: catalog.get(match)?.description ?? "", score }));
      if (usage !== undefined) {
        // Only names the caller may see (bound or not): a co-used tool the caller may not use is never named.
        const seeable = (tool: string) => (names.has(tool) || bound.has(tool)) && permitted(tool);
        for (const match of matches as ToolSearchArtifact["matches"]) {
          const used = oftenUsedWithNames(usage, match.name, { limit: coLimit, minWeight: coMinWeight, visible: seeable });
          if (used.length > 0) match.oftenUsedWith = used;
        }
      }
      const expansion = expandToNamespaces({
        hits: matches.map((match) => match.name),
        namespaceOf: (tool) => catalog.get(tool)?.namespace,
        membersOf: (namespace) => catalog.namespace(namespace)?.tools ?? [],
        maxSizeOf: (namespace) => catalog.namespace(namespace)?.maxSize ?? namespaceMaxSize,
        isCandidate,
      });
      const artifact: ToolSearchArtifact = {
        query,
        limit,
        totalCandidates,
        matches,
        loaded: expansion.loaded,
        namespaces: expansion.namespaces,
      };
      const content = formatSearchResults({
        artifact,
        whenToUseOf: (tool) => catalog.get(tool)?.whenToUse,
        namespaceSizeOf: (namespace) => expansion.loaded.filter((tool) => catalog.get(tool)?.namespace === namespace).length,
      });
      const message = new ToolMessage({ content, artifact, name, tool_call_id: config?.toolCall?.id ?? "" });
      return new Command({ update: { messages: [message], [LOADED_TOOLS_KEY]: expansion.loaded } });
    },
    {
      name,
      description: describeToolSearch(catalog, { defaultLimit, maxLimit }),
      schema: toolSearchParameters(defaultLimit, maxLimit),
      // Arguments that fail the schema are answered with what failed (`#/properties/query/type: … Expected "string"`),
      // not the bare "did not match expected schema": the model can correct its call.
      verboseParsingErrors: true,
    },
  );
  markToolSearch(searchTool);
  if (options.policy === undefined) searchingWithoutPolicy.add(searchTool);
  return searchTool;
}

/** The search tools made here without a `policy`: they list every tool, whoever asks. */
const searchingWithoutPolicy = new WeakSet<object>();

/**
 * True for a `tool_search` made by {@link createToolSearchTool} without a `policy`: a node that has one refuses it,
 * since the search would list (and load) the names and descriptions of tools the caller may not use.
 */
export function searchesWithoutPolicy(tool: object): boolean {
  return searchingWithoutPolicy.has(tool);
}

/**
 * Refuses, when the node has a `policy`, a search tool made without one (see {@link searchesWithoutPolicy}): the
 * select node's `searchTool`, and the `extraTools` of the model node and of DynamicToolNode.
 * @param path - where the tool was passed (`["searchTool"]`, `["extraTools", 0]`).
 * @throws DynamicToolsError `INVALID_OPTION` naming it and what to pass instead.
 * @example
 * ```ts
 * checkSearchPolicy(createToolSearchTool(catalog), policy, ["extraTools", 0]);
 * // throws: extraTools[0] was made without a policy, so it would list tools the caller may not use: pass the same policy to createToolSearchTool(catalog, { policy }).
 * ```
 */
export function checkSearchPolicy(tool: unknown, policy: unknown, path: ReadonlyArray<string | number>): void {
  if (policy === undefined || typeof tool !== "object" || tool === null || !searchesWithoutPolicy(tool)) return;
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `${formatPath(path)} was made without a policy, so it would list tools the caller may not use: pass the same policy to createToolSearchTool(catalog, { policy }).`,
    { path: [...path] },
  );
}
