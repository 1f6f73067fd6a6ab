/**
 * @module The "sequence-matcher" retrieval strategy, a simple baseline: Python difflib's `SequenceMatcher` ratio
 * between the query and each tool's text, plus a bonus per query word found in that text.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { prepareSequence, toCodePoints, type PreparedSequence } from "./prepared-sequence.js";
import { preparedRatio } from "./sequence-ratio.js";

/** Options of {@link createSequenceMatcherStrategy}. */
export interface SequenceMatcherOptions {
  /** Added to the score for each query word that occurs in the tool's text. @defaultValue 0.12 */
  tokenBonus?: number;
  /** Tools scoring below this are dropped as noise. @defaultValue 0.05 */
  noiseFloor?: number;
}

interface Indexed {
  haystack: string;
  prepared: PreparedSequence;
}

/**
 * What a tool is matched against: `name + " " + description + " " + (whenToUse ?? "")`, lower-cased.
 * @example
 * ```ts
 * sequenceHaystack({ name: "open_url", description: "Fetch a URL.", whenToUse: undefined } as ToolMetadata);
 * // "open_url fetch a url. "
 * ```
 */
export function sequenceHaystack(tool: Pick<ToolMetadata, "name" | "description" | "whenToUse">): string {
  return `${tool.name} ${tool.description} ${tool.whenToUse ?? ""}`.toLowerCase();
}

/**
 * Creates the "sequence-matcher" strategy. Each tool scores
 * `SequenceMatcher(None, query, haystack).ratio() + tokenBonus × token_hits`, where `haystack` is
 * {@link sequenceHaystack} and `token_hits` counts the query's whitespace-separated lower-cased words (repeats
 * included) that occur in the haystack as substrings. Scores below `noiseFloor` are dropped; ties keep catalog
 * order. History is ignored. Haystacks and their difflib indexes are built once, in `index`.
 *
 * @example
 * ```ts
 * const strategy = createSequenceMatcherStrategy();
 * strategy.index(catalog);
 * strategy.rank({ query: "fetch a specific URL", limit: 3 });
 * // [{ name: "open_url", score: 0.66…, signals: { sequence: 0.66… } }, …]
 * ```
 */
export function createSequenceMatcherStrategy({ tokenBonus = 0.12, noiseFloor = 0.05 }: SequenceMatcherOptions = {}): RetrievalStrategy {
  // Insertion order is catalog order; replacing a tool keeps its place.
  const tools = new Map<string, Indexed>();
  const put = (tool: ToolMetadata): void => {
    const haystack = sequenceHaystack(tool);
    tools.set(tool.name, { haystack, prepared: prepareSequence(haystack) });
  };
  return {
    name: "sequence-matcher",
    index(catalog: ToolCatalog): void {
      tools.clear();
      for (const tool of catalog.tools()) put(tool);
    },
    add(added: readonly ToolMetadata[]): void {
      for (const tool of added) put(tool);
    },
    remove(names: readonly string[]): void {
      for (const name of names) tools.delete(name);
    },
    rank({ query, limit, filter }: RankRequest): RankedTool[] {
      const needle = query.toLowerCase();
      const codes = toCodePoints(needle);
      const words = needle.split(/\s+/).filter((word) => word.length > 0);
      const scored: Array<{ name: string; score: number; order: number }> = [];
      let order = 0;
      for (const [name, { haystack, prepared }] of tools) {
        order++;
        if (filter !== undefined && !filter(name)) continue;
        let hits = 0;
        for (const word of words) if (haystack.includes(word)) hits++;
        const score = preparedRatio(codes, prepared) + tokenBonus * hits;
        if (score >= noiseFloor) scored.push({ name, score, order });
      }
      scored.sort((x, y) => y.score - x.score || x.order - y.order);
      return scored.slice(0, Math.max(0, limit)).map(({ name, score }) => ({ name, score, signals: { sequence: score } }));
    },
  };
}
