/**
 * @module The graphs LangGraph Studio (the dev server, `pnpm studio`) serves, named in langgraph.json: `gym_agent`,
 * the prebuilt agent, and `gym_graph`, the same loop built by hand from the select node and DynamicToolNode. Both
 * carry the `toolSelection` channel, so each step's state shows the tools bound, the categories and why, what was
 * trimmed and the tokens. They use ChatOpenAI when OPENAI_API_KEY is set, else the offline scripted model. The dev
 * server brings its own checkpointer, so none is set here.
 */
import {
  DynamicToolNode,
  DynamicToolsAnnotation,
  createDynamicModelNode,
  createDynamicToolAgent,
  createToolSelectorNode,
  type ToolCallingModel,
} from "@dynamic-tools/langgraph";
import { END, START, StateGraph } from "@langchain/langgraph";
import { toolsCondition } from "@langchain/langgraph/prebuilt";
import { ChatOpenAI } from "@langchain/openai";
import { createGymCatalog } from "./catalog.js";
import { OFFLINE_SCRIPT } from "./conversation.js";
import { SYSTEM_PROMPT } from "./model.js";
import { OfflineScriptedModel } from "./offline-model.js";

function studioModel(): ToolCallingModel {
  if (process.env.OPENAI_API_KEY) return new ChatOpenAI({ model: process.env.OPENAI_MODEL ?? "gpt-4o-mini", temperature: 0 });
  return new OfflineScriptedModel({ script: OFFLINE_SCRIPT });
}

const catalog = createGymCatalog();
const model = studioModel();

/** The prebuilt agent: nodes `select_tools` → `agent` → `tools`, looping back to `select_tools`. */
export const gym_agent = createDynamicToolAgent({ model, catalog, systemPrompt: SYSTEM_PROMPT, name: "gym_agent" });

/**
 * The same loop built by hand, with node names that say what each does: `select_tools` writes this turn's
 * selection, `call_model` binds only the selected tools, `run_tools` executes any catalog tool the model called.
 */
export const gym_graph = new StateGraph(DynamicToolsAnnotation)
  .addNode("select_tools", createToolSelectorNode({ catalog }))
  .addNode("call_model", createDynamicModelNode({ model, catalog, systemPrompt: SYSTEM_PROMPT }))
  .addNode("run_tools", new DynamicToolNode(catalog, { name: "run_tools" }))
  .addEdge(START, "select_tools")
  .addEdge("select_tools", "call_model")
  .addConditionalEdges("call_model", toolsCondition, { tools: "run_tools", [END]: END })
  .addEdge("run_tools", "select_tools")
  .compile({ name: "gym_graph" });
