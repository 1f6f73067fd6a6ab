/**
 * @module The seam through which learned evidence (usage) enters ranking: an extra, weighted field per tool, and a
 * versioned log of its changes that an index pulls from when it is next used (as it does from the catalog's change
 * log). Retrieval knows only this interface, not where the terms come from; nothing subscribes to it.
 */

import type { FittedFusion } from "./hybrid/fusion-weights.js";

/**
 * Terms learned for each tool, as an extra field of the lexical index. Terms are analysed as `analyze(text)` does
 * (Porter stems). Counts are kept in the field's own unit: `count · scale()` is the term's decayed frequency now. Decay
 * changes only the scale, so time passing touches no stored count and no index entry.
 *
 * An index built from the field remembers the {@link LearnedField.version} it has applied and, before its next query,
 * catches up with {@link LearnedField.changesSince}. The field holds no reference to any index, so an index nobody
 * references is collected with nothing to close.
 */
export interface LearnedField {
  /** The tool's learned terms and their counts (times {@link LearnedField.scale} for decayed frequencies); undefined when nothing is learned for it. */
  fieldTerms(tool: string): ReadonlyMap<string, number> | undefined;
  /**
   * How many observations the tool's learned terms come from, in the field's unit like the counts (times
   * {@link LearnedField.scale}: decayed observations); an observation that added `count` to the tool's terms adds
   * `count` here, and every increase of {@link LearnedField.changesSince} is one such observation. The lexical index
   * weighs a learned term by the tool's share of it against its share of all observations (`learnedLift`): a tool
   * with much evidence does not match every query by the breadth of its vocabulary. Optional: without it a tool's
   * observations are taken as its largest term count (a lower bound).
   */
  fieldObservations?(tool: string): number;
  /** What one unit of a count is worth now (positive and finite). */
  scale(): number;
  /**
   * The words (as said, not stemmed) most said for the tool, most first: text for the vector strategy, which embeds
   * each tool as its own text plus these. Optional: without it only the lexical strategies learn.
   */
  words?(tool: string, limit: number): string[];
  /** The field's version: a whole number that grows by one with every change of the learned terms. */
  readonly version: number;
  /**
   * The changes from `version` to the current version, oldest first, or `{ rebuild: true }` when the field's log no
   * longer reaches back that far (the reader then reads every tool again with `fieldTerms`).
   * @throws DynamicToolsError `INVALID_OPTION` for a version that is not a whole number from 0 to the current one.
   */
  changesSince(version: number): LearnedFieldChanges;
  /**
   * A held-out split for fitting how rankings are fused: some observations as probes (`UsageModel`: a sample spread
   * over all it learned), and this field as if they had never been learned. Optional: without it the fusion keeps its
   * fixed weights.
   */
  heldOut?(): HeldOutEvidence | undefined;
  /**
   * The fusion weights last fitted over this field by a hybrid of this configuration (`key`), kept with it so that
   * another hybrid over the same evidence (a restarted process whose usage store saved them) starts from them
   * instead of fitting again. Optional, with {@link LearnedField.keepFittedFusion}.
   */
  fittedFusion?(key: string): FittedFusion | undefined;
  /** Keeps the weights a hybrid of this configuration (`key`) fitted over this field. */
  keepFittedFusion?(key: string, fitted: FittedFusion): void;
}

/** One held-out observation as a query: its content words, and the tools it called. */
export interface HeldOutProbe {
  query: string;
  tools: readonly string[];
}

/** What {@link LearnedField.heldOut} gives: probes, and the field without them (static: version 0, never changing). */
export interface HeldOutEvidence {
  /** Observations learned in all (held-out ones included). */
  observations: number;
  /** The held-out observations, oldest first. */
  probes: readonly HeldOutProbe[];
  /** The field as if the probes had never been learned. */
  field: LearnedField;
}

/** What changed in a {@link LearnedField} in one version. */
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

/** The answer of {@link LearnedField.changesSince}. */
export type LearnedFieldChanges =
  | {
      readonly rebuild: false;
      /** The version these changes lead to (the current one). */
      readonly version: number;
      /** One entry per version after the one asked about, oldest first. */
      readonly changes: readonly LearnedFieldChange[];
    }
  | {
      readonly rebuild: true;
      /** The current version. */
      readonly version: number;
    };

/**
 * Whether `value` is a {@link LearnedField} (what a `UsageModel` is): an object with `fieldTerms`, `scale` and
 * `changesSince`.
 *
 * @example
 * ```ts
 * isLearnedField(new UsageModel({ catalog })); // true
 * isLearnedField(5); // false
 * ```
 */
export function isLearnedField(value: unknown): value is LearnedField {
  if (typeof value !== "object" || value === null) return false;
  const field = value as Partial<Record<keyof LearnedField, unknown>>;
  return typeof field.fieldTerms === "function" && typeof field.scale === "function" && typeof field.changesSince === "function";
}
