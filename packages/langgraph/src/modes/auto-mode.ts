/**
 * @module `auto` / `auto:N`, decided once at construction: bind every tool while all definitions fit in N% of the
 * model's context window and under `maxTools`; otherwise use the configured mode. Pure.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { KNOWN_CONTEXT_WINDOWS, contextWindowOf } from "./context-windows.js";
import type { BindingMode, FallbackMode } from "./tool-mode.js";

/** Why `auto` chose what it chose; part of every selection's explanation. */
export interface AutoModeDecision {
  /** N of `auto:N`. */
  percent: number;
  contextWindow: number;
  /** N% of the context window, in tokens. */
  thresholdTokens: number;
  /** Tokens of every definition `all` would bind. */
  definitionTokens: number;
  /** Tools `all` would bind. */
  toolCount: number;
  maxTools: number;
  /** The mode in force. */
  mode: BindingMode;
  reason: string;
}

/** Inputs of {@link decideAutoMode}. */
export interface DecideAutoModeInput {
  percent: number;
  /** An explicit context window; wins over `model`. */
  contextWindow?: number;
  /** The model's name, to look its context window up. */
  model?: string;
  definitionTokens: number;
  /** `definitionTokens` is an estimate (the explanation says "about N"). */
  estimated?: boolean;
  toolCount: number;
  maxTools: number;
  fallback: FallbackMode;
}

/**
 * `percent`% of `tokens`, rounded down to a whole token. The product is first rounded to 12 significant digits, so a
 * decimal percentage is not cut a token short by binary floating point (2.3% of 200,000 is 4,600, where
 * `Math.floor(200_000 * 2.3 / 100)` is 4,599): a catalog of exactly the threshold's tokens fits.
 */
function percentOf(tokens: number, percent: number): number {
  return Math.floor(Number(((tokens * percent) / 100).toPrecision(12)));
}

/**
 * Decides `auto`.
 * @throws DynamicToolsError `INVALID_OPTION` when the context window is neither given nor known for the model.
 * @example
 * ```ts
 * decideAutoMode({ percent: 10, model: "gpt-4o", definitionTokens: 16_881, toolCount: 137, maxTools: 128, fallback: "search" }).mode;
 * // "search": 16,881 tokens is over 10% of 128,000 (12,800)
 * ```
 */
export function decideAutoMode({
  percent,
  contextWindow,
  model,
  definitionTokens,
  estimated = false,
  toolCount,
  maxTools,
  fallback,
}: DecideAutoModeInput): AutoModeDecision {
  const window = contextWindow ?? (model === undefined ? undefined : contextWindowOf(model));
  if (window === undefined || !Number.isFinite(window) || window <= 0) {
    const which = model === undefined ? "the model's name is unknown" : `model "${model}" is not one of the known models`;
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `mode "auto" needs the model's context window: pass contextWindow (tokens), or a model name; ${which}. ` +
        `Known model prefixes: ${Object.keys(KNOWN_CONTEXT_WINDOWS).join(", ")}.`,
      { path: ["contextWindow"] },
    );
  }
  const thresholdTokens = percentOf(window, percent);
  const fitsTokens = definitionTokens <= thresholdTokens;
  const fitsCount = toolCount <= maxTools;
  const mode: BindingMode = fitsTokens && fitsCount ? "all" : fallback;
  const share = `${estimated ? "about " : ""}${definitionTokens.toLocaleString("en")} definition tokens ${fitsTokens ? "fit in" : "exceed"} ${percent}% of a ${window.toLocaleString("en")}-token context window (${thresholdTokens.toLocaleString("en")})`;
  const count = `${toolCount} tools ${fitsCount ? "fit" : "exceed"} maxTools (${maxTools})`;
  const reason =
    mode === "all" ? `auto: binding every tool: ${share} and ${count}` : `auto: using "${fallback}": ${fitsTokens ? count : share}`;
  return { percent, contextWindow: window, thresholdTokens, definitionTokens, toolCount, maxTools, mode, reason };
}
