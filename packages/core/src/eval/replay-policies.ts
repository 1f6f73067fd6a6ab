/**
 * @module The model requests one conversation sends under each policy of a cost replay, from its planned turns (the
 * selection of each turn is already made): `static` binds every tool, `per-turn` and `cache-aware` bind what
 * `bindTools` decides before each model call (`cache-aware` with the `call_tool` proxy, delivering tools in the
 * messages when that costs less than a change; `cache-aware-no-proxy` without), `native` keeps a constant tools block and brings each selected tool
 * into the conversation once, by reference (`native-proxy` likewise, with the `call_tool` proxy in the block and the
 * definitions as text after a header), and the `foresight` bound binds every tool the conversation will call
 * from its first call. Pure.
 */
import { bindTools } from "../binding/binding-policy.js";
import { neededTools } from "../binding/needed-tools.js";
import { DELIVERY_CALL_TOKENS, deliveryQuery, PROXY_TOOL_NAME } from "../binding/proxy-tool.js";
import { countTokens } from "../catalog/tokens/token-counter.js";
import { OPENAI_MAX_TOOLS } from "../catalog/tool-catalog.js";
import type { PromptRequest, PromptSegment } from "../cost/bill-requests.js";
import type { CacheRules } from "../cost/cache-rules.js";
import type { ToolSelection } from "../selection/tool-selection.js";
import { tokensOfSegments, type TranscriptExchange } from "./replay-transcript.js";

/**
 * The policies a cost replay compares. `foresight` is a bound, not a policy an agent can run: it binds, from the
 * conversation's first call, every tool the conversation will call (only a replay knows them), so no binding that has
 * each turn's tools bound bills less.
 */
export type CostPolicyName = "static" | "per-turn" | "cache-aware" | "native" | "cache-aware-no-proxy" | "native-proxy" | "foresight";

/** The policies `--policy all` replays, in the order reports list them. */
export const COST_POLICIES: readonly CostPolicyName[] = ["static", "per-turn", "cache-aware", "native"];

/**
 * Every policy a replay knows: {@link COST_POLICIES}, `cache-aware-no-proxy` (cache-aware without the `call_tool`
 * proxy: a needed tool is bound only by a change of the array), `native-proxy` (native deferral by the proxy, for
 * providers that serve none) and the `foresight` bound, the last three replayed only when named.
 */
export const ALL_COST_POLICIES: readonly CostPolicyName[] = [...COST_POLICIES, "cache-aware-no-proxy", "native-proxy", "foresight"];

/** One user turn, its selection made. */
export interface PlannedTurn {
  /** The tools the turn calls (and so needs bound on its first model call). */
  needed: readonly string[];
  exchange: TranscriptExchange;
  /** What the selection pipeline chose before the turn's model calls. */
  selection: ToolSelection;
}

/** A conversation ready to replay: what precedes its first turn (history given by the file), and its turns. */
export interface PlannedConversation {
  id: string;
  prelude: readonly PromptSegment[];
  turns: readonly PlannedTurn[];
}

/** What a policy needs to know of the catalog and the prompt. */
export interface ReplayContext {
  rules: CacheRules;
  system: readonly PromptSegment[];
  /** Every enabled tool in catalog order. */
  allTools: readonly string[];
  /** The core tools, in order (always bound; under `native`, never deferred). */
  core: readonly string[];
  tokensOf: (name: string) => number;
  membersOf: (category: string) => readonly string[];
  bindable: (name: string) => boolean;
  /** Definition tokens of `tool_search`, the one tool `native` binds beside the core tools. */
  toolSearchTokens: number;
  /** `cache-aware`, `native-proxy`: definition tokens of the `call_tool` proxy. @defaultValue 0 */
  proxyTokens?: number;
  /** `cache-aware`, `native-proxy`: tokens of the header a delivery's definitions follow. @defaultValue 0 */
  proxyHeaderTokens?: number;
  /**
   * `cache-aware`, `native-proxy`: count a delivery as the graph sends it: its synthetic search call (its query the
   * message, shortened) besides the header and the definitions. @defaultValue false: the header and definitions only
   */
  countDeliveryTurn?: boolean;
}

/** One conversation's requests under one policy, and what the policy did. */
export interface PolicyRun {
  requests: PromptRequest[];
  /** Model calls whose tools array differed from the previous call's (the first call is not counted). */
  toolsArrayChanges: number;
  /** Turns whose needed tools were all bound (or delivered: referenced, by proxy) on the turn's first call. */
  neededBoundTurns: number;
  /** `static` under OpenAI with more tools than it accepts: how many were bound. */
  cappedAt?: number;
}

const TOOL_SEARCH = "tool_search";

function toolSegments(names: readonly string[], tokensOf: (name: string) => number): PromptSegment[] {
  return names.map((name) => ({ id: `tool:${name}`, tokens: tokensOf(name) }));
}

/**
 * The requests of `conversation` under `policy`. Each turn makes two model calls (one when it needs no tool): the
 * first sees the messages up to the human message (and, under `native`, the references delivered with it), the
 * second also the tool calls and their results.
 *
 * @example
 * ```ts
 * const run = replayPolicy("cache-aware", planned, context);
 * billConversation(run.requests, context.rules).total.billedTokens;
 * ```
 */
export function replayPolicy(policy: CostPolicyName, conversation: PlannedConversation, context: ReplayContext): PolicyRun {
  const { system, tokensOf } = context;
  const systemTokens = tokensOfSegments(system);
  const requests: PromptRequest[] = [];
  let messages: PromptSegment[] = [...conversation.prelude];
  let messageTokens = tokensOfSegments(messages);
  let previous: string[] | null = null;
  let changes = 0;
  let neededBoundTurns = 0;
  let cappedAt: number | undefined;
  let fixed: string[] | undefined;
  if (policy === "static") {
    const cap = context.rules.provider === "openai" && context.allTools.length > OPENAI_MAX_TOOLS;
    fixed = cap ? context.allTools.slice(0, OPENAI_MAX_TOOLS) : [...context.allTools];
    if (cap) cappedAt = OPENAI_MAX_TOOLS;
  } else if (policy === "native") {
    fixed = [...context.core, TOOL_SEARCH];
  } else if (policy === "native-proxy") {
    fixed = [...context.core, TOOL_SEARCH, PROXY_TOOL_NAME];
  } else if (policy === "foresight") {
    const called = conversation.turns.flatMap((turn) => turn.needed).filter((name) => context.bindable(name));
    fixed = [...new Set([...context.core, ...called])];
  }
  const referenced = new Set<string>(context.core);
  const deferring = policy === "native" || policy === "native-proxy";
  const proxying = policy === "native-proxy" || policy === "cache-aware";
  const segmentTokens = (name: string) => {
    if (deferring && name === TOOL_SEARCH) return context.toolSearchTokens;
    return proxying && name === PROXY_TOOL_NAME ? (context.proxyTokens ?? 0) : tokensOf(name);
  };
  const append = (segments: readonly PromptSegment[]) => {
    messages = [...messages, ...segments];
    messageTokens += tokensOfSegments(segments);
  };
  let saved: number | undefined;
  // Cache-aware's deliveries through the proxy: the tools, how many deliveries, and the tokens they put in the messages.
  const delivered = new Set<string>();
  let deliveries = 0;
  let deliveredTokens = 0;
  // What a delivery costs besides its definitions: the header, and (as the graph sends it) the synthetic call, its
  // query the message shortened (under the proxy the result is sent as the header and the definitions alone).
  const deliveryOverhead = (query: string) =>
    (context.proxyHeaderTokens ?? 0) + (context.countDeliveryTurn === true ? DELIVERY_CALL_TOKENS + countTokens(deliveryQuery(query)) : 0);
  const toolsFor = (selection: ToolSelection, turn: number): string[] => {
    if (fixed !== undefined) return fixed;
    // Only cache-aware delivers (per-turn binds the selection as it is).
    const overhead = policy === "cache-aware" ? deliveryOverhead(selection.query.current) : 0;
    const binding = bindTools(policy === "per-turn" ? "per-turn" : "cache-aware", {
      selection,
      previous,
      bindable: context.bindable,
      tokensOf: segmentTokens,
      promptTokens: systemTokens + messageTokens - deliveredTokens,
      rules: context.rules,
      needed: { membersOf: context.membersOf },
      everyTool: context.allTools,
      ...(saved === undefined ? {} : { saved }),
      ...(policy === "cache-aware"
        ? {
            proxy: {
              name: PROXY_TOOL_NAME,
              delivered: [...delivered],
              deliveries,
              headerTokens: overhead,
            },
          }
        : {}),
    });
    saved = binding.saved;
    const fresh = binding.delivered ?? [];
    if (fresh.length > 0) {
      // The definitions enter the messages before the call (after the human message, as the select node appends them).
      const tokens = fresh.reduce((sum, name) => sum + tokensOf(name), overhead);
      for (const name of fresh) delivered.add(name);
      deliveries++;
      deliveredTokens += tokens;
      append([{ id: `t${turn}.proxy${deliveries}`, tokens }]);
    }
    return binding.tools;
  };
  const call = (tools: string[]) => {
    if (previous !== null && (tools.length !== previous.length || tools.some((name, index) => name !== previous![index]))) changes++;
    previous = tools;
    requests.push({ tools: toolSegments(tools, segmentTokens), system, messages: [...messages] });
  };
  conversation.turns.forEach((turn, index) => {
    const { exchange, selection, needed } = turn;
    append([exchange.human]);
    if (deferring) {
      // The select node delivers its selection by reference: each tool's definition enters the messages once (by
      // proxy, as text after a header, with the synthetic call and result text the graph sends; native as the issue
      // bills it: the definitions alone).
      const fresh = neededTools(selection, { membersOf: context.membersOf }).filter(
        (name) => !referenced.has(name) && context.bindable(name),
      );
      for (const name of fresh) referenced.add(name);
      const header = policy === "native-proxy" ? deliveryOverhead(selection.query.current) : 0;
      if (fresh.length > 0) append([{ id: `t${index}.ref`, tokens: fresh.reduce((sum, name) => sum + tokensOf(name), header) }]);
    }
    const first = toolsFor(selection, index);
    const available = deferring ? referenced : new Set([...first, ...delivered]);
    if (needed.every((name) => available.has(name))) neededBoundTurns++;
    call(first);
    if (exchange.calls !== undefined) {
      append([exchange.calls, ...exchange.results]);
      call(toolsFor(selection, index));
    }
    append([exchange.answer]);
  });
  return { requests, toolsArrayChanges: changes, neededBoundTurns, ...(cappedAt === undefined ? {} : { cappedAt }) };
}
