/**
 * @module The explanation of one turn's tools in every mode: core's {@link ToolSelection} (what was bound, in bind
 * order, and why) plus the mode, the search tool, the loaded tools bound and any the budget unloaded.
 */
import type { ToolSelection } from "@dynamic-tools/core";
import type { ToolBinding } from "@dynamic-tools/core/caching";
import type { AutoModeDecision } from "./auto-mode.js";
import type { NativeBinding } from "./native-plan.js";
import type { BindingMode } from "./tool-mode.js";

/** A loaded tool the budget unloaded, and why. */
export interface UnloadedTool {
  name: string;
  /** `least recently used loaded tool; unloaded to fit maxTools (128)`. */
  reason: string;
}

/**
 * One turn's tools and the whole explanation. `tools` is exactly what the next model call binds: core tools, then
 * `tool_search` (modes search and both), then this turn's selection, then the loaded tools in first-load order.
 */
export interface DynamicToolSelection extends ToolSelection {
  /** The mode in force this turn (`all`: auto bound every tool). */
  mode?: BindingMode;
  /** The search tool's name, when bound. */
  searchTool?: string;
  /**
   * Loaded tools bound this turn (after the selection), in first-load order; under the cache-aware binding with the
   * proxy, the tools delivered through `call_tool` (callable through it, not in `tools`).
   */
  loaded?: string[];
  /** Loaded tools the budget unloaded this turn, least recently used first. */
  unloaded?: UnloadedTool[];
  /** True when the loaded set was rebuilt from the `tool_search` messages in the history. */
  rebuiltFromHistory?: boolean;
  /** How `auto` decided, when the mode was auto. */
  auto?: AutoModeDecision;
  /**
   * What the binding policy decided (modes select and both): whether the previous call's tools array was kept or
   * changed, why, and the prompt tokens the change re-bills. `tools` is the array it decided.
   */
  binding?: ToolBinding | NativeBinding;
}
