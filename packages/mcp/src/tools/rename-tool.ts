/**
 * @module Gives an existing LangChain tool another name (and metadata) without wrapping its function.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";

/**
 * A tool that behaves exactly as `tool` (same class, schema, response format, `returnDirect`, callbacks) but is
 * called `name` and carries `metadata`: an object whose prototype is `tool`, with `name` and `metadata` of its own.
 * A wrapper tool calling `tool.invoke()` would lose the artifact of a `content_and_artifact` tool and return
 * ToolMessages under the old name. The original is not changed.
 *
 * Limitation: a tool class that keeps state in JavaScript private fields (`#field`) cannot be used this way (its
 * methods would throw on the copy); LangChain's own tools (`tool()`, `DynamicStructuredTool`) have none.
 *
 * @example
 * ```ts
 * const renamed = renameTool(createEvent, "sdk_calendar_create_event", { app: "calendar" });
 * renamed.name; // "sdk_calendar_create_event"
 * createEvent.name; // "create_event"
 * ```
 */
export function renameTool<T extends StructuredToolInterface>(tool: T, name: string, metadata: Record<string, unknown>): T {
  const renamed = Object.create(tool) as T;
  Object.defineProperty(renamed, "name", { value: name, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(renamed, "metadata", {
    // metadata is on every LangChain tool (BaseLangChain), though StructuredToolInterface does not declare it.
    value: { ...((tool as { metadata?: Record<string, unknown> }).metadata ?? {}), ...metadata },
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return renamed;
}
