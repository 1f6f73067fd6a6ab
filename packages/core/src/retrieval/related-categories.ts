/**
 * @module Related categories: breadth-first over the catalog's `related` declarations, up to a depth. Pure; the
 * keyword strategy's tiers and the selection's expansion stage both walk it.
 */

/** A category reached by expansion and the category it was reached from. */
export interface RelatedCategory {
  name: string;
  relatedTo: string;
}

/**
 * Follows `related` links from `start` for `depth` hops, breadth first, skipping anything in `exclude` or already
 * reached. Order: by hop, then by the order of `start` and of each `related` list. With `reachStart`, a start
 * category that another start category declares related is reached too (once, never from itself): a retrieval
 * selection's ranked tools name categories only partly chosen, and a related one among them is still expanded whole.
 *
 * @example
 * ```ts
 * const related = new Map([["appointments", ["trainers", "clients"]], ["trainers", ["staff"]]]);
 * expandRelated({ start: ["appointments"], relatedOf: (c) => related.get(c) ?? [], depth: 2 });
 * // [{ name: "trainers", relatedTo: "appointments" }, { name: "clients", relatedTo: "appointments" },
 * //  { name: "staff", relatedTo: "trainers" }]
 * ```
 */
export function expandRelated({
  start,
  relatedOf,
  depth,
  exclude = new Set<string>(),
  reachStart = false,
}: {
  start: readonly string[];
  relatedOf: (category: string) => readonly string[];
  depth: number;
  exclude?: ReadonlySet<string>;
  reachStart?: boolean;
}): RelatedCategory[] {
  const reached = new Set<string>(reachStart ? exclude : [...exclude, ...start]);
  const result: RelatedCategory[] = [];
  let frontier = [...start];
  for (let hop = 0; hop < depth && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const from of frontier) {
      for (const name of relatedOf(from)) {
        if (reached.has(name) || name === from) continue;
        reached.add(name);
        result.push({ name, relatedTo: from });
        next.push(name);
      }
    }
    frontier = next;
  }
  return result;
}
