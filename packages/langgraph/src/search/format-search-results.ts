/**
 * @module The text the model reads back from `tool_search`: a ranked list with scores, descriptions and "when to
 * use" hints, then what was loaded. Pure.
 */
import { quote } from "@dynamic-tools/core/internal";
import type { ToolSearchArtifact } from "./search-artifact.js";

/** Inputs of {@link formatSearchResults}: the artifact plus the hints of the matched tools. */
export interface FormatSearchResultsInput {
  artifact: ToolSearchArtifact;
  /** A tool's "when to use" hint, if it declares one. */
  whenToUseOf?: (name: string) => string | undefined;
  /** A namespace's member count, for the loaded line. */
  namespaceSizeOf?: (namespace: string) => number;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Formats a search result for the model: a header naming the query, then one numbered line per tool with its score
 * and description, and indented lines for when to use it and what it is often used with.
 *
 * @example
 * ```ts
 * formatSearchResults({ artifact });
 * // Best tools for "fetch a url" (ranked by relevance):
 * // 1. open_url (score=0.4217) — Fetch a URL and return a clean text excerpt.
 * //    ↳ when to use: Use this when you need exact content from a specific URL.
 * //    ↳ Often used with: summarize_text (with usage: learned from successful turns)
 * //
 * // Loaded (callable from your next step): open_url.
 * ```
 */
export function formatSearchResults({ artifact, whenToUseOf, namespaceSizeOf }: FormatSearchResultsInput): string {
  const { query, matches, loaded, namespaces, totalCandidates } = artifact;
  if (matches.length === 0) {
    return totalCandidates === 0
      ? `No tools to search for ${quote(query)}: every tool you may use is already available to you.`
      : `No tools match ${quote(query)} among ${totalCandidates} tools. Try other words (what you want to do, not a tool name you guess).`;
  }
  const lines = [`Best tools for ${quote(query)} (ranked by relevance):`];
  matches.forEach((match, index) => {
    lines.push(`${index + 1}. ${match.name} (score=${match.score.toFixed(4)}) — ${oneLine(match.description) || "(no description)"}`);
    const hint = whenToUseOf?.(match.name);
    if (hint !== undefined && hint.trim() !== "") lines.push(`   ↳ when to use: ${oneLine(hint)}`);
    if (match.oftenUsedWith !== undefined && match.oftenUsedWith.length > 0)
      lines.push(`   ↳ Often used with: ${match.oftenUsedWith.join(", ")}`);
  });
  lines.push("");
  const groups = namespaces.map((namespace) => {
    const size = namespaceSizeOf?.(namespace);
    return size === undefined ? namespace : `${namespace} (${size} tools)`;
  });
  lines.push(`Loaded (callable from your next step): ${loaded.join(", ")}.`);
  if (groups.length > 0) lines.push(`Whole namespaces loaded: ${groups.join(", ")}.`);
  return lines.join("\n");
}
