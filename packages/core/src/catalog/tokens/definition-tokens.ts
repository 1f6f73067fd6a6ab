/**
 * @module Definition token counts remembered by the hash of the definition as sent, process-wide: a definition is
 * counted once however many catalogs (rebuilds, replicas in one process, live updates) hold it.
 */
import { createHash } from "node:crypto";
import type { ToolMetadata } from "../tool-metadata.js";
import { countTokens } from "./token-counter.js";
import { toToolDefinition } from "./tool-definition.js";

type Definable = Pick<ToolMetadata, "name" | "description" | "parameters">;

/** Most counts remembered; the oldest are forgotten first past it (about 100 bytes each). */
const CACHE_LIMIT = 500_000;

const counts = new Map<string, number>();

/** The definition as sent (its OpenAI function JSON): the text a tool's tokens are counted over. */
export function definitionText(tool: Definable): string {
  return JSON.stringify(toToolDefinition(tool));
}

/** Tokens of one tool's definition as sent: remembered by content hash, counted (exactly) on a miss. */
export function definitionTokens(tool: Definable): number {
  const text = definitionText(tool);
  const hash = createHash("sha1").update(text, "utf8").digest("base64");
  let tokens = counts.get(hash);
  if (tokens === undefined) {
    tokens = countTokens(text);
    // Bounded: past the limit the oldest count is forgotten first.
    if (counts.size >= CACHE_LIMIT) counts.delete(counts.keys().next().value!);
    counts.set(hash, tokens);
  }
  return tokens;
}
