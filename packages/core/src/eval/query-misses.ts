/**
 * @module The queries an evaluation misses (`eval --misses`): each query whose relevant tools are not all among the
 * first places of its ranking, with where each missing tool ranked and what ranked first instead. Pure.
 */
import type { EvalQuery } from "./queries-file.js";

/** How many places a relevant tool must rank within to count as found (Complete@10's). */
export const MISS_PLACES = 10;

/** How many of the ranking's first tools a miss shows. */
export const MISS_TOP = 5;

/** One query that misses a relevant tool. */
export interface QueryMiss {
  id: string;
  query: string;
  /** Each relevant tool past the first {@link MISS_PLACES} places: its rank (from 1), or null when not ranked at all. */
  missing: Array<{ tool: string; rank: number | null }>;
  /** The first {@link MISS_TOP} tools of the ranking (empty when the selection abstained). */
  top: string[];
  /** The selection abstained on the query (it bound no tool). */
  abstained?: true;
}

/**
 * The miss of one query, or undefined when every relevant tool ranks within the first {@link MISS_PLACES}.
 *
 * @example
 * ```ts
 * queryMiss({ id: "q1", query: "weather and a hotel", relevant: ["get_weather", "book_hotel"] }, ["get_weather", "get_time"]);
 * // { id: "q1", query: "weather and a hotel", missing: [{ tool: "book_hotel", rank: null }], top: ["get_weather", "get_time"] }
 * ```
 */
export function queryMiss(
  query: Pick<EvalQuery, "id" | "query" | "relevant">,
  ranking: readonly string[],
  abstained = false,
): QueryMiss | undefined {
  const missing = query.relevant.flatMap((tool) => {
    const at = ranking.indexOf(tool);
    return at >= 0 && at < MISS_PLACES ? [] : [{ tool, rank: at < 0 ? null : at + 1 }];
  });
  if (missing.length === 0) return undefined;
  return { id: query.id, query: query.query, missing, top: ranking.slice(0, MISS_TOP), ...(abstained ? { abstained: true as const } : {}) };
}

/** Most characters of a query a miss's text line quotes. */
const QUOTED_CHARS = 120;

/**
 * The misses as text: a heading, then two lines a miss (its id, each missing tool with its rank, the first tools; the
 * query, quoted).
 *
 * @example
 * ```ts
 * formatMisses("hybrid", 497, misses);
 * // hybrid: 93 of 497 queries have a relevant tool past place 10
 * //   follow-multi-409: ResearchFinder #126, TripTool #14 | first: AusPetrolPrices, TripAdviceTool, TripTool, …
 * //     "What are the recent developments in renewable energy technologies? Also, can you suggest some adventurous…"
 * ```
 */
export function formatMisses(strategy: string, queries: number, misses: readonly QueryMiss[]): string[] {
  const lines = [`${strategy}: ${misses.length} of ${queries} queries have a relevant tool past place ${MISS_PLACES}`];
  for (const miss of misses) {
    const missing = miss.missing.map(({ tool, rank }) => `${tool} ${rank === null ? "not ranked" : `#${rank}`}`).join(", ");
    const first = miss.abstained ? "abstained" : `first: ${miss.top.join(", ")}`;
    const text = miss.query.length <= QUOTED_CHARS ? miss.query : `${miss.query.slice(0, QUOTED_CHARS - 1)}…`;
    lines.push(`  ${miss.id}: ${missing} | ${first}`, `    ${JSON.stringify(text)}`);
  }
  return lines;
}
