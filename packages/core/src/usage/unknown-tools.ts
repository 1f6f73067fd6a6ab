/**
 * @module Observations that name only tools a catalog does not have: a model over the catalog learns nothing from
 * them, so the commands that count observations say how many there were. Pure.
 */
import type { Observation } from "./observation.js";

/**
 * How many of `observations` name tools but none that `known` accepts, and the first `limit` tools they name.
 *
 * @example
 * ```ts
 * unknownToolObservations([{ message: "book a flight", tools: ["book_flight"], ok: true, at: 0 }], (name) => catalog.has(name));
 * // { observations: 1, tools: ["book_flight"] }
 * ```
 */
export function unknownToolObservations(
  observations: readonly Pick<Observation, "tools">[],
  known: (name: string) => boolean,
  limit = 10,
): { observations: number; tools: string[] } {
  const unknown = observations.filter((observation) => observation.tools.length > 0 && !observation.tools.some(known));
  return { observations: unknown.length, tools: [...new Set(unknown.flatMap((observation) => observation.tools))].slice(0, limit) };
}
