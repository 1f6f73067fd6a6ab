/**
 * @module One tool call's invocation guard, used by both executors: a failure that ToolNode could not report is
 * made reportable ({@link toReportable}), and an optional timeout aborts the tool's signal and fails the call with
 * code `TOOL_TIMEOUT`. The guarded tool is the same tool otherwise (its name, schema and metadata are inherited).
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { linkSignals } from "./linked-signal.js";
import { refusalReason, type ToolCallRefusal } from "./tool-call-refusal.js";
import { ToolCallFailure, toReportable } from "./tool-failure.js";

type Invoke = StructuredToolInterface["invoke"];

/**
 * The tool, invoked with failures made reportable and, when `timeoutMs` is set, cancelled after it: its signal
 * (`config.signal`, combined with the run's) aborts and the call fails with a `TOOL_TIMEOUT` {@link ToolCallFailure}.
 * The run's signal keeps no listener of a call once the call has ended.
 *
 * @param onFailure - told what the call failed with (as thrown to the executor).
 * @example
 * ```ts
 * await guardTool(slowTool, 5_000).invoke(toolCall, config); // throws ToolCallFailure (TOOL_TIMEOUT) after 5 s
 * ```
 */
export function guardTool(
  tool: StructuredToolInterface,
  timeoutMs: number | undefined,
  onFailure?: (failure: unknown) => void,
): StructuredToolInterface {
  const report = (error: unknown): unknown => {
    const reportable = toReportable(error);
    onFailure?.(reportable);
    return reportable;
  };
  const invoke = async function guardedInvoke(input: Parameters<Invoke>[0], config?: Parameters<Invoke>[1]): Promise<unknown> {
    if (timeoutMs === undefined) {
      try {
        return await tool.invoke(input, config);
      } catch (error) {
        throw report(error);
      }
    }
    const controller = new AbortController();
    const signals = [config?.signal, controller.signal].filter((signal): signal is AbortSignal => signal !== undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(function cancelTimedOutTool() {
        const refusal: ToolCallRefusal = { code: "TOOL_TIMEOUT", toolName: tool.name, timeoutMs };
        const failure = new ToolCallFailure(refusalReason(refusal), undefined, refusal);
        controller.abort(failure);
        reject(failure);
      }, timeoutMs);
    });
    // Released when the call ends: the run's signal outlives it, and must not keep a listener per call.
    const link = linkSignals(signals);
    try {
      return await Promise.race([tool.invoke(input, { ...config, signal: link.signal }), timedOut]);
    } catch (error) {
      throw report(error);
    } finally {
      clearTimeout(timer);
      link.release();
    }
  };
  return Object.create(tool, { invoke: { value: invoke, enumerable: false } }) as StructuredToolInterface;
}
