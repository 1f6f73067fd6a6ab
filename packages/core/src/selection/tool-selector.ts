/**
 * @module The one selector: a pipeline of stages from a conversation to the tools to bind, whatever the strategy.
 * conversation → query ({@link readConversation}) → candidates (keywords: {@link keywordCandidates}; any other
 * strategy: {@link rankedCandidates}) → expansion (related categories, {@link relatedToRanked}; co-usage after the
 * budget) → defaults ({@link defaultCategories}) → filters ({@link SelectionScope}) → order ({@link orderByTier}) →
 * budget and explanation ({@link finishSelection}).
 */
import { SETTINGS_KEYS } from "../catalog/catalog-config.js";
import { checkCatalogOption, type ToolCatalog } from "../catalog/tool-catalog.js";
import { readCalledTools } from "../conversation/called-tools.js";
import { readConversation, type ConversationMessage, type ConversationText } from "../conversation/conversation-text.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { describeValue, isRecord } from "../errors/describe-value.js";
import { checkOptionKeys, keysOf } from "../options/option-keys.js";
import { offerIdleWork } from "../events/idle-work.js";
import { loadTokenizer } from "../catalog/tokens/token-counter.js";
import { keywordCandidates, orderByTier, type KeywordTool } from "../retrieval/keyword/keyword-candidates.js";
import { createCatalogIndex } from "../retrieval/catalog-index.js";
import type { RankedTool, RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import type { HeldOutEvidence, LearnedField } from "../retrieval/learned-field.js";
import { BUILTIN_STRATEGY_NAMES, createStrategy } from "../retrieval/strategy-registry.js";
import { didYouMean } from "../text/closest-matches.js";
import { coUsageReaderOf } from "../usage/co-usage-reader.js";
import {
  ABSTENTION_DEFAULTS,
  calibrateRelevanceFloor,
  rememberedRelevanceFloor,
  judgeRanking,
  judgeSettingsOf,
  MIN_FLOOR_REQUESTS,
  resolveAbstentionOptions,
  type Abstention,
  type AbstentionOptions,
  type RelevanceFloor,
} from "./abstention.js";
import { MEMORY_DEFAULTS, resolveMemoryOptions, type ConversationMemoryOptions } from "./conversation-memory.js";
import { CO_USAGE_DEFAULTS, resolveCoUsageOptions } from "./expand-co-usage.js";
import { defaultCategories } from "./default-categories.js";
import { defaultStrategyFor } from "./default-strategy.js";
import { finishSelection } from "./explain-selection.js";
import { relatedToRanked } from "./expand-related.js";
import { rankedCandidates, type AutoCutOptions } from "./ranked-candidates.js";
import { createPinIndex, pinnedTools, type PinIndex } from "./pinned-tools.js";
import { checkedReserve, followCatalog, type SelectionRequest, type SelectionScope, type SelectToolsOptions } from "./selection-scope.js";
import type { SelectedCategory, ToolSelection } from "./tool-selection.js";
import { loadRemarkReader } from "./remark-model.js";

export type { AutoCutOptions } from "./ranked-candidates.js";
export type { Abstention, AbstentionOptions, RelevanceFloor } from "./abstention.js";
export type { ConversationMemoryOptions } from "./conversation-memory.js";
export type { SelectToolsOptions } from "./selection-scope.js";

/** What a selector reads: one message, or a conversation whose latest human message is the current one. */
export type SelectionInput = string | readonly ConversationMessage[];

/** Options of {@link createToolSelector}: a strategy and how many of its tools to keep, plus every selection option. */
export interface ToolSelectorOptions extends SelectToolsOptions {
  /**
   * How tools are chosen: `"keyword"` (category keywords), a built-in retrieval strategy by name (`"bm25"`,
   * `"fuzzy"`, `"hybrid"`, `"sequence-matcher"`, …) or your own {@link RetrievalStrategy}.
   * @defaultValue `"keyword"` when the catalog declares categories with keywords for every tool (see
   * `declaresKeywordCategories`), else `"hybrid"`
   */
  strategy?: string | RetrievalStrategy;
  /** Retrieval: most ranked tools bound after the core tools. @defaultValue 10 */
  topK?: number;
  /** Retrieval: AutoCut, or `false` to keep the top K whatever their scores. @defaultValue { ratio: 2, minimum: 3 } */
  autoCut?: AutoCutOptions | false;
  /**
   * Follow the categories' `related` declarations (up to `relatedDepth` hops): the keyword strategy's matched
   * categories, and a retrieval strategy's ranked tools' categories, pull in their related categories (explained
   * as `related to <category>`). `false` turns it off for every strategy.
   * @defaultValue true for `"keyword"`, false for retrieval strategies (binding few tools is why one ranks)
   */
  related?: boolean;
  /**
   * Retrieval: abstain when no ranked tool is a credible match (small talk, thanks, off-topic): bind the core tools
   * (and tools the message names) only, and say why in `ToolSelection.abstained`. A tool is credible when one of its
   * signals reaches the relevance floor, calibrated on the catalog (see `calibrateRelevanceFloor`). Nor are the
   * catalog's declared `defaults` bound (they stand for a request nothing matched, not for small talk). `false` turns
   * it off; an object tunes the calibration.
   * @defaultValue true for a built-in strategy (by name, the default one, or an object such as `createHybridStrategy()`
   * or a snapshot's), false for a strategy of your own (its scores may not say how relevant a tool is)
   */
  abstain?: boolean | AbstentionOptions;
  /**
   * Retrieval: conversation memory. The tools the thread already called (AI tool calls a tool message answered
   * without an error, in the last `historyMessages` turns) are ranked up, by recency, within the same `topK` and
   * budget, explained `called 2 turns ago`. `false` turns it off. @defaultValue true ({@link ConversationMemoryOptions}'s defaults)
   */
  memory?: boolean | ConversationMemoryOptions;
}

/** A selector for any strategy; retrieval strategies answer asynchronously, the keyword strategy synchronously. */
export type ToolSelector = (input: SelectionInput, request?: SelectionRequest) => ToolSelection | Promise<ToolSelection>;

/** What {@link createToolSelector} returns for `strategy: "keyword"`: a synchronous selector. */
export type KeywordToolSelector = (input: SelectionInput, request?: SelectionRequest) => ToolSelection;

/** The stages every strategy shares, around the strategy's own candidates stage. */
class SelectionPipeline {
  readonly #catalog: ToolCatalog;
  readonly #currentScope: () => SelectionScope;
  readonly #related: boolean;
  #pins: { scope: SelectionScope; index: PinIndex } | undefined;

  constructor(catalog: ToolCatalog, options: SelectToolsOptions, related: boolean) {
    this.#catalog = catalog;
    this.#currentScope = followCatalog(catalog, options);
    this.#related = related;
  }

  /** One scope for the whole selection: a live update during it is seen by the next selection, not half of this one. */
  scope(): SelectionScope {
    return this.#currentScope();
  }

  conversation(scope: SelectionScope, input: SelectionInput): ConversationText {
    if (typeof input !== "string" && !Array.isArray(input)) {
      throw new DynamicToolsError(
        "INVALID_INPUT",
        `A selector reads a message (a string) or a list of messages (LangChain messages or { role, content }), got ${describeValue(input)}.`,
        { path: [] },
      );
    }
    const text = readConversation(input, { historyMessages: scope.settings.historyMessages, historyWindow: scope.settings.historyWindow });
    if (typeof input === "string") return text;
    const calledTools = readCalledTools(input, { turns: Math.max(1, scope.settings.historyMessages) });
    return calledTools.length === 0 ? text : { ...text, calledTools };
  }

  /** The keyword pipeline: tiers of keyword matches and related categories, then defaults, order, budget. */
  byKeywords(input: SelectionInput, request: SelectionRequest): ToolSelection {
    const scope = this.scope();
    const conversation = this.conversation(scope, input);
    const relatedDepth = this.#related ? scope.settings.relatedDepth : 0;
    const found = keywordCandidates({ catalog: this.#catalog, conversation, relatedDepth });
    const defaults = defaultCategories({ found: found.categories.length + found.tools.length, defaults: scope.settings.defaults });
    return this.#finish(scope, conversation, "keyword", [...found.categories, ...defaults], found.tools, undefined, request);
  }

  /** The retrieval pipeline: ranked tools, their related categories, then defaults, order, budget. */
  async byRanking(
    strategy: RetrievalStrategy,
    input: SelectionInput,
    request: SelectionRequest,
    topK: number,
    cut: AutoCutOptions | false,
    judge?: (ranked: readonly RankedTool[], message: string) => Promise<Abstention | undefined>,
    memory?: Required<ConversationMemoryOptions>,
  ): Promise<ToolSelection> {
    const scope = this.scope();
    const conversation = this.conversation(scope, input);
    const filter = (name: string) => scope.selectable.has(name) && (request.filter === undefined || request.filter(name));
    // Nothing credible (abstained): no ranked tool is bound but those the thread last called (the thread goes on),
    // nothing they would pull in, and no declared defaults (a message that asks for no tool needs no fallback).
    const candidates = await rankedCandidates({
      strategy,
      conversation,
      topK,
      cut,
      filter,
      ...(memory === undefined ? {} : { memory }),
      ...(judge === undefined ? {} : { judge: (tools: readonly RankedTool[]) => judge(tools, conversation.current) }),
    });
    const { abstained } = candidates;
    const ranked = [...candidates];
    const names = ranked.map((tool) => tool.name);
    const related =
      this.#related && abstained === undefined
        ? relatedToRanked({ catalog: this.#catalog, ranked: names, depth: scope.settings.relatedDepth })
        : [];
    const defaults = abstained === undefined ? defaultCategories({ found: ranked.length, defaults: scope.settings.defaults }) : [];
    // Ranked tools form the first tier, so their categories never repeat them.
    const tools: KeywordTool[] = ranked.map((tool) => ({ name: tool.name, reason: tool.reason, tier: "current" }));
    return this.#finish(scope, conversation, strategy.name, [...related, ...defaults], tools, ranked, request, abstained);
  }

  /** The pin index of the scope's catalog version, built on first use. */
  #pinIndex(scope: SelectionScope): PinIndex {
    if (this.#pins?.scope !== scope) this.#pins = { scope, index: createPinIndex(this.#catalog.tools()) };
    return this.#pins.index;
  }

  #finish(
    scope: SelectionScope,
    conversation: ConversationText,
    strategy: string,
    categories: SelectedCategory[],
    tools: KeywordTool[],
    ranked: ToolSelection["ranked"],
    request: SelectionRequest,
    abstained?: Abstention,
  ): ToolSelection {
    const { categories: sorted, ordered } = orderByTier({
      categoryOrder: scope.categoryOrder,
      categories,
      tools,
      toolsOf: (name) => scope.toolsByCategory.get(name) ?? [],
      allowed: (name) => scope.selectable.has(name),
    });
    // Tools the current message names come right after core: no cap or budget drops them before a chosen tool.
    const pinned = pinnedTools({
      index: this.#pinIndex(scope),
      message: conversation.current,
      allowed: (name) => scope.selectable.has(name) && (request.filter === undefined || request.filter(name)),
    });
    const pinnedNames = new Set(pinned.map((tool) => tool.name));
    return finishSelection(
      scope,
      {
        strategy,
        ordered: [
          ...scope.bindableCore,
          ...pinnedNames,
          ...(pinnedNames.size === 0 ? ordered : ordered.filter((name) => !pinnedNames.has(name))),
        ],
        pinned,
        categories: sorted as SelectedCategory[],
        matchedTools: ranked === undefined ? tools : [],
        ...(ranked === undefined ? {} : { ranked }),
        ...(abstained === undefined ? {} : { abstained }),
        conversation,
      },
      request.filter,
      request.reserve === undefined ? undefined : checkedReserve(request.reserve),
    );
  }
}

/**
 * Builds the selector of a catalog: one pipeline (conversation → candidates → related expansion → defaults →
 * filters → budget → explanation) for every strategy. Options are validated and a retrieval strategy's index build
 * starts here, so a bad option fails at construction; selections wait for the index.
 *
 * **Which strategy by default:** `"keyword"` when the catalog declares categories with keywords, i.e. at least one
 * category declares keywords and every enabled, searchable, non-core tool declares keywords or sits in a category
 * that declares them; otherwise `"hybrid"` (BM25 and the offline embeddings, fused), which ranks catalogs with broad
 * or missing categories far better. Pass `strategy` to choose.
 *
 * The keyword strategy answers synchronously and reads the catalog's keywords through its own index, which catches
 * up with live updates on the next selection. A retrieval selector keeps its strategy's index in step with a live
 * catalog by catching up at the start of each selection: the changes since the last one
 * (`catalog.changesSince(version)`) are applied incrementally, or the index is rebuilt when the strategy cannot add
 * and remove. The catalog holds no reference to a selector, so there is nothing to close: one you drop (made per
 * request, per test) is garbage-collected with its index like any object.
 *
 * @param catalog - the full registry.
 * @param options.strategy - `"keyword"`, a built-in strategy name or your own strategy. @defaultValue by catalog (above)
 * @param options.topK - most ranked tools bound after the core tools. @defaultValue 10
 * @param options.autoCut - AutoCut settings, or `false`. @defaultValue { ratio: 2, minimum: 3 }
 * @param options.related - follow `related` categories (any strategy). @defaultValue true for keyword, false for retrieval
 * @param options.abstain - retrieval: bind no ranked tool when none is credible (see `ToolSelection.abstained`).
 *   @defaultValue true for a built-in strategy (by name or as an object), false for a strategy of your own
 * @param options.memory - retrieval: rank up the tools the thread already called, by recency. @defaultValue true
 * @throws DynamicToolsError `INVALID_OPTION` for a `catalog` that is not a {@link ToolCatalog}, an unknown option, or
 *   an option of the wrong shape (`history: { mesages: 1 }`, `autoCut: "yes"`…); the catalog's codes for a setting
 *   it rejects (`UNKNOWN_TOOL`, `UNKNOWN_CATEGORY`, `CORE_EXCEEDS_BUDGET`). The selector it returns throws (or rejects
 *   with) `INVALID_INPUT` when asked to read something that is neither a message nor a list of messages.
 * @example
 * ```ts
 * const select = createToolSelector(catalog, { strategy: "hybrid", topK: 8 });
 * const selection = await select("can you resize my photo?");
 * selection.ranked; // [{ name: "resize_image", rank: 1, score: …, signals: { bm25: …, fuzzy: … }, reason: "bm25 4.1, fuzzy 0.5" }, …]
 * ```
 * @example
 * ```ts
 * // A catalog whose categories declare keywords: the keyword strategy, synchronous.
 * const selection = createToolSelector(catalog)("what is pending salary?") as ToolSelection;
 * selection.categories;
 * // [{ name: "salary", reason: 'keyword "salary" in the current message', … }, { name: "staff", reason: "related to salary", … }]
 * ```
 */
export function createToolSelector(catalog: ToolCatalog, options: ToolSelectorOptions & { strategy: "keyword" }): KeywordToolSelector;
export function createToolSelector(catalog: ToolCatalog, options?: ToolSelectorOptions): ToolSelector;
export function createToolSelector(catalog: ToolCatalog, options: ToolSelectorOptions = {}): ToolSelector {
  checkCatalogOption(catalog);
  checkOptionKeys(options, SELECTOR_OPTION_KEYS, "createToolSelector");
  const {
    strategy: choice = defaultStrategyFor(catalog),
    topK = 10,
    autoCut: cut = {},
    related,
    abstain,
    memory,
    ...selectOptions
  } = options;
  if (!Number.isInteger(topK) || topK < 1) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `topK must be a whole number ≥ 1, got ${typeof topK === "string" ? describeValue(topK) : String(topK)}.`,
      { path: ["topK"] },
    );
  }
  checkOptionShapes({ autoCut: cut, abstain, memory, ...selectOptions });
  // Checked whether or not they are used: `usage` may come later; keyword selection has no memory to tune.
  if (isRecord(selectOptions.coUsage)) resolveCoUsageOptions(selectOptions.coUsage);
  const remember = resolveMemoryOptions(memory);
  if (related !== undefined && typeof related !== "boolean") {
    throw new DynamicToolsError("INVALID_OPTION", `related must be true or false, got ${String(related)}.`, { path: ["related"] });
  }
  if (choice === "keyword") {
    const keywordPipeline = new SelectionPipeline(catalog, selectOptions, related ?? true);
    return function selectByKeywords(input: SelectionInput, request: SelectionRequest = {}): ToolSelection {
      return keywordPipeline.byKeywords(input, request);
    };
  }
  // A strategy chosen by name learns from `usage` as `createStrategy(name, { usage })` builds it (what `eval --usage`
  // measures); a strategy object is used as it was built.
  const learned = learnedFieldOf(selectOptions.usage);
  const strategy = typeof choice === "string" ? createStrategy(choice, learned) : checkStrategyObject(choice);
  const pipeline = new SelectionPipeline(catalog, selectOptions, related ?? RELATED_BY_DEFAULT_FOR_RETRIEVAL);
  // Live catalog: each selection first brings the index up to the catalog's version (add/remove, or a rebuild).
  const index = createCatalogIndex(catalog, strategy);
  // Built-in strategies abstain by default, chosen by name or passed as objects (createHybridStrategy(), a snapshot's).
  const abstention = abstainOptions(abstain, strategy.name !== "keyword" && BUILTIN_STRATEGY_NAMES.includes(strategy.name));
  const judgeSettings = abstention === undefined ? undefined : judgeSettingsOf(abstention);
  const floors = abstention === undefined ? undefined : new FloorCache(catalog, abstention, learned.usage);

  async function selectByRetrieval(input: SelectionInput, request: SelectionRequest = {}): Promise<ToolSelection> {
    // A selection that counts tokens loads the tokenizer at its end: if it waits on the way (for a graph a worker
    // builds), the tokenizer loads during the wait instead. Not when every count is known (a snapshot's) and no
    // budget needs exact ones: then the tokenizer is never loaded.
    const { countTokens, settings } = pipeline.scope();
    const needsTokenizer = settings.maxTokens !== undefined || (countTokens && !catalog.knowsTotalTokens());
    const withdraw = needsTokenizer ? offerIdleWork(loadTokenizer) : undefined;
    try {
      const indexed = await index.current();
      const judge =
        floors === undefined
          ? undefined
          : async (ranked: readonly RankedTool[], message: string) =>
              judgeRanking({
                ranked,
                floor: await floors.floorOf(indexed),
                ...judgeSettings,
                ...(abstention!.remarkThreshold < 1 ? { readRemark: await loadRemarkReader() } : {}),
                message,
                catalog,
                learned: learned.usage,
              });
      return await pipeline.byRanking(indexed, input, request, topK, cut, judge, remember);
    } finally {
      withdraw?.();
    }
  }
  return selectByRetrieval;
}

/** The abstention settings in force, or undefined when off; validated at construction. */
function abstainOptions(abstain: ToolSelectorOptions["abstain"], builtIn: boolean): Required<AbstentionOptions> | undefined {
  if (abstain === false || (abstain === undefined && !builtIn)) return undefined;
  return resolveAbstentionOptions(abstain === true || abstain === undefined ? {} : abstain);
}

/** Whether a catalog of `size` tools is within a tenth of the `tools` a floor was calibrated on (it still stands). */
function aboutTheSize(size: number, tools: number): boolean {
  return Math.abs(size - tools) <= tools / 10;
}

/**
 * A selector's relevance floor: calibrated on first use (or, without usage, taken from a snapshot that calibrated it
 * for the same strategy and settings), shared by concurrent selections, and calibrated again
 * once the catalog's size has moved by more than a tenth since (a few tools added or removed leave the score
 * distribution where it was). With usage, also once enough observations are learned to check it against real past
 * requests ({@link MIN_FLOOR_REQUESTS} held out, i.e. 4 times as many learned), and again each time they double.
 */
class FloorCache {
  readonly #catalog: ToolCatalog;
  readonly #options: Required<AbstentionOptions>;
  readonly #usage: LearnedField | undefined;
  #floor:
    | { tools: number; strategy: RetrievalStrategy; observations: number; requests?: readonly string[]; value: Promise<RelevanceFloor> }
    | undefined;
  /** The usage version last looked at (the held-out evidence is read only when it moved). */
  #usageVersion = -1;

  constructor(catalog: ToolCatalog, options: Required<AbstentionOptions>, usage: LearnedField | undefined) {
    this.#catalog = catalog;
    this.#options = options;
    this.#usage = usage;
  }

  floorOf(strategy: RetrievalStrategy): Promise<RelevanceFloor> {
    const size = this.#catalog.size;
    const current = this.#floor;
    const evidence = this.#evidenceDue(current?.observations ?? 0);
    if (current === undefined || current.strategy !== strategy || !aboutTheSize(size, current.tools) || evidence !== undefined) {
      // Real past requests: new evidence, else those the floor was last checked against (a recalibration for a
      // moved catalog keeps checking against them).
      const requests = evidence?.probes.map((probe) => probe.query) ?? current?.requests;
      // A floor calibrated ahead of time for this very strategy (a snapshot's) stands for a selector without usage,
      // while the catalog is about its size.
      const remembered = this.#usage === undefined ? rememberedRelevanceFloor(strategy, this.#options) : undefined;
      const fits = remembered !== undefined && aboutTheSize(size, remembered.tools);
      this.#floor = {
        tools: fits ? remembered.tools : size,
        strategy,
        observations: evidence?.observations ?? current?.observations ?? 0,
        ...(requests === undefined ? {} : { requests }),
        value: fits
          ? Promise.resolve(remembered)
          : calibrateRelevanceFloor({
              strategy,
              catalog: this.#catalog,
              options: this.#options,
              ...(requests === undefined ? {} : { requests }),
            }),
      };
    }
    return this.#floor!.value;
  }

  /** The usage's held-out evidence when the floor is due to be checked against it (first at 64 observations, then at each doubling). */
  #evidenceDue(calibratedAt: number): HeldOutEvidence | undefined {
    const usage = this.#usage;
    if (usage?.heldOut === undefined || usage.version === this.#usageVersion) return undefined;
    this.#usageVersion = usage.version;
    const evidence = usage.heldOut();
    if (evidence === undefined || evidence.observations < 4 * MIN_FLOOR_REQUESTS) return undefined;
    return calibratedAt === 0 || evidence.observations >= 2 * calibratedAt ? evidence : undefined;
  }
}

/**
 * Whether a retrieval selection follows `related` when the option is not given. Off: on the gym catalog's labelled
 * requests (examples/gym-agent/scripts/measure-related.ts) it raises hybrid's share of requests with every needed
 * tool bound from 45% to 75%, but binds 3.3 times as many tools (30 instead of 9), and binding few tools is why one
 * ranks; turn it on with `related: true` when completeness matters more than tokens. Keyword selection follows
 * `related` unless `related: false`.
 */
const RELATED_BY_DEFAULT_FOR_RETRIEVAL = false;

/** `createStrategy`'s options for a selector's `usage`: its model as the learned field, when it is one. */
function learnedFieldOf(usage: ToolSelectorOptions["usage"]): { usage?: LearnedField } {
  if (usage === undefined) return {};
  const model = coUsageReaderOf(usage) as Partial<LearnedField>;
  return typeof model.fieldTerms === "function" && typeof model.changesSince === "function" ? { usage: model as LearnedField } : {};
}

/** A strategy given as an object must be one: a name, `index` and `rank` (checked here, not on the first message). */
function checkStrategyObject(strategy: unknown): RetrievalStrategy {
  const candidate = strategy as Partial<Record<"name" | "index" | "rank", unknown>> | null;
  if (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.name === "string" &&
    typeof candidate.index === "function" &&
    typeof candidate.rank === "function"
  )
    return strategy as RetrievalStrategy;
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `strategy must be "keyword", a built-in strategy name (${BUILTIN_STRATEGY_NAMES.join(", ")}) or a strategy object with name, index() and rank(), got ${describeValue(strategy)}.`,
    { path: ["strategy"] },
  );
}

/** Every option {@link createToolSelector} takes (a turn planner passes these on to it). */
export const SELECTOR_OPTION_KEYS = keysOf<ToolSelectorOptions>()([
  "strategy",
  "topK",
  "autoCut",
  "related",
  "abstain",
  "memory",
  "countTokens",
  "usage",
  "coUsage",
  "platform",
  "exclude",
  ...SETTINGS_KEYS,
]);

const isPositive = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value > 0;

/** The settings each option object takes: any other key is a misspelling that would otherwise be ignored. */
const OPTION_KEYS: Readonly<Record<"autoCut" | "abstain" | "memory" | "coUsage", readonly string[]>> = {
  autoCut: ["ratio", "minimum"],
  abstain: Object.keys(ABSTENTION_DEFAULTS),
  memory: Object.keys(MEMORY_DEFAULTS),
  coUsage: Object.keys(CO_USAGE_DEFAULTS),
};

/** An option object's settings as the messages write them: `{ ratio, minimum }`. */
const settingsOf = (option: keyof typeof OPTION_KEYS) => `{ ${OPTION_KEYS[option].join(", ")} }`;

/** Each option whose value has the wrong shape, as [path, what is valid]. */
const OPTION_SHAPES: ReadonlyArray<[string, (value: unknown) => boolean, string]> = [
  ["autoCut", (value) => typeof value === "boolean" || isRecord(value), `false or ${settingsOf("autoCut")}`],
  ["autoCut.ratio", (value) => value === undefined || isPositive(value), "a number > 0"],
  ["autoCut.minimum", (value) => value === undefined || (Number.isInteger(value) && (value as number) >= 1), "a whole number ≥ 1"],
  ["abstain", (value) => typeof value === "boolean" || isRecord(value), `true, false or ${settingsOf("abstain")}`],
  ["memory", (value) => typeof value === "boolean" || isRecord(value), `true, false or ${settingsOf("memory")}`],
  ["coUsage", (value) => value === false || isRecord(value), `false or ${settingsOf("coUsage")}`],
  ["countTokens", (value) => typeof value === "boolean", "true or false"],
  ["platform", (value) => typeof value === "string", "a platform name"],
  ["exclude", (value) => Array.isArray(value) && value.every((name) => typeof name === "string"), "a list of tool names"],
];

/**
 * Checks the shape of the options a misspelled value would otherwise slip through (`autoCut: "yes"`, `exclude: "x"`,
 * `abstain: { quantil: 0.3 }`), at construction.
 * @throws DynamicToolsError `INVALID_OPTION` naming the option and what is valid.
 */
function checkOptionShapes(options: Record<string, unknown>): void {
  for (const [option, valid] of Object.entries(OPTION_KEYS)) {
    const value = options[option];
    const unknown = isRecord(value) ? Object.keys(value).find((key) => !valid.includes(key)) : undefined;
    if (unknown !== undefined) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `${option}.${unknown} is not a setting of ${option}; valid: ${valid.join(", ")}.${didYouMean(unknown, valid)}`,
        { path: [option, unknown] },
      );
    }
  }
  for (const [path, valid, expected] of OPTION_SHAPES) {
    const [key, inner] = path.split(".") as [string, string | undefined];
    const outer = options[key];
    if (outer === undefined || (inner !== undefined && !isRecord(outer))) continue;
    const value = inner === undefined ? outer : (outer as Record<string, unknown>)[inner];
    if (!valid(value)) {
      throw new DynamicToolsError("INVALID_OPTION", `${path} must be ${expected}, got ${describeValue(value)}.`, { path: path.split(".") });
    }
  }
}
