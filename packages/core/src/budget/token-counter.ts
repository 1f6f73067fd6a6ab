/**
 * @module Counts the tokens of tool definitions with js-tiktoken's o200k_base (GPT-4o family). The encoder is
 * built on first use (about half a second), never at import.
 */
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import { toToolDefinition } from "./tool-definition.js";

let encoder: Tiktoken | undefined;

/** Tokens in a string, with o200k_base. */
export function countTokens(text: string): number {
  encoder ??= new Tiktoken(o200kBase);
  return encoder.encode(text).length;
}

/** Tokens of one tool's definition as sent (its OpenAI function JSON). */
export function countDefinitionTokens(tool: Pick<ToolMetadata, "name" | "description" | "parameters">): number {
  return countTokens(JSON.stringify(toToolDefinition(tool)));
}
