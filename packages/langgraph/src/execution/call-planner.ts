/**
 * @module The execution planner both executors share (DynamicToolNode and the createAgent middleware's
 * wrapToolCall): where a call's implementation comes from (request tools → catalog → sources), whether the catalog
 * and the caller's permission policy let it run, and whether it needs a human's approval. A refusal is typed data
 * ({@link ToolCallRefusal}); the text the model reads is built from it in one place.
 */
import type { Caller, PermissionPolicy, ToolCatalog, ToolMetadata } from "@dynamic-tools/core";
import {
  checkCatalogOption,
  checkPolicyOption,
  closestMatches,
  decidePermission,
  declarationFromLangChainTool,
  isExecutable,
  toMetadata,
  type ToolFilterOptions,
} from "@dynamic-tools/core/internal";
import type { ToolCall } from "@langchain/core/messages/tool";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolCallRefusal } from "./tool-call-refusal.js";
import { findInProviders, type ToolProvider } from "./tool-resolution.js";
import { isToolSearchTool } from "./tool-search-mark.js";

/** Names longer than this get no "Did you mean" (the edit distance cost grows with the name's length). */
const MAX_SUGGESTED_NAME = 128;
/** Close matches suggested after "not found". */
const MAX_SUGGESTIONS = 3;
/** Close matches looked at before those the caller may not use are dropped. */
const SUGGESTION_POOL = 20;

/** Options of {@link createCallPlanner}. */
export interface CallPlannerOptions {
  catalog: ToolCatalog;
  /** The executor's platform and exclusions: a tool they hide is refused (`TOOL_DISABLED`). */
  filters: ToolFilterOptions;
  policy: PermissionPolicy;
  /** Where tools the catalog has no implementation for are found, in order. */
  sources: readonly ToolProvider[];
}

/** What the planner needs to know about the call's run. */
export interface CallContext {
  caller: Caller;
  /** Tools passed for this request, tried first. */
  requestTools?: readonly StructuredToolInterface[] | undefined;
  /**
   * A tool outside the catalog that runs when the catalog has no tool of that name (`tool_search`, a tool createAgent
   * was given, `extraTools`): a `tool_search` made by `createToolSearchTool` as it is (it lists only what its policy
   * lets the caller use); any other by the policy, over its own declaration (its metadata's permission, else the
   * catalog's default), as a source tool the catalog does not know.
   */
  extra?: StructuredToolInterface | undefined;
}

/** A call that may run: its implementation, its metadata when known, and whether a human must approve it. */
export interface RunnableCall {
  kind: "run";
  tool: StructuredToolInterface;
  metadata: ToolMetadata | undefined;
  approval: boolean;
}

/** The planner's answer for one call. */
export type CallPlan = RunnableCall | { kind: "refuse"; refusal: ToolCallRefusal };

/** The shared planner: one `plan(call, context)` for both executors. */
export interface CallPlanner {
  plan(call: Pick<ToolCall, "name">, context: CallContext): Promise<CallPlan>;
}

/**
 * Creates the planner.
 *
 * @example
 * ```ts
 * const planner = createCallPlanner({ catalog, filters: {}, policy: DEFAULT_POLICY, sources: [] });
 * const plan = await planner.plan(call, { caller: { role: "trainer" } });
 * if (plan.kind === "refuse") return refusalMessage(call, plan.refusal);
 * ```
 */
export function createCallPlanner({ catalog, filters, policy, sources }: CallPlannerOptions): CallPlanner {
  checkCatalogOption(catalog);
  checkPolicyOption(policy);
  function decide(name: string, metadata: ToolMetadata, tool: StructuredToolInterface, caller: Caller): CallPlan {
    const decision = decidePermission(policy, metadata, caller);
    if (decision === "deny") {
      return {
        kind: "refuse",
        refusal: {
          code: "PERMISSION_DENIED",
          toolName: name,
          permission: metadata.permission,
          ...(caller.role === undefined ? {} : { role: caller.role }),
          ...(metadata.category === undefined ? {} : { category: metadata.category }),
        },
      };
    }
    return { kind: "run", tool, metadata, approval: decision === "approve" };
  }

  /** Not found, with close matches among the tools this caller may use (a suggestion never names a refused tool). */
  function notFound(name: string, caller: Caller): ToolCallRefusal {
    const usable = (candidate: string) => {
      const tool = catalog.get(candidate);
      return tool !== undefined && isExecutable(tool, filters) && decidePermission(policy, tool, caller) !== "deny";
    };
    // The closest names first, then only those the caller may use: the policy is asked about a few tools, not all.
    const suggestions =
      name.length <= MAX_SUGGESTED_NAME
        ? closestMatches(name, catalog.names(), SUGGESTION_POOL).filter(usable).slice(0, MAX_SUGGESTIONS)
        : [];
    return { code: "TOOL_NOT_FOUND", toolName: name, ...(suggestions.length > 0 ? { suggestions } : {}) };
  }

  return {
    async plan({ name }, { caller, requestTools, extra }) {
      // A hand-built or hostile call may carry no name, or a non-string one: ToolNode quotes it as text.
      if (typeof name !== "string") return { kind: "refuse", refusal: { code: "TOOL_NOT_FOUND", toolName: String(name) } };
      const inCatalog = catalog.get(name);
      if (extra !== undefined && inCatalog === undefined) {
        if (isToolSearchTool(extra)) return { kind: "run", tool: extra, metadata: undefined, approval: false };
        return decide(name, toMetadata(declarationFromLangChainTool(extra), catalog.defaultPermission), extra, caller);
      }
      const requested = requestTools?.find((tool) => tool.name === name);
      if (requested !== undefined)
        return decide(name, inCatalog ?? toMetadata(declarationFromLangChainTool(requested), catalog.defaultPermission), requested, caller);
      if (inCatalog !== undefined && !isExecutable(inCatalog, filters))
        return { kind: "refuse", refusal: { code: "TOOL_DISABLED", toolName: name } };
      const tool = catalog.getTool(name) ?? (await findInProviders(sources, name));
      if (tool === undefined)
        return {
          kind: "refuse",
          refusal: inCatalog === undefined ? notFound(name, caller) : { code: "TOOL_NOT_IMPLEMENTED", toolName: name },
        };
      // A source tool the catalog does not know yet: its own metadata (source, permission) decides.
      return decide(name, inCatalog ?? toMetadata(declarationFromLangChainTool(tool), catalog.defaultPermission), tool, caller);
    },
  };
}
