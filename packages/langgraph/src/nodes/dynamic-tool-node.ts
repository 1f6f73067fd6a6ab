/**
 * @module DynamicToolNode: a ToolNode that executes any tool of the full catalog, not only this turn's selection
 * (seed 004's TOOL_MAP), and turns every bad call into an error ToolMessage instead of a crashed graph.
 */
import { isBindable, type ToolCatalog, type ToolFilterOptions } from "@dynamic-tools/core";
import { ToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { Command, LangGraphRunnableConfig } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";

/** Options of {@link DynamicToolNode}. */
export interface DynamicToolNodeOptions extends ToolFilterOptions {
  /** The node's name. @defaultValue "tools" */
  name?: string;
  tags?: string[];
  /** Turn errors thrown by tools into error ToolMessages (as ToolNode does). @defaultValue true */
  handleToolErrors?: boolean;
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

  constructor(catalog: ToolCatalog, { name = "tools", tags, handleToolErrors, ...filters }: DynamicToolNodeOptions = {}) {
    super(catalog.executableTools(), {
      name,
      ...(tags === undefined ? {} : { tags }),
      ...(handleToolErrors === undefined ? {} : { handleToolErrors }),
    });
    this.catalog = catalog;
    this.#filters = filters;
  }

  /** Why this call must not run, or undefined when it may. */
  protected refusal(call: ToolCall): string | undefined {
    const tool = this.catalog.get(call.name);
    if (tool === undefined) {
      return `Tool "${call.name}" is not in the catalog (${this.catalog.size} tools).${this.catalog.suggest(call.name)}`;
    }
    // Non-searchable tools may still be called: searchability only hides a tool from selection and search.
    if (!isBindable(tool, this.#filters, true)) return `Tool "${call.name}" is not available to this agent (disabled or excluded).`;
    if (this.catalog.getTool(call.name) === undefined) return `Tool "${call.name}" is declared in the catalog but has no implementation.`;
    return undefined;
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
