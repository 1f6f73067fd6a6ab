/**
 * @module "Did you mean" suggestions: candidates ranked by optimal-string-alignment distance
 * (Levenshtein plus adjacent transpositions, so "boko_class" is one edit from "book_class").
 * Names come from untrusted callers (a model's tool call, a file's key), so the work per candidate is bounded.
 */

/**
 * Longest name compared: a longer one (a model can send a 20 KB "tool name") is cut to this before matching, so a
 * suggestion costs at most this² steps per candidate whatever the input.
 */
export const MAX_MATCHED_NAME_LENGTH = 128;

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps each cost 1.
 * With `limit`, stops as soon as the distance must exceed it and returns `limit + 1` (at once when the lengths
 * differ by more than `limit`).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    let rowBest = d[i * cols]!;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = best;
      if (best < rowBest) rowBest = best;
    }
    // Every path to the end passes through this row or the one before it (a swap skips one row): once two
    // consecutive rows exceed the limit, so does the distance.
    if (rowBest > limit && i > 1 && rowMin(d, i - 1, cols) > limit) return limit + 1;
  }
  return d[rows * cols - 1]!;
}

function rowMin(d: readonly number[], row: number, cols: number): number {
  let best = Infinity;
  for (let j = 0; j < cols; j++) best = Math.min(best, d[row * cols + j]!);
  return best;
}

/**
 * The candidates closest to `name`, best first: those within a third of the name's length in edits, or that
 * contain it (or are contained in it). Both sides are compared on their first {@link MAX_MATCHED_NAME_LENGTH}
 * characters.
 */
export function closestMatches(name: string, candidates: Iterable<string>, limit = 3): string[] {
  const needle = name.slice(0, MAX_MATCHED_NAME_LENGTH).toLowerCase();
  const maxDistance = Math.max(2, Math.floor(needle.length / 3));
  const scored: Array<{ candidate: string; distance: number }> = [];
  for (const candidate of candidates) {
    const lower = candidate.slice(0, MAX_MATCHED_NAME_LENGTH).toLowerCase();
    const contains = needle.length >= 3 && (lower.includes(needle) || needle.includes(lower));
    const distance = editDistance(needle, lower, maxDistance);
    if (distance <= maxDistance || contains) scored.push({ candidate, distance: contains ? Math.min(distance, maxDistance) : distance });
  }
  scored.sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate));
  return scored.slice(0, limit).map((entry) => entry.candidate);
}

/** `" Did you mean: a, b?"`, or `""` when nothing is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const matches = closestMatches(name, candidates);
  return matches.length > 0 ? ` Did you mean: ${matches.join(", ")}?` : "";
}
