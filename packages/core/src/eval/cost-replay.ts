/**
 * @module The cost replay behind `dynamic-tools cost`: replays conversations through the real selection pipeline and
 * each binding policy, simulating one agent loop per user turn, and bills every model request under a provider's
 * prompt-caching rules.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { countDefinitionTokens, countTokens } from "../catalog/tokens/token-counter.js";
import type { ConversationMessage } from "../conversation/conversation-text.js";
import { billConversation, type PromptSegment } from "../cost/bill-requests.js";
import { cacheRules, type CacheProvider } from "../cost/cache-rules.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { createToolSelector, type ToolSelector } from "../selection/tool-selector.js";
import type { ReplayConversation } from "./conversation-turns.js";
import {
  ALL_COST_POLICIES,
  COST_POLICIES,
  replayPolicy,
  type CostPolicyName,
  type PlannedConversation,
  type ReplayContext,
} from "./replay-policies.js";
import { exchange, exchangeSegments, selectionMessages, TRANSCRIPT_DEFAULTS } from "./replay-transcript.js";
import { toolSearchDefinition } from "./tool-search-definition.js";
import { PROXY_DEFINITIONS_HEADER, proxyToolDefinition } from "../binding/proxy-tool.js";

/** Options of {@link replayCost}. */
export interface CostReplayOptions {
  catalog: ToolCatalog;
  conversations: readonly ReplayConversation[];
  /** Whose caching rules bill the requests. @defaultValue "anthropic" */
  provider?: CacheProvider;
  /** The policies to replay; `static` is always replayed too (it is the baseline). @defaultValue all of {@link COST_POLICIES} */
  policies?: readonly CostPolicyName[];
  /** Tokens of one tool result. @defaultValue 120 */
  resultTokens?: number;
  /** Tokens of the system prompt. @defaultValue 600 */
  systemTokens?: number;
  /** Price of a cached input token, as a multiple of an uncached one. @defaultValue the provider's (0.1) */
  readPrice?: number;
  /** The selector that plans each turn. @defaultValue `createToolSelector(catalog)`, as the select node builds it */
  selector?: ToolSelector;
  /**
   * Replace each turn's selection by exactly the tools the turn calls (its labels, ranked alike, beside the core
   * tools): what each policy would bill with a selector that is never wrong, the bound a better selector cannot beat.
   * @defaultValue false
   */
  perfectSelection?: boolean;
}

/** One policy's totals over every conversation: exactly what `dynamic-tools cost --json` prints per policy. */
export interface PolicyCost {
  /** Input tokens billed, in plain-input-token equivalents (reads at the read price, writes at the write price). */
  billedTokens: number;
  /** Input tokens read from the cache. */
  cacheReadTokens: number;
  /** Model calls whose tools array differed from the previous call's. */
  toolsArrayChanges: number;
  /** Share of user turns whose needed tools were all bound (native: bound or referenced) on the turn's first call. */
  allNeededBound: number;
  /** `billedTokens` over static's. */
  ratioToStatic: number;
  /** `static` only, under OpenAI past its tool limit: only the first this many tools (catalog order) were bound. */
  cappedAt?: number;
}

/** The result of a replay: exactly what `dynamic-tools cost --json` prints. */
export interface CostReport {
  provider: CacheProvider;
  conversations: number;
  /** User turns replayed. */
  turns: number;
  policies: Partial<Record<CostPolicyName, PolicyCost>>;
}

function requireCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new DynamicToolsError("INVALID_OPTION", `${name} must be a whole number of tokens ≥ 0, got ${String(value)}.`, { path: [name] });
  }
  return value;
}

/** Runs the selector over each turn of a conversation (the turns' messages as the select node would see them). */
async function planConversation(
  conversation: ReplayConversation,
  select: ToolSelector,
  resultTokens: number,
  catalog: ToolCatalog,
  perfect: boolean,
): Promise<PlannedConversation> {
  const sizes = { resultTokens };
  const seen: ConversationMessage[] = [];
  const prelude: PromptSegment[] = [];
  for (const [index, earlier] of (conversation.turns[0]?.history ?? []).entries()) {
    const tools = earlier.tools.filter((name) => catalog.has(name));
    prelude.push(...exchangeSegments(exchange(`p${index}.`, countTokens(earlier.query), tools, sizes)));
    seen.push(...selectionMessages(earlier.query, tools, `p${index}.`));
  }
  const turns = [];
  for (const [index, turn] of conversation.turns.entries()) {
    const messages = selectionMessages(turn.query, turn.tools, `t${index}.`);
    // The select node runs before the model: it sees the conversation up to this turn's human message.
    const made = await select([...seen, messages[0]!]);
    const selection = perfect
      ? perfectSelection(
          made,
          turn.tools.filter((name) => catalog.has(name)),
        )
      : made;
    seen.push(...messages);
    turns.push({ needed: turn.tools, selection, exchange: exchange(`t${index}.`, countTokens(turn.query), turn.tools, sizes) });
  }
  return { id: conversation.id, prelude, turns };
}

/** `selection` with its chosen tools replaced by exactly `called`, each ranked alike and needed. */
function perfectSelection(selection: ToolSelection, called: readonly string[]): ToolSelection {
  const core = new Set(selection.core);
  const chosen = called.filter((name) => !core.has(name));
  const tools = [...selection.core, ...chosen];
  const { abstained: _abstained, coUsed: _coUsed, ...made } = selection;
  return {
    ...made,
    strategy: "perfect",
    tools,
    count: tools.length,
    categories: [],
    matchedTools: [],
    ranked: chosen.map((name, index) => ({ name, rank: index + 1, score: 1, signals: { label: 1 }, reason: "the turn calls it" })),
    pinned: [],
    trimmed: [],
  };
}

/**
 * Replays `conversations` through the selection pipeline and each policy, and bills them under `provider`'s
 * caching rules (see the `dynamic-tools cost` help for the simulation). Each conversation is billed on its own: no
 * cache is shared between conversations.
 *
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown policy or provider, or a negative size or price.
 * @example
 * ```ts
 * const report = await replayCost({ catalog, conversations: groupConversations(loadQueriesFile("conversations.jsonl", catalog)) });
 * report.policies["cache-aware"]?.ratioToStatic; // e.g. 0.31
 * ```
 */
export async function replayCost(options: CostReplayOptions): Promise<CostReport> {
  const { catalog, conversations, provider = "anthropic", policies = COST_POLICIES } = options;
  const resultTokens = requireCount(options.resultTokens ?? TRANSCRIPT_DEFAULTS.resultTokens, "resultTokens");
  const systemTokens = requireCount(options.systemTokens ?? 600, "systemTokens");
  for (const policy of policies) {
    if (!ALL_COST_POLICIES.includes(policy)) {
      throw new DynamicToolsError("INVALID_OPTION", `Unknown policy "${String(policy)}". Policies: ${ALL_COST_POLICIES.join(", ")}.`, {
        path: ["policies"],
      });
    }
  }
  const rules = cacheRules(provider, options.readPrice === undefined ? {} : { read: options.readPrice });
  const select = options.selector ?? createToolSelector(catalog);
  const allTools = catalog.tools().flatMap((tool) => (tool.enabled ? [tool.name] : []));
  const context: ReplayContext = {
    rules,
    system: systemTokens === 0 ? [] : [{ id: "system", tokens: systemTokens }],
    allTools,
    core: catalog.settings.core.filter((name) => catalog.get(name)?.enabled === true),
    tokensOf: (name) => catalog.tokensOf(name),
    membersOf: (category) => catalog.category(category)?.tools ?? [],
    bindable: (name) => catalog.get(name)?.enabled === true,
    toolSearchTokens: countDefinitionTokens(toolSearchDefinition(catalog)),
    proxyTokens: countDefinitionTokens(proxyToolDefinition().function),
    proxyHeaderTokens: countTokens(PROXY_DEFINITIONS_HEADER),
    countDeliveryTurn: true,
  };
  const replayed: CostPolicyName[] = ["static", ...ALL_COST_POLICIES.filter((name) => name !== "static" && policies.includes(name))];
  const totals = new Map<CostPolicyName, { billed: number; read: number; changes: number; bound: number; cappedAt?: number }>();
  for (const policy of replayed) totals.set(policy, { billed: 0, read: 0, changes: 0, bound: 0 });
  let turns = 0;
  for (const conversation of conversations) {
    const planned = await planConversation(conversation, select, resultTokens, catalog, options.perfectSelection === true);
    turns += planned.turns.length;
    for (const policy of replayed) {
      const run = replayPolicy(policy, planned, context);
      const bill = billConversation(run.requests, rules).total;
      const total = totals.get(policy)!;
      total.billed += bill.billedTokens;
      total.read += bill.cacheReadTokens;
      total.changes += run.toolsArrayChanges;
      total.bound += run.neededBoundTurns;
      if (run.cappedAt !== undefined) total.cappedAt = run.cappedAt;
    }
  }
  const staticBilled = totals.get("static")!.billed;
  const report: CostReport = { provider, conversations: conversations.length, turns, policies: {} };
  // The baseline is always reported: the ratios are read against it.
  for (const policy of replayed) {
    const total = totals.get(policy)!;
    report.policies[policy] = {
      billedTokens: Math.round(total.billed),
      cacheReadTokens: total.read,
      toolsArrayChanges: total.changes,
      allNeededBound: turns === 0 ? 1 : round(total.bound / turns, 4),
      ratioToStatic: staticBilled === 0 ? 1 : round(total.billed / staticBilled, 4),
      ...(total.cappedAt === undefined ? {} : { cappedAt: total.cappedAt }),
    };
  }
  return report;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
