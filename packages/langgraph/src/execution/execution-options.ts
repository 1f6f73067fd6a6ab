/**
 * @module Tool timeouts: how long one tool call may run before the executor cancels it (aborting the signal the
 * tool was given) and answers with an error ToolMessage (code `TOOL_TIMEOUT`). Checked when the executor is built.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { didYouMean } from "@dynamic-tools/core/internal";

/** Per-tool and default time limits for tool calls, in milliseconds. */
export interface ToolTimeouts {
  /** Limit for every tool without its own. @defaultValue no limit */
  default?: number;
  /** Limits by tool name, over `default`. */
  tools?: Readonly<Record<string, number>>;
}

/** The longest delay a timer takes (2³¹ − 1 ms, about 24.8 days): Node fires a longer one at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

function checkMs(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `${path}: expected a number of milliseconds > 0, got ${typeof value === "number" ? value : typeof value}.`,
      { path: path.split(".") },
    );
  }
  if (value > MAX_TIMEOUT_MS) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `${path}: expected at most ${MAX_TIMEOUT_MS} milliseconds (about 24.8 days, the longest timer Node keeps; a longer one fires at once), got ${value}.`,
      { path: path.split(".") },
    );
  }
  return value;
}

/**
 * Validates timeouts once and returns the lookup of one tool's limit (undefined: no limit).
 * @throws DynamicToolsError `INVALID_OPTION` for a limit that is not a positive number of at most 2³¹ − 1 ms.
 * @example
 * ```ts
 * const timeoutOf = timeoutLookup({ default: 30_000, tools: { run_report: 120_000 } });
 * timeoutOf("run_report"); // 120000
 * ```
 */
export function timeoutLookup(timeouts: ToolTimeouts | undefined): (toolName: string) => number | undefined {
  if (timeouts === undefined) return () => undefined;
  if (typeof timeouts !== "object" || timeouts === null || Array.isArray(timeouts)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `timeouts: expected { default?, tools? } (milliseconds), got ${JSON.stringify(timeouts) ?? String(timeouts)}; a limit for every tool is { default: ${typeof timeouts === "number" ? timeouts : 30_000} }.`,
      { path: ["timeouts"] },
    );
  }
  for (const key of Object.keys(timeouts)) {
    if (key !== "default" && key !== "tools") {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `timeouts: unknown key ${JSON.stringify(key)}; valid: default, tools (a limit per tool name is tools: { ${JSON.stringify(key)}: … }).${didYouMean(key, ["default", "tools"])}`,
        { path: ["timeouts", key] },
      );
    }
  }
  if (timeouts.tools !== undefined && (typeof timeouts.tools !== "object" || timeouts.tools === null || Array.isArray(timeouts.tools))) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `timeouts.tools: expected { <tool name>: milliseconds }, got ${JSON.stringify(timeouts.tools)}.`,
      {
        path: ["timeouts", "tools"],
      },
    );
  }
  const fallback = timeouts.default === undefined ? undefined : checkMs(timeouts.default, "timeouts.default");
  const byTool = new Map(Object.entries(timeouts.tools ?? {}).map(([name, ms]) => [name, checkMs(ms, `timeouts.tools.${name}`)] as const));
  return (toolName) => byTool.get(toolName) ?? fallback;
}
