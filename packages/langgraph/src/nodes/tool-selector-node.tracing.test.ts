/**
 * The select node's selection shows up in traces: a `tool_selection` child run of the `select_tools` node run,
 * with the strategy, counts, trimming, categories and tokens as metadata (what LangSmith displays), seen through
 * a callback handler as LangSmith's tracer sees it.
 */
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import {
  createToolSelector,
  type SelectionInput,
  type ToolCatalog,
  type ToolSelection,
  type ToolSelectorOptions,
} from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { createSmallCatalog } from "../__fixtures__/small-catalog.js";
import { createDynamicToolAgent } from "../prebuilt/create-dynamic-tool-agent.js";
import { SELECTION_RUN_NAME, createToolSelectorNode, selectionTraceMetadata } from "./tool-selector-node.js";

/** One keyword selection (synchronous). */
function selectByKeywords(catalog: ToolCatalog, input: SelectionInput, options: Omit<ToolSelectorOptions, "strategy"> = {}): ToolSelection {
  return createToolSelector(catalog, { ...options, strategy: "keyword" })(input);
}

interface ChainRun {
  runId: string;
  parentRunId: string | undefined;
  name: string | undefined;
  metadata: Record<string, unknown>;
  tags: string[];
  inputs: unknown;
  outputs?: unknown;
}

class ChainRecorder extends BaseCallbackHandler {
  name = "chain_recorder";
  readonly runs: ChainRun[] = [];

  // The argument order the callback manager (and LangSmith's tracer, BaseTracer) actually uses: parentRunId is the
  // fourth argument and the run name the eighth, whatever the parameter names of the handler interface say.
  override handleChainStart(
    _chain: unknown,
    inputs: unknown,
    runId: string,
    parentRunId?: string,
    tags?: string[],
    metadata?: Record<string, unknown>,
    _runType?: string,
    runName?: string,
  ): void {
    this.runs.push({ runId, parentRunId, name: runName, metadata: metadata ?? {}, tags: tags ?? [], inputs });
  }

  override handleChainEnd(outputs: unknown, runId: string): void {
    const run = this.runs.find((candidate) => candidate.runId === runId);
    if (run !== undefined) run.outputs = outputs;
  }
}

describe("selection tracing (LangSmith metadata)", () => {
  it("records each selection as a tool_selection child run of select_tools with its metadata", async () => {
    const { catalog } = createSmallCatalog();
    const model = fakeModel()
      .respondWithTools([{ name: "get_pending_salaries", args: { month: "2026-11" }, id: "c1" }])
      .respond(new AIMessage("Two are pending."));
    const agent = createDynamicToolAgent({ model, catalog, maxTools: 2 });
    const recorder = new ChainRecorder();
    const result = await agent.invoke({ messages: [new HumanMessage("what is pending salary?")] }, { callbacks: [recorder] });

    const selections = recorder.runs.filter((run) => run.name === SELECTION_RUN_NAME);
    expect(selections).toHaveLength(2); // before each model call
    const selectNodeRuns = recorder.runs.filter((run) => run.name === "select_tools");
    expect(selections.map((run) => run.parentRunId)).toEqual(selectNodeRuns.map((run) => run.runId));

    const [first] = selections;
    expect(first!.metadata).toMatchObject({
      strategy: "keyword",
      count: 2,
      totalTools: 4,
      trimmedCount: 1,
      trimmedBy: "maxTools",
      categories: ["salary", "staff"],
      maxTools: 2,
      langgraph_node: "select_tools", // LangGraph's own metadata is kept
    });
    expect(first!.metadata.tokensSelected).toBeGreaterThan(0);
    expect(first!.metadata.tokensAll).toBeGreaterThan(first!.metadata.tokensSelected as number);
    expect(first!.tags).toContain("dynamic-tools");
    expect(first!.outputs).toMatchObject({ tools: ["get_gym_info", "get_pending_salaries"], trimmed: ["get_staff_list"] });
    expect(result.toolSelection).toMatchObject({ tools: ["get_gym_info", "get_pending_salaries"] });
  });

  it("derives the metadata from the selection alone", () => {
    const { catalog } = createSmallCatalog();
    const selection = selectByKeywords(catalog, "who is on staff?", { countTokens: false });
    expect(selectionTraceMetadata(selection)).toEqual({
      strategy: "keyword",
      count: 2,
      totalTools: 4,
      trimmedCount: 0,
      categories: ["staff"],
      maxTools: 128,
    });
  });

  it("still works as a plain function with no config", async () => {
    const { catalog } = createSmallCatalog();
    const update = await createToolSelectorNode({ catalog, countTokens: false })({ messages: [new HumanMessage("who is on staff?")] });
    expect(update.toolSelection.tools).toEqual(["get_gym_info", "get_staff_list"]);
  });
});
