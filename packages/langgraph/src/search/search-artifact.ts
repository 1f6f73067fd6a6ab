/**
 * @module What a `tool_search` call returns besides its text: the structured result, stored as the ToolMessage's
 * `artifact` (never sent to the model), for UIs, traces and rebuilding the loaded set from the history.
 */

/** One ranked match of a search. */
export interface ToolSearchMatch {
  name: string;
  description: string;
  score: number;
  /** With usage: the tools (visible to the caller) most often used with this one, most first. */
  oftenUsedWith?: string[];
}

/** The `artifact` of a `tool_search` ToolMessage. */
export interface ToolSearchArtifact {
  /** The query as the model wrote it. */
  query: string;
  /** The number of results asked for, after clamping to the hard maximum. */
  limit: number;
  /** How many tools were searched: visible to the caller and not already bound. */
  totalCandidates: number;
  /** The ranked matches, best first. */
  matches: ToolSearchMatch[];
  /** Every tool this call loaded (matches plus their namespaces' members), in load order. */
  loaded: string[];
  /** The namespaces loaded whole (or up to their size limit). */
  namespaces: string[];
  /**
   * True on a result the select step appended to deliver its selection (native deferral, or the cache-aware binding's
   * proxy), not one of a call the model made: conversation memory does not read it as a call.
   */
  delivery?: true;
}

/**
 * True when `value` looks like a {@link ToolSearchArtifact} (it may come back from a checkpoint as plain JSON).
 *
 * @example
 * ```ts
 * if (ToolMessage.isInstance(message) && isToolSearchArtifact(message.artifact)) console.log(message.artifact.loaded);
 * ```
 */
export function isToolSearchArtifact(value: unknown): value is ToolSearchArtifact {
  const candidate = value as Partial<ToolSearchArtifact> | null | undefined;
  return typeof candidate === "object" && candidate !== null && typeof candidate.query === "string" && Array.isArray(candidate.loaded);
}
