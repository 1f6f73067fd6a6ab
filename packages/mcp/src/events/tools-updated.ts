/**
 * @module The tools-updated event of a tool source: which tools of one server or app
 * appeared, changed or went away, so a catalog can update incrementally.
 */
import type { ToolDeclaration } from "@dynamic-tools/core";
import { ListenerSet } from "@dynamic-tools/core/internal";
import type { StructuredToolInterface } from "@langchain/core/tools";

/** One server's or app's tool list changed. */
export interface ToolsUpdatedEvent {
  source: "mcp" | "sdk";
  /** The MCP server id or SDK app name. */
  sourceId: string;
  /** The namespace of these tools, e.g. `mcp_files`. */
  namespace: string;
  /** Every tool this server or app now has (empty once unregistered). */
  tools: StructuredToolInterface[];
  /** The catalog declarations of those tools (source, sourceId, namespace, permission), in the same order. */
  declarations: ToolDeclaration[];
  /** Names (prefixed) of tools that are new. */
  added: string[];
  /** Names of tools whose description, schema or permission changed: their tool objects were replaced. */
  changed: string[];
  /** Names of tools that are gone. */
  removed: string[];
}

/** Receives {@link ToolsUpdatedEvent}s. */
export type ToolsUpdatedListener = (event: ToolsUpdatedEvent) => void;

/** Stops a listener. */
export type { Unsubscribe } from "@dynamic-tools/core/internal";

/** A source's listener list (core's {@link ListenerSet}, naming the source in a failing listener's report). */
export function toolsUpdatedListeners(): ListenerSet<ToolsUpdatedEvent> {
  return new ListenerSet<ToolsUpdatedEvent>((event) => `${event.source} "${event.sourceId}"`);
}

/** Names added, changed and removed between two versions of a tool list, each keyed by name with a fingerprint. */
export function diffTools(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): Pick<ToolsUpdatedEvent, "added" | "changed" | "removed"> {
  const added = [...after.keys()].filter((name) => !before.has(name));
  const removed = [...before.keys()].filter((name) => !after.has(name));
  const changed = [...after.keys()].filter((name) => before.has(name) && before.get(name) !== after.get(name));
  return { added, changed, removed };
}
