/**
 * @module The options both executors take (DynamicToolNode and the middleware's wrapToolCall) that would otherwise
 * fail on the first tool call, or be ignored: checked when the executor is built.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { describeValue, formatPath, isLangChainTool, isRecord } from "@dynamic-tools/core/internal";

/** The executor options {@link checkExecutorOptions} reads. */
export interface ExecutorOptionsToCheck {
  sources?: unknown;
  extraTools?: unknown;
  exclude?: unknown;
  platform?: unknown;
  requestTools?: unknown;
  approvalClaims?: unknown;
  usageScope?: unknown;
}

/**
 * Checks the shapes the executors would trip over on their first call (`sources: {}`, `exclude: "x"`,
 * `approvalClaims: {}`).
 * @throws DynamicToolsError `INVALID_OPTION` naming the option (or entry) and what is valid.
 * @example
 * ```ts
 * checkExecutorOptions({ sources: {} }); // throws: sources must be a list of tool providers (objects with a tools() method), got an object.
 * ```
 */
export function checkExecutorOptions({
  sources,
  extraTools,
  exclude,
  platform,
  requestTools,
  approvalClaims,
  usageScope,
}: ExecutorOptionsToCheck): void {
  const bad = (path: Array<string | number>, valid: string, value: unknown) =>
    new DynamicToolsError("INVALID_OPTION", `${formatPath(path)} must be ${valid}, got ${describeValue(value)}.`, { path });
  const checkList = (key: string, list: unknown, valid: (entry: unknown) => boolean, what: string) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) throw bad([key], `a list of ${what}`, list);
    const index = list.findIndex((entry) => !valid(entry));
    if (index >= 0) throw bad([key, index], `one of ${what}`, list[index]);
  };
  checkList("extraTools", extraTools, isLangChainTool, "LangChain tools");
  checkList(
    "sources",
    sources,
    (entry) => isRecord(entry) && typeof entry.tools === "function",
    "tool providers (objects with a tools() method)",
  );
  checkList("exclude", exclude, (entry) => typeof entry === "string", "tool names");
  if (requestTools !== undefined && typeof requestTools !== "function")
    throw bad(["requestTools"], "a function (config) => tools", requestTools);
  if (platform !== undefined && typeof platform !== "string") throw bad(["platform"], "a platform name", platform);
  if (approvalClaims !== undefined && !(isRecord(approvalClaims) && typeof approvalClaims.claim === "function"))
    throw bad(["approvalClaims"], "an ApprovalClaimStore (an object with a claim(key) method)", approvalClaims);
  if (usageScope !== undefined && typeof usageScope !== "string" && typeof usageScope !== "function")
    throw bad(["usageScope"], "a scope name or a function (config) => scope", usageScope);
}
