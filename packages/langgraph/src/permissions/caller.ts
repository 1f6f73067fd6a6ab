/**
 * @module Who is asking, read from a LangGraph run: the runtime context (`config.context`) or `configurable`.
 */
import type { Caller } from "@dynamic-tools/core";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The caller of a run: `context.caller` or the context itself (runtime context, `invoke(input, { context })`), over
 * `configurable.caller` or `configurable.role`. Empty when neither says anything (a policy then applies its
 * `otherwise` rules).
 *
 * @example
 * ```ts
 * callerFromConfig({ context: { role: "trainer" } }); // { role: "trainer" }
 * callerFromConfig({ configurable: { thread_id: "1", role: "owner" } }); // { role: "owner" }
 * ```
 */
export function callerFromConfig(config: { context?: unknown; configurable?: Record<string, unknown> } | undefined): Caller {
  const context = config?.context;
  const configurable = config?.configurable;
  const fromContext = isRecord(context) ? (isRecord(context.caller) ? context.caller : context) : {};
  const fromConfigurable = isRecord(configurable?.caller)
    ? configurable.caller
    : typeof configurable?.role === "string"
      ? { role: configurable.role }
      : {};
  const caller: Record<string, unknown> = { ...fromConfigurable, ...fromContext };
  if (caller.role !== undefined && typeof caller.role !== "string") delete caller.role;
  return caller as Caller;
}
