/**
 * @module One held-out observation as the fit sees it (pure): each candidate's normalised score per source, as the
 * fusion would weigh them, and whether the observation called it.
 */
import type { RankedTool } from "../retrieval-strategy.js";
import { FUSED_SOURCES, type FusedSource } from "./fusion-weights.js";

/**
 * A candidate of a probe: its normalised score per source (0 where the source did not rank it): `bm25` with the learned
 * field folded in, and, when the probe has them, `text` (BM25 over the tools' text alone) and `learned` (over the
 * learned field alone).
 */
export interface ProbeCandidate {
  features: Record<FusedSource, number> & { text?: number; learned?: number };
  exact: boolean;
  relevant: boolean;
}

/** A probe: its candidates in catalog order (ties go to the earlier one, as in the fusion). */
export type FusionProbe = readonly ProbeCandidate[];

/**
 * Each source's list normalised as the fusion normalises it: min-max for `"weighted"` (1 for every item of a list
 * whose scores are all equal), `1 / (k + rank)` for `"rrf"`.
 */
export function fusionProbe(
  rankings: Record<FusedSource, readonly RankedTool[]> & { text?: readonly RankedTool[]; learned?: readonly RankedTool[] },
  relevant: ReadonlySet<string>,
  { fusion, rrfK, position }: { fusion: "weighted" | "rrf"; rrfK: number; position: (name: string) => number },
): FusionProbe {
  const byName = new Map<string, ProbeCandidate>();
  const separate = rankings.text !== undefined && rankings.learned !== undefined;
  for (const source of separate ? ([...FUSED_SOURCES, "text", "learned"] as const) : FUSED_SOURCES) {
    const list = rankings[source]!;
    let max = -Infinity;
    let min = Infinity;
    for (const { score } of list) {
      if (score > max) max = score;
      if (score < min) min = score;
    }
    const range = max - min;
    list.forEach((tool, index) => {
      let candidate = byName.get(tool.name);
      if (candidate === undefined) {
        const features = { bm25: 0, fuzzy: 0, vector: 0, ...(separate ? { text: 0, learned: 0 } : {}) };
        candidate = { features, exact: false, relevant: relevant.has(tool.name) };
        byName.set(tool.name, candidate);
      }
      candidate.features[source] = fusion === "rrf" ? 1 / (rrfK + index + 1) : range > 0 ? (tool.score - min) / range : 1;
      if (source === "fuzzy" && tool.signals.exact) candidate.exact = true;
    });
  }
  return [...byName].sort((a, b) => position(a[0]) - position(b[0])).map(([, candidate]) => candidate);
}
