/**
 * @module DynamicToolNode: a ToolNode that executes any tool of the full catalog, not only this turn's selection
 * (seed 004's TOOL_MAP), and turns every bad call into an error ToolMessage instead of a crashed graph.
 */
import type { ToolCatalog, ToolFilterOptions } from "@dynamic-tools/core";
import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { Command, LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { toolCallRefusal } from "./tool-call-refusal.js";

/** Options of {@link DynamicToolNode}. */
export interface DynamicToolNodeOptions extends ToolFilterOptions {
  /** The node's name. @defaultValue "tools" */
  name?: string;
  tags?: string[];
  /** Turn errors thrown by tools into error ToolMessages (as ToolNode does). @defaultValue true */
  handleToolErrors?: boolean;
  /** Tools outside the catalog this node also executes (the `tool_search` tool). @defaultValue [] */
  extraTools?: readonly StructuredToolInterface[];
}

/**
 * Executes tool calls against the whole catalog: a call to a tool that was bound on an earlier turn still runs.
 * Unknown names (with close matches), disabled or excluded tools, and declared tools without an implementation are
 * answered with an error ToolMessage the model can recover from, and never executed. Parallel calls and `Command`
 * returns behave as in ToolNode.
 *
 * @example
 * ```ts
 * import { DynamicToolNode } from "@dynamic-tools/langgraph";
 * graph.addNode("tools", new DynamicToolNode(catalog));
 * ```
 */
export class DynamicToolNode extends ToolNode {
  /** The registry this node executes from. */
  readonly catalog: ToolCatalog;
  readonly #filters: ToolFilterOptions;
  readonly #extraNames: ReadonlySet<string>;

  constructor(catalog: ToolCatalog, { name = "tools", tags, handleToolErrors, extraTools = [], ...filters }: DynamicToolNodeOptions = {}) {
    super([...catalog.executableTools(), ...extraTools], {
      name,
      ...(tags === undefined ? {} : { tags }),
      ...(handleToolErrors === undefined ? {} : { handleToolErrors }),
    });
    this.catalog = catalog;
    this.#filters = filters;
    this.#extraNames = new Set(extraTools.map((tool) => tool.name));
  }

  /** Why this call must not run, or undefined when it may. */
  protected refusal(call: ToolCall): string | undefined {
    if (this.#extraNames.has(call.name) && !this.catalog.has(call.name)) return undefined;
    return toolCallRefusal(this.catalog, this.#filters, call.name);
  }

  protected override async runTool(call: ToolCall, config: LangGraphRunnableConfig, state: unknown): Promise<ToolMessage | Command> {
    const refusal = this.refusal(call);
    if (refusal === undefined) return super.runTool(call, config, state);
    return new ToolMessage({
      status: "error",
      name: call.name,
      tool_call_id: call.id ?? "",
      content: `Error: ${refusal}\n Please fix your mistakes.`,
    });
  }
}
