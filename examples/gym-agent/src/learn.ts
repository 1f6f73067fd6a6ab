/**
 * @module `pnpm start -- --learn`: the scripted conversation, run as five front-desk sessions, with every turn's
 * successful tool calls recorded as usage (in memory, or appended to a JSON Lines file); then what was learned:
 * the words users said per tool, the tools used together, suggestions for catalog.yaml, and one selection before
 * and after learning. Offline and deterministic: fixed clock, the scripted offline model.
 */
import { rmSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  JsonlUsageStore,
  UsageModel,
  UsageRecorder,
  createBm25Strategy,
  createToolSelector,
  toolResultsObservation,
  usageReport,
  type ToolCatalog,
  type ToolSelection,
} from "@dynamic-tools/core";
import { createDynamicToolAgent } from "@dynamic-tools/langgraph";
import { HumanMessage, ToolMessage } from "@langchain/core/messages";
import { MemorySaver } from "@langchain/langgraph";
import { createGymCatalog } from "./catalog.js";
import { DEMO_CONVERSATION, OFFLINE_SCRIPT } from "./conversation.js";
import { OfflineScriptedModel } from "./offline-model.js";

/** Sessions of the scripted conversation learned from (each a different front-desk shift, an hour apart). */
export const LEARN_SESSIONS = 5;
/** The messages whose selections are shown before and after learning: new wording, and a learned co-usage. */
export const PROBE_MESSAGES = ["how many are frozen?", "freeze the first one"];
/** A fixed clock, so the output is the same on every run. */
const START = Date.UTC(2026, 0, 5, 9);
const MINUTE = 60_000;

/** Options of {@link runLearningDemo}. */
export interface LearningDemoOptions {
  /** Append the observations to this JSON Lines file (emptied first), instead of keeping them only in memory. */
  usageFile?: string;
  /** Where the lines go. @defaultValue console.log */
  log?: (line: string) => void;
}

function selector(catalog: ToolCatalog, usage: UsageModel) {
  // The probe is ranked by bm25 with the learned words as an extra field, and expanded by co-usage.
  return createToolSelector(catalog, { strategy: createBm25Strategy({ usage }), topK: 3, usage, countTokens: false });
}

function describeSelection(selection: ToolSelection): string[] {
  const lines = (selection.ranked ?? []).map((tool) => `    ${tool.rank}. ${tool.name} (${tool.reason})`);
  for (const tool of selection.coUsed ?? []) lines.push(`    +  ${tool.name} (${tool.reason}, weight ${tool.weight.toFixed(1)})`);
  return lines;
}

/**
 * Runs the learning demo; resolves to what it learned (for tests).
 * @example
 * ```ts
 * await runLearningDemo({ usageFile: "examples/gym-agent/.cache/usage.jsonl" });
 * ```
 */
export async function runLearningDemo({
  usageFile,
  log: logLine = console.log,
}: LearningDemoOptions = {}): Promise<{ model: UsageModel; before: ToolSelection[]; after: ToolSelection[] }> {
  const log = (...lines: string[]) => {
    for (const line of lines) logLine(line);
  };
  const catalog = createGymCatalog();
  const model = new UsageModel({ catalog });
  let store: JsonlUsageStore | undefined;
  if (usageFile !== undefined) {
    mkdirSync(dirname(usageFile), { recursive: true });
    rmSync(usageFile, { force: true });
    store = new JsonlUsageStore(usageFile);
  }
  const recorder = new UsageRecorder({ model, ...(store === undefined ? {} : { store }) });
  const select = selector(catalog, model);
  const before = await Promise.all(PROBE_MESSAGES.map((message) => select(message)));

  log(
    `Learning from usage: the scripted conversation, ${LEARN_SESSIONS} sessions, every successful tool call recorded${usageFile === undefined ? " in memory" : ` to ${usageFile}`}.`,
  );
  let turns = 0;
  for (let session = 0; session < LEARN_SESSIONS; session++) {
    const agent = createDynamicToolAgent({
      model: new OfflineScriptedModel({ script: OFFLINE_SCRIPT }),
      catalog: createGymCatalog(),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: `shift-${session + 1}` } };
    let seen = 0;
    for (const [index, text] of DEMO_CONVERSATION.entries()) {
      const state = await agent.invoke({ messages: [new HumanMessage(text)] }, config);
      // The turn's tool results with the message that led to them (up to its last tool result, before the model's
      // answer); turns without a tool call teach nothing.
      const fresh = state.messages.slice(seen);
      seen = state.messages.length;
      let end = fresh.length;
      while (end > 0 && !ToolMessage.isInstance(fresh[end - 1])) end--;
      if (end === 0) continue;
      const at = START + session * 60 * MINUTE + index * MINUTE;
      const observation = toolResultsObservation(fresh.slice(0, end), { caller: `shift-${session + 1}`, at });
      if (observation === undefined) continue;
      await recorder.record(observation);
      turns++;
    }
  }
  log(`Recorded ${turns} turns (${model.learnedTools().length} tools).`, "");

  log("Words users said, per tool (stop words dropped):");
  for (const name of model.learnedTools().sort()) log(`  ${name}: ${model.words(name, 5).join(", ")}`);
  log("", "Used together (same turn, or the next turn of the same session at half weight):");
  for (const pair of model.coUsedPairs(5)) log(`  ${pair.a} + ${pair.b}  ${pair.weight.toFixed(1)}`);

  const report = usageReport(model);
  log("", "Suggestions for catalog.yaml (nothing is changed):");
  const keywords = report.categories.filter((category) => category.suggestedKeywords.length > 0);
  for (const category of keywords)
    log(`  ${category.name}: add keywords ${category.suggestedKeywords.map((keyword) => `"${keyword.word}"`).join(", ")}`);
  if (keywords.length === 0) log("  keywords: none");
  log(
    `  defaults (now ${report.defaults.join(", ") || "none"}): ${report.suggestedDefaults.map((item) => `${item.category} (${Math.round(item.share * 100)}% of use)`).join(", ") || "none to add"}`,
  );

  const after = await Promise.all(PROBE_MESSAGES.map((message) => select(message)));
  for (const [index, message] of PROBE_MESSAGES.entries()) {
    log("", `Selection for "${message}" (bm25, top 3) before learning:`, ...describeSelection(before[index]!));
    log("  after learning (learned words rank; + tools often used with the ranked ones):", ...describeSelection(after[index]!));
  }
  return { model, before, after };
}
