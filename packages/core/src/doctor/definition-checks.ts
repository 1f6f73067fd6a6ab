/**
 * @module Checks of each tool's definition alone: empty or one-line descriptions, parameters without a description,
 * names a provider rejects and definitions over a token size. Pure.
 */
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import { splitWords } from "../text/tokenize.js";
import type { DoctorFinding } from "./doctor-finding.js";

/** A description shorter than this many words is "one line": it says what, rarely when or what it returns. */
export const SHORT_DESCRIPTION_WORDS = 6;

/**
 * Empty descriptions (`empty-description`) and descriptions of one line under {@link SHORT_DESCRIPTION_WORDS} words
 * (`short-description`).
 * @example
 * ```ts
 * descriptionFindings([{ name: "ping", description: "" } as ToolMetadata]); // [{ check: "empty-description", … }]
 * ```
 */
export function descriptionFindings(
  tools: readonly Pick<ToolMetadata, "name" | "description">[],
  minWords = SHORT_DESCRIPTION_WORDS,
): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const tool of tools) {
    const text = tool.description.trim();
    if (text === "") {
      findings.push({
        check: "empty-description",
        severity: "warning",
        tools: [tool.name],
        message: `${tool.name} has no description: only its name can find it, and the model guesses what it does.`,
        fix: `tools: - name: ${tool.name}: add description: what it does, what it returns, and when to use it.`,
      });
      continue;
    }
    const words = splitWords(text).length;
    if (!text.includes("\n") && words < minWords) {
      findings.push({
        check: "short-description",
        severity: "info",
        tools: [tool.name],
        message: `${tool.name}'s description is one line of ${words} word${words === 1 ? "" : "s"}: ${JSON.stringify(text)}.`,
        fix: `tools: - name: ${tool.name}: extend description with what it returns and its inputs, or add whenToUse.`,
      });
    }
  }
  return findings;
}

interface SchemaNode {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  description?: unknown;
}

/** Paths (`a`, `a.b`, `list[].c`) of parameters without a description, nested ones included (4 levels). */
export function undescribedParameters(schema: unknown, prefix = "", depth = 0): string[] {
  if (depth > 4 || typeof schema !== "object" || schema === null) return [];
  const node = schema as SchemaNode;
  const missing: string[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = `${prefix}${name}`;
    if (typeof child?.description !== "string" || child.description.trim() === "") missing.push(path);
    missing.push(...undescribedParameters(child, `${path}.`, depth + 1));
  }
  if (node.items !== undefined) missing.push(...undescribedParameters(node.items, `${prefix.replace(/\.$/, "")}[].`, depth + 1));
  return missing;
}

/**
 * Tools with parameters that have no description (`parameter-description`).
 * @example
 * ```ts
 * parameterFindings([{ name: "t", parameters: { type: "object", properties: { id: { type: "string" } } } } as ToolMetadata]);
 * ```
 */
export function parameterFindings(tools: readonly Pick<ToolMetadata, "name" | "parameters" | "source">[]): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const tool of tools) {
    const missing = undescribedParameters(tool.parameters);
    if (missing.length === 0) continue;
    const shown = missing.slice(0, 5).join(", ") + (missing.length > 5 ? `, … (${missing.length} in all)` : "");
    findings.push({
      check: "parameter-description",
      severity: "info",
      tools: [tool.name],
      message: `${tool.name}: ${missing.length} parameter${missing.length === 1 ? " has" : "s have"} no description: ${shown}.`,
      fix:
        tool.source === "mcp"
          ? `its schema comes from its MCP server: add the description there (inputSchema.properties.${missing[0]}), or say what ${missing.slice(0, 3).join(", ")} ${missing.length === 1 ? "means" : "mean"} in whenToUse (tools: - name: ${tool.name}).`
          : `tools: - name: ${tool.name}: add description to parameters.properties.${missing[0]} (and the others): what the value means and its format.`,
    });
  }
  return findings;
}

/** The tool-name rules of the major providers' function-calling APIs. */
export const PROVIDER_NAME_RULES: readonly { provider: string; pattern: RegExp; rule: string }[] = [
  { provider: "OpenAI", pattern: /^[a-zA-Z0-9_-]{1,64}$/, rule: "letters, digits, _ and -, at most 64 characters" },
  { provider: "Anthropic", pattern: /^[a-zA-Z0-9_-]{1,64}$/, rule: "letters, digits, _ and -, at most 64 characters" },
  {
    provider: "Gemini",
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    rule: "starts with a letter or _, then letters, digits, _ . : -, at most 64 characters",
  },
];

/**
 * Names a provider rejects (`provider-name`, an error: a request that binds the tool fails).
 * @example
 * ```ts
 * providerNameFindings([{ name: "1password_lookup" } as ToolMetadata]); // Gemini rejects a leading digit
 * ```
 */
export function providerNameFindings(tools: readonly Pick<ToolMetadata, "name" | "unbindable">[]): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const tool of tools) {
    const rejecting = PROVIDER_NAME_RULES.filter((rule) => !rule.pattern.test(tool.name));
    if (rejecting.length === 0) continue;
    const suggestion =
      tool.name
        .replace(/[^a-zA-Z0-9_-]+/g, "_")
        .replace(/^[^a-zA-Z_]+/, "")
        .slice(0, 64) || "tool";
    findings.push({
      check: "provider-name",
      severity: "error",
      tools: [tool.name],
      message: `${tool.name}: ${rejecting.map((rule) => `${rule.provider} rejects this name (${rule.rule})`).join("; ")}.`,
      fix: `rename the tool (its name: in code or the catalog file), e.g. ${suggestion}.`,
    });
  }
  return findings;
}

/** Tokens above which one definition is reported. */
export const MAX_DEFINITION_TOKENS = 1_000;

/**
 * Definitions over `maxTokens` tokens as sent (`definition-size`).
 * @example
 * ```ts
 * definitionSizeFindings([{ name: "huge", tokens: 2400 }], 1000);
 * ```
 */
export function definitionSizeFindings(
  tools: readonly { name: string; tokens: number }[],
  maxTokens = MAX_DEFINITION_TOKENS,
): DoctorFinding[] {
  return tools
    .filter((tool) => tool.tokens > maxTokens)
    .map((tool) => ({
      check: "definition-size" as const,
      severity: "warning" as const,
      tools: [tool.name],
      message: `${tool.name}'s definition is ${tool.tokens.toLocaleString("en-US")} tokens (over ${maxTokens.toLocaleString("en-US")}): it is paid on every call that binds it.`,
      fix: `tools: - name: ${tool.name}: shorten its description and parameter descriptions, drop parameters the model never sets, or split it into smaller tools.`,
    }));
}
