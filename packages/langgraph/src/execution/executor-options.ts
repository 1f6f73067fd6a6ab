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
  usage?: unknown;
  usageScope?: unknown;
}

/**
 * Checks the `usage` an executor records into: a `UsageRecorder` (its `recordLater`, and the `model` the selection
 * reads co-usage from). A `UsageModel` only learns, it records nothing: the executors would fail after the step's
 * tools ran, so it is refused here, with what to pass instead.
 * @throws DynamicToolsError `INVALID_OPTION` naming what was given.
 * @example
 * ```ts
 * checkUsageRecorder(new UsageModel({ catalog }));
 * // throws: usage must be a UsageRecorder (the calls that ran are recorded through it), got a UsageModel: pass new UsageRecorder({ model }) with that model, which records into it.
 * ```
 */
export function checkUsageRecorder(usage: unknown): void {
  if (usage === undefined) return;
  if (
    isRecord(usage) &&
    typeof usage.recordLater === "function" &&
    isRecord(usage.model) &&
    typeof usage.model.oftenUsedWith === "function"
  )
    return;
  const model = isRecord(usage) && typeof usage.oftenUsedWith === "function" && typeof usage.observe === "function";
  throw new DynamicToolsError(
    "INVALID_OPTION",
    model
      ? "usage must be a UsageRecorder (the calls that ran are recorded through it), got a UsageModel: pass new UsageRecorder({ model }) with that model, which records into it."
      : `usage must be a UsageRecorder (new UsageRecorder({ model, store? }): the calls that ran are recorded through it), got ${describeValue(usage)}.`,
    { path: ["usage"] },
  );
}

/**
 * The error for an option (or entry) at `path` that is not `valid`: "`tags[1]` must be a string, got number 5.".
 */
export function invalidOptionValue(path: Array<string | number>, valid: string, value: unknown): DynamicToolsError {
  return new DynamicToolsError("INVALID_OPTION", `${formatPath(path)} must be ${valid}, got ${describeValue(value)}.`, { path });
}

/**
 * Checks the shapes the executors would trip over on their first call (`sources: {}`, `exclude: "x"`,
 * `approvalClaims: {}`, a `usage` that is no recorder).
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
  usage,
  usageScope,
}: ExecutorOptionsToCheck): void {
  const checkList = (key: string, list: unknown, valid: (entry: unknown) => boolean, what: string) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) throw invalidOptionValue([key], `a list of ${what}`, list);
    const index = list.findIndex((entry) => !valid(entry));
    if (index >= 0) throw invalidOptionValue([key, index], `one of ${what}`, list[index]);
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
    throw invalidOptionValue(["requestTools"], "a function (config) => tools", requestTools);
  if (platform !== undefined && typeof platform !== "string") throw invalidOptionValue(["platform"], "a platform name", platform);
  if (approvalClaims !== undefined && !(isRecord(approvalClaims) && typeof approvalClaims.claim === "function"))
    throw invalidOptionValue(["approvalClaims"], "an ApprovalClaimStore (an object with a claim(key) method)", approvalClaims);
  checkUsageRecorder(usage);
  if (usageScope !== undefined && typeof usageScope !== "string" && typeof usageScope !== "function")
    throw invalidOptionValue(["usageScope"], "a scope name or a function (config) => scope", usageScope);
}
