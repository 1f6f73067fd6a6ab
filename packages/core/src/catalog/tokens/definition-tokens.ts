/**
 * @module Definition token counts remembered by the hash of the definition as sent, process-wide: a definition is
 * counted once however many catalogs (rebuilds, replicas in one process, live updates) hold it.
 */
import { createHash } from "node:crypto";
import type { ToolMetadata } from "../tool-metadata.js";
import { tokenBounds } from "./token-bounds.js";
import { countTokens } from "./token-counter.js";
import { toToolDefinition } from "./tool-definition.js";

type Definable = Pick<ToolMetadata, "name" | "description" | "parameters">;

/** Most counts remembered; the oldest are forgotten first past it (about 100 bytes each). */
const CACHE_LIMIT = 500_000;

const counts = new Map<string, number>();

/** Counts made here, by metadata object: what a budget is kept against. */
const counted = new WeakMap<object, number>();

/** Counts known to be a definition's: made here, or from elsewhere and within {@link tokenBounds} (by metadata object). */
const trusted = new WeakMap<object, number>();

/** The definition as sent (its OpenAI function JSON): the text a tool's tokens are counted over. */
export function definitionText(tool: Definable): string {
  return JSON.stringify(toToolDefinition(tool));
}

/**
 * Tokens of one tool's definition as sent, counted here: remembered by metadata object and by content hash, counted
 * (exactly) on a miss. Never a count from elsewhere, so a budget kept against it holds whatever a snapshot says.
 */
export function definitionTokens(tool: Definable): number {
  const memo = counted.get(tool);
  if (memo !== undefined) return memo;
  const text = definitionText(tool);
  const hash = createHash("sha1").update(text, "utf8").digest("base64");
  let tokens = counts.get(hash);
  if (tokens === undefined) {
    tokens = countTokens(text);
    // Bounded: past the limit the oldest count is forgotten first.
    if (counts.size >= CACHE_LIMIT) counts.delete(counts.keys().next().value!);
    counts.set(hash, tokens);
  }
  counted.set(tool, tokens);
  trusted.set(tool, tokens);
  return tokens;
}

/**
 * A count of the tool's definition that came from elsewhere (a snapshot, a saved derivation), once checked: within
 * {@link tokenBounds} it is used as is; outside them it cannot be this definition's (a damaged or crafted file), and
 * the definition is counted instead. Each (tool, count) is checked once. Good enough for totals and estimates; a
 * count inside the bounds can still be below the real one, so a budget uses {@link definitionTokens}.
 */
export function checkedDefinitionTokens(tool: Definable, count: number): number {
  if (trusted.get(tool) === count) return count;
  const text = definitionText(tool);
  const { min, max } = tokenBounds(text);
  const checked = Number.isSafeInteger(count) && count >= min && count <= max ? count : definitionTokens(tool);
  trusted.set(tool, checked);
  return checked;
}
