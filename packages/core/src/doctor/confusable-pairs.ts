/**
 * @module Tools the model will confuse: tools with the same description, pairs whose texts each rank the other above
 * themselves, and pairs whose embeddings are nearly the same. Pure.
 */
import { distinctiveWords } from "./distinctive-words.js";
import type { DoctorFinding } from "./doctor-finding.js";
import type { SelfRanking } from "./self-retrieval.js";

/** Position of `name` in a ranking, or Infinity. */
function position(ranking: SelfRanking, name: string): number {
  const index = ranking.ranked.indexOf(name);
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

/**
 * Pairs `[a, b]` (a before b in ranking order) where a's text ranks b above a and b's text ranks a above b.
 * @example
 * ```ts
 * mutuallyOutranking([{ name: "a", query: "…", ranked: ["b", "a"] }, { name: "b", query: "…", ranked: ["a", "b"] }]); // [["a", "b"]]
 * ```
 */
export function mutuallyOutranking(rankings: readonly SelfRanking[]): Array<[string, string]> {
  const byName = new Map(rankings.map((ranking) => [ranking.name, ranking]));
  const pairs: Array<[string, string]> = [];
  for (const ranking of rankings) {
    const own = position(ranking, ranking.name);
    for (const other of ranking.ranked) {
      if (other === ranking.name || position(ranking, other) >= own) continue;
      const reverse = byName.get(other);
      if (reverse === undefined || position(reverse, ranking.name) >= position(reverse, other)) continue;
      // Each pair once: reported from the tool that comes first in the rankings' order.
      if (rankings.indexOf(reverse) < rankings.indexOf(ranking)) continue;
      pairs.push([ranking.name, other]);
    }
  }
  return pairs;
}

/** Cosine similarity of two vectors. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index]!;
    const y = b[index]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * Pairs among `candidates` (index pairs, e.g. each tool and its nearest tools by text) whose vectors' cosine
 * similarity is at least `threshold`, most similar first.
 * @example
 * ```ts
 * nearDuplicates(["a", "b"], [[1, 0], [0.99, 0.01]], [[0, 1]], 0.95); // [{ a: "a", b: "b", similarity: 0.9999… }]
 * ```
 */
export function nearDuplicates(
  names: readonly string[],
  vectors: readonly ArrayLike<number>[],
  candidates: Iterable<readonly [number, number]>,
  threshold: number,
): Array<{ a: string; b: string; similarity: number }> {
  const seen = new Set<string>();
  const found: Array<{ a: string; b: string; similarity: number }> = [];
  for (const [first, second] of candidates) {
    if (first === second) continue;
    const [i, j] = first < second ? [first, second] : [second, first];
    const key = `${i}:${j}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const similarity = cosine(vectors[i]!, vectors[j]!);
    if (similarity >= threshold) found.push({ a: names[i]!, b: names[j]!, similarity });
  }
  return found.sort((x, y) => y.similarity - x.similarity);
}

/** A tool's text for telling it apart: its name, description and `whenToUse`. */
export interface PairText {
  readonly name: string;
  readonly description: string;
  readonly whenToUse?: string | undefined;
}

function apart(a: PairText, b: PairText): string {
  const text = (tool: PairText) => `${tool.name} ${tool.description} ${tool.whenToUse ?? ""}`;
  const onlyA = distinctiveWords(text(a), [text(b)], 3, { keepGeneric: true });
  const onlyB = distinctiveWords(text(b), [text(a)], 3, { keepGeneric: true });
  const say = (tool: PairText, other: PairText, words: string[]) =>
    `${tool.name}: whenToUse saying when it is right and ${other.name} is not` +
    (words.length > 0 ? ` (only it has: ${words.join(", ")})` : " (its text has no word the other lacks)");
  return `${say(a, b, onlyA)}; ${say(b, a, onlyB)}`;
}

/**
 * Findings for confusable pairs (`check: "confusable-pair"`) and near-duplicates (`check: "near-duplicate"`).
 * @example
 * ```ts
 * confusionFindings([["a", "b"]], [], (name) => catalog.get(name)!);
 * ```
 */
export function confusionFindings(
  mutual: readonly (readonly [string, string])[],
  duplicates: readonly { a: string; b: string; similarity: number }[],
  toolNamed: (name: string) => PairText,
): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const [a, b] of mutual) {
    findings.push({
      check: "confusable-pair",
      severity: "warning",
      tools: [a, b],
      message: `${a} and ${b}: each one's description ranks the other above itself; the model will confuse them.`,
      fix: `tools: add to ${apart(toolNamed(a), toolNamed(b))}.`,
    });
  }
  for (const { a, b, similarity } of duplicates) {
    findings.push({
      check: "near-duplicate",
      severity: "warning",
      tools: [a, b],
      message: `${a} and ${b} have nearly the same embedding (cosine ${similarity.toFixed(3)}): vector search cannot tell them apart, only the words that differ can.`,
      fix: `if they do the same, keep one (enabled: false on the other); else tools: add to ${apart(toolNamed(a), toolNamed(b))}.`,
    });
  }
  return findings;
}

/** A description as compared: lower case, single spaces, without closing punctuation. */
function comparable(tool: PairText): string {
  const text = (part: string | undefined) =>
    (part ?? "")
      .toLowerCase()
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[.!;:,]+$/, "");
  return `${text(tool.description)}\n${text(tool.whenToUse)}`;
}

/**
 * Findings for tools that share one description and `whenToUse` (`check: "same-description"`, one per group, tools in
 * catalog order; tools without a description are the `empty-description` check's). A copied description is the
 * plainest confusion there is, yet no ranking shows it: the same text ranks the two tools tied, so neither outranks the
 * other, and their names alone keep their embeddings apart.
 *
 * @example
 * ```ts
 * sameDescriptionFindings([
 *   { name: "get_invoice", description: "Retrieve an invoice by its number." },
 *   { name: "get_invoices", description: "Retrieve an invoice by its number" },
 * ]); // [{ check: "same-description", tools: ["get_invoice", "get_invoices"], … }]
 * ```
 */
export function sameDescriptionFindings(tools: readonly PairText[]): DoctorFinding[] {
  const groups = new Map<string, string[]>();
  for (const tool of tools) {
    if (tool.description.trim() === "") continue;
    const key = comparable(tool);
    groups.set(key, [...(groups.get(key) ?? []), tool.name]);
  }
  return [...groups.values()]
    .filter((names) => names.length > 1)
    .map((names) => {
      const listed = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
      return {
        check: "same-description" as const,
        severity: "warning" as const,
        tools: names,
        message: `${listed} have the same description: only their names tell them apart, so every strategy ranks them together and the model picks between them blind.`,
        fix: `if they do the same, keep one (enabled: false on the others); else tools: give each a description that says what only it does (its input, its result, when it is the right one).`,
      };
    });
}
