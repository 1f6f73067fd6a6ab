/**
 * @module The seam through which learned evidence (usage) enters ranking: an extra, weighted field per tool, updated
 * in place as evidence arrives. Retrieval knows only this interface, not where the terms come from.
 */

/**
 * Terms learned for each tool, as an extra field of the lexical index. Terms are analysed as `analyze(text)` does
 * (Porter stems). Counts are kept in the field's own unit: `count · scale()` is the term's decayed frequency now. Decay
 * changes only the scale, so time passing touches no stored count and no index entry.
 */
export interface LearnedField {
  /** The tool's learned terms and their counts (times {@link LearnedField.scale} for decayed frequencies); undefined when nothing is learned for it. */
  fieldTerms(tool: string): ReadonlyMap<string, number> | undefined;
  /** What one unit of a count is worth now (positive and finite). */
  scale(): number;
  /**
   * The words (as said, not stemmed) most said for the tool, most first: text for the vector strategy, which embeds
   * each tool as its own text plus these. Optional: without it only the lexical strategies learn.
   */
  words?(tool: string, limit: number): string[];
  /** Calls `listener` after the learned terms of some tools changed; returns the unsubscribe function. */
  subscribe(listener: (change: LearnedFieldChange) => void): () => void;
}

/** What changed in a {@link LearnedField}. */
export interface LearnedFieldChange {
  /** The tools whose learned terms changed. */
  tools: readonly string[];
  /**
   * When the change is only counts that grew: each increase in order (every term of `terms` gained `count`, in the
   * field's unit), which an index applies in place. Absent, anything about these tools may have changed: read them
   * again with `fieldTerms`.
   */
  increases?: ReadonlyArray<{ tool: string; terms: readonly string[]; count: number }>;
}
