/**
 * @module The createAgent state the middleware adds: `toolSelection` (the latest explanation, replaced on each model
 * call) and `loadedTools` (append-unique, `null` until first written), as a LangGraph `StateSchema`. createAgent
 * validates middleware state with zod, so the fields are zod schemas (`zod/v4`, which zod 3.25+ and 4 both ship).
 */
import { ReducedValue, StateSchema } from "@langchain/langgraph";
import { z } from "zod/v4";
import type { DynamicToolSelection } from "../modes/dynamic-tool-selection.js";
import { reduceLoadedTools, type LoadedToolsUpdate } from "../search/loaded-tools.js";

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
});
