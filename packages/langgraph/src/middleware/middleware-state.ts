/**
 * @module The createAgent state the middleware adds: `toolSelection` (the latest explanation, replaced on each model
 * call), `loadedTools` (append-unique, `null` until first written) and the private `_toolApprovals` (the answered
 * approvals of the latest step), as a LangGraph `StateSchema`. createAgent validates middleware state with zod, so
 * the fields are zod schemas (`zod/v4`, which zod 3.25+ and 4 both ship).
 */
import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod/v4";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { reduceLoadedTools, type LoadedToolsUpdate } from "../search/loaded-tools.js";
import type { StepApprovals } from "../execution/approval-ledger.js";

const names = z.array(z.string());
const isRecord = (value: unknown) => typeof value === "object" && value !== null;

/**
 * The middleware's state schema (createAgent merges it into the agent's state).
 *
 * @example
 * ```ts
 * const result = await agent.invoke({ messages });
 * result.toolSelection?.tools; // what the last model call bound, in bind order
 * result.loadedTools; // what tool_search loaded, in first-load order
 * ```
 */
export const dynamicToolsMiddlewareState = new StateSchema({
  toolSelection: z
    .custom<DynamicToolSelection>(isRecord)
    .nullable()
    .default(null)
    .describe("The tools bound on the latest model call, and why."),
  loadedTools: new ReducedValue(names.nullable().default(null).describe("Tools loaded by tool_search, in first-load order."), {
    inputSchema: z.union([names, z.object({ unload: names })]).nullish() as z.ZodType<LoadedToolsUpdate | null | undefined>,
    reducer: (current: string[] | null, update: LoadedToolsUpdate | null | undefined) => reduceLoadedTools(current, update),
  }),
  // Private (the leading underscore): createAgent keeps it out of the agent's input and output, so an invoke cannot
  // pre-approve a call; afterModel rewrites it on every model call.
  _toolApprovals: z
    .custom<StepApprovals>(isRecord)
    .nullable()
    .default(null)
    .describe("The approval answers of the latest model step's tool calls, in call order."),
});
