/**
 * @module What the select node and the middleware do with usage when a step starts: when the conversation ends with
 * tool results, record which calls succeeded, in the background. Recording never fails or delays the step.
 */
import { toolResultsObservation, type UsageRecorder } from "@dynamic-tools/core";
import type { RunnableConfig } from "@langchain/core/runnables";
import { callerFromConfig } from "../permissions/caller.js";

/** Options for learning from usage in the select node and the middleware. */
export interface UsageLearningOptions {
  /** Records each step's successful tool calls (and keeps its model in step with the store). */
  usage?: UsageRecorder;
  /** The scope recorded (e.g. a tenant); a function reads it from the run's config. */
  usageScope?: string | ((config: RunnableConfig | undefined) => string | undefined);
}

/** The caller recorded: the caller's `id` (or `userId`), else the thread. */
function callerId(config: RunnableConfig | undefined): string | undefined {
  const caller = callerFromConfig(config);
  for (const value of [caller.id, caller.userId, config?.configurable?.thread_id])
    if (typeof value === "string" && value !== "") return value;
  return undefined;
}

/**
 * Starts recording the observation of the step that just ended, if the messages end with tool results, and returns
 * at once: the step plans with what was learned before, and the next step with this too (`usage.flush()` waits for
 * it). Errors go to `console.warn`: learning is best effort and never stops the agent.
 */
export function recordStepUsage(
  messages: readonly unknown[],
  config: RunnableConfig | undefined,
  { usage, usageScope }: UsageLearningOptions,
): void {
  if (usage === undefined) return;
  const scope = typeof usageScope === "function" ? usageScope(config) : usageScope;
  const caller = callerId(config);
  const observation = toolResultsObservation(messages, {
    ...(scope === undefined ? {} : { scope }),
    ...(caller === undefined ? {} : { caller }),
  });
  if (observation !== undefined) usage.recordLater(observation);
}
