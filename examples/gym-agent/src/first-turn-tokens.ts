/**
 * @module `pnpm start -- --tokens`: what the first turn costs in each mode, for the gym catalog: the tool definitions
 * bound on the first model call for "what is pending salary?", and over every model call of that turn (the offline
 * model searches when the tool it wants is not bound, so search modes take one more call), counted with o200k_base
 * exactly as sent (the definitions passed to `bindTools`).
 */
import { countDefinitionTokens, type ToolDefinition } from "@dynamic-tools/core";
import { createDynamicToolAgent, type ToolCallingModel, type ToolMode } from "@dynamic-tools/langgraph";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { createGymCatalog } from "./catalog.js";
import { OFFLINE_SCRIPT } from "./conversation.js";
import { SearchingOfflineModel } from "./searching-offline-model.js";

/** One row of the table. */
export interface FirstTurnCost {
  mode: string;
  /** The mode in force (auto decides at construction). */
  resolved: string;
  /** Tools and definition tokens bound on the first model call. */
  tools: number;
  tokens: number;
  /** Model calls the turn took, tools bound on each, and definition tokens summed over them. */
  calls: number;
  toolsPerCall: number[];
  turnTokens: number;
  /** Tools the model called during the turn. */
  called: string[];
  /** Why auto chose its mode. */
  reason?: string;
}

/** The modes measured; auto is decided for gpt-4o-mini's 128,000-token context window. */
export const MEASURED_MODES: readonly ToolMode[] = ["select", "search", "both", "auto"];

const tokensOf = (definitions: readonly ToolDefinition[]) =>
  definitions.reduce((sum, definition) => sum + countDefinitionTokens(definition.function), 0);

/** Measures the first turn of `message` in each mode. */
export async function measureFirstTurn(
  message = "what is pending salary?",
): Promise<{ rows: FirstTurnCost[]; allTools: number; allTokens: number }> {
  const catalog = createGymCatalog();
  const rows: FirstTurnCost[] = [];
  for (const mode of MEASURED_MODES) {
    const sent: ToolDefinition[][] = [];
    const model = new SearchingOfflineModel({ script: OFFLINE_SCRIPT });
    // Record what each model call is bound with (the model node binds once per call), then bind as usual.
    const recording = Object.assign(Object.create(model) as SearchingOfflineModel, {
      model: "gpt-4o-mini",
      bindTools(tools: unknown[]) {
        sent.push(tools as ToolDefinition[]);
        return model.bindTools(tools);
      },
    });
    const agent = createDynamicToolAgent({ model: recording as unknown as ToolCallingModel, catalog, mode });
    const state = await agent.invoke({ messages: [new HumanMessage(message)] });
    const called = state.messages.flatMap((entry) =>
      AIMessage.isInstance(entry) ? (entry.tool_calls ?? []).map((call) => call.name) : [],
    );
    if (!state.messages.some((entry) => ToolMessage.isInstance(entry) && entry.name === "get_pending_salaries")) {
      throw new Error(`mode ${mode}: the turn never ran get_pending_salaries (called: ${called.join(", ")})`);
    }
    rows.push({
      mode,
      resolved: state.toolSelection?.mode ?? mode,
      tools: sent[0]!.length,
      tokens: tokensOf(sent[0]!),
      calls: sent.length,
      toolsPerCall: sent.map((definitions) => definitions.length),
      turnTokens: sent.reduce((sum, definitions) => sum + tokensOf(definitions), 0),
      called,
      ...(state.toolSelection?.auto === undefined ? {} : { reason: state.toolSelection.auto.reason }),
    });
  }
  return { rows, allTools: catalog.size, allTokens: tokensOf(catalog.definitions(catalog.names())) };
}

/** The table as printed. */
export function formatFirstTurnTable(
  { rows, allTools, allTokens }: Awaited<ReturnType<typeof measureFirstTurn>>,
  message = "what is pending salary?",
): string {
  const lines = [
    `"${message}" on the gym catalog (${allTools} tools): tool-definition tokens bound (o200k_base, as sent)`,
    "",
    "mode     in force   first call: tools  tokens    whole turn: calls  tools per call  tokens   tools called",
  ];
  for (const row of rows) {
    lines.push(
      `${row.mode.padEnd(8)} ${row.resolved.padEnd(9)} ${String(row.tools).padStart(18)} ${row.tokens.toLocaleString("en").padStart(7)}` +
        `${String(row.calls).padStart(19)}  ${row.toolsPerCall.join("+").padEnd(14)} ${row.turnTokens.toLocaleString("en").padStart(7)}   ${row.called.join(", ")}`,
    );
  }
  lines.push(
    `all (bindTools(ALL_TOOLS)): ${allTools} tools, ${allTokens.toLocaleString("en")} tokens per call (OpenAI rejects more than 128 tools)`,
  );
  for (const row of rows) if (row.reason !== undefined) lines.push(`${row.reason} (model gpt-4o-mini).`);
  return lines.join("\n");
}
