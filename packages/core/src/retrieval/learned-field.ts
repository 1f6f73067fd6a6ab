/**
 * @module The seam through which learned evidence (usage) enters lexical ranking: an extra, weighted field per
 * tool, updated incrementally. Retrieval knows only this interface, not where the terms come from.
 */

/**
 * Terms learned for each tool, as an extra field of the lexical index. Terms are analysed as `analyze(text)` does
 * (Porter stems); the value is the term's frequency in the field (fractional counts allowed).
 */
export interface LearnedField {
  /** The tool's learned terms and their frequencies; undefined or empty when nothing is learned for it. */
  terms(tool: string): ReadonlyMap<string, number> | undefined;
  /**
   * The words (as said, not stemmed) most said for the tool, most first: text for the vector strategy, which embeds
   * each tool as its own text plus these. Optional: without it only the lexical strategies learn.
   */
  words?(tool: string, limit: number): string[];
  /** Calls `listener` with the tools whose terms changed; returns the unsubscribe function. */
  subscribe(listener: (tools: readonly string[]) => void): () => void;
}
