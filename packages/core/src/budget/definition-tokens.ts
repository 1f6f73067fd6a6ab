/**
 * @module Definition token counts remembered by the hash of the definition as sent, process-wide: a definition is
 * counted once however many catalogs (rebuilds, replicas in one process, live updates) hold it, and a snapshot can
 * hand its counts over without loading the tokenizer.
 */
import { createHash } from "node:crypto";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
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

/** The base64 sha1 of a definition's text: the key of its count in this cache and in snapshots. */
export function definitionHash(tool: Definable): string {
  return createHash("sha1").update(definitionText(tool), "utf8").digest("base64");
}

/** Remembers a definition's count (e.g. read from a snapshot) under its {@link definitionHash}. */
export function rememberDefinitionTokens(hash: string, tokens: number): void {
  if (counts.size >= CACHE_LIMIT) counts.delete(counts.keys().next().value!);
  counts.set(hash, tokens);
}

/** A remembered count, if any. */
export function knownDefinitionTokens(hash: string): number | undefined {
  return counts.get(hash);
}

/** Tokens of one tool's definition as sent: remembered by content hash, counted (exactly) on a miss. */
export function definitionTokens(tool: Definable): number {
  const text = definitionText(tool);
  const hash = createHash("sha1").update(text, "utf8").digest("base64");
  let tokens = counts.get(hash);
  if (tokens === undefined) {
    tokens = countTokens(text);
    rememberDefinitionTokens(hash, tokens);
  }
  return tokens;
}
