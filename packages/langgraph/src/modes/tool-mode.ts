/**
 * @module How tools reach the model each turn: `select` (pre-model selection), `search` (core tools + tool_search +
 * loaded tools), `both`, or `auto` / `auto:N` (bind everything while it is small, else a configured mode).
 */
import { DynamicToolsError } from "@dynamic-tools/core";

/** The modes a caller may ask for. `auto:N` switches at N% of the context window. */
export type ToolMode = "select" | "search" | "both" | "auto" | `auto:${number}`;

/** What a turn actually does once `auto` is decided: `all` binds every tool the caller may see. */
export type BindingMode = "select" | "search" | "both" | "all";

/** The modes `auto` may fall back to. */
export type FallbackMode = "select" | "search" | "both";

/** A parsed {@link ToolMode}. */
export type ParsedToolMode = { kind: FallbackMode } | { kind: "auto"; percent: number };

/** The default `auto` threshold: search instead of binding everything once the definitions exceed 10% of the context window. */
export const DEFAULT_AUTO_PERCENT = 10;

const MODES = ["select", "search", "both", "auto", "auto:N"];

/**
 * Parses and validates a mode.
 * @throws DynamicToolsError `INVALID_OPTION` naming the valid modes.
 * @example
 * ```ts
 * parseToolMode("auto:5"); // { kind: "auto", percent: 5 }
 * parseToolMode("search"); // { kind: "search" }
 * ```
 */
export function parseToolMode(mode: string): ParsedToolMode {
  if (mode === "select" || mode === "search" || mode === "both") return { kind: mode };
  if (mode === "auto") return { kind: "auto", percent: DEFAULT_AUTO_PERCENT };
  const match = /^auto:(\d+(?:\.\d+)?)$/.exec(mode);
  const percent = match === null ? Number.NaN : Number(match[1]);
  if (percent > 0 && percent <= 100) return { kind: "auto", percent };
  throw new DynamicToolsError("INVALID_OPTION", `Unknown mode "${mode}". Modes: ${MODES.join(", ")} (N a percentage in (0, 100]).`, {
    path: ["mode"],
  });
}

/**
 * True when a binding mode binds `tool_search`.
 *
 * @example
 * ```ts
 * usesSearch("both"); // true
 * usesSearch("all"); // false
 * ```
 */
export function usesSearch(mode: BindingMode): boolean {
  return mode === "search" || mode === "both";
}
