/**
 * @module Namespace loading: a hit on any member of a namespace loads the whole namespace (up to its size limit);
 * a tool outside any namespace loads alone. Pure.
 */

/** Inputs of {@link expandToNamespaces}. */
export interface ExpandToNamespacesInput {
  /** The search's matches, best first. */
  hits: readonly string[];
  /** The namespace of a tool, if any. */
  namespaceOf: (name: string) => string | undefined;
  /** A namespace's members, in catalog order. */
  membersOf: (namespace: string) => readonly string[];
  /** Most members one hit loads for this namespace. */
  maxSizeOf: (namespace: string) => number;
  /** Whether a tool may be loaded (visible to the caller and not already bound). */
  isCandidate: (name: string) => boolean;
}

/** What a search loads. */
export interface NamespaceExpansion {
  /** Tools to load, in load order: each hit, followed by the rest of its namespace. */
  loaded: string[];
  /** The namespaces that were loaded. */
  namespaces: string[];
}

/**
 * Expands a search's hits to what it loads. A namespace contributes its members that were hit first (best first),
 * then its other members in catalog order, up to its size limit; members that are already bound or not visible
 * are skipped and do not count.
 *
 * @example
 * ```ts
 * expandToNamespaces({ hits: ["list_pulls", "get_weather"], namespaceOf: (n) => (n === "get_weather" ? undefined : "github"),
 *   membersOf: () => ["create_issue", "list_pulls"], maxSizeOf: () => 10, isCandidate: () => true });
 * // { loaded: ["list_pulls", "create_issue", "get_weather"], namespaces: ["github"] }
 * ```
 */
export function expandToNamespaces({ hits, namespaceOf, membersOf, maxSizeOf, isCandidate }: ExpandToNamespacesInput): NamespaceExpansion {
  const loaded = new Set<string>();
  const namespaces: string[] = [];
  for (const hit of hits) {
    if (loaded.has(hit)) continue;
    const namespace = namespaceOf(hit);
    if (namespace === undefined) {
      loaded.add(hit);
      continue;
    }
    if (namespaces.includes(namespace)) continue;
    namespaces.push(namespace);
    const hitMembers = hits.filter((name) => namespaceOf(name) === namespace);
    const ordered = [...new Set([...hitMembers, ...membersOf(namespace)])].filter(isCandidate);
    for (const name of ordered.slice(0, maxSizeOf(namespace))) loaded.add(name);
  }
  return { loaded: [...loaded], namespaces };
}
