/**
 * @module Learning only from what ran: the executors (DynamicToolNode, the middleware's wrapToolCall) record the
 * calls they executed successfully in a step, never calls read back from messages, which a client can write. An
 * observation is recorded in the background; recording never fails or delays the step.
 */
import type { Caller, ConversationMessage, UsageRecorder } from "@dynamic-tools/core";
import { readConversation } from "@dynamic-tools/core/internal";
import type { RunnableConfig } from "@langchain/core/runnables";
import { callerFromConfig } from "../permissions/caller.js";

/** Options for learning from usage in the executors (and the select node, which reads `usage` for co-usage). */
export interface UsageLearningOptions {
  /**
   * Records each step's successful tool calls, as executed by DynamicToolNode or the middleware's `wrapToolCall`
   * (and keeps its model in step with the store). A `UsageRecorder`: a bare `UsageModel` is refused when built
   * (`new UsageRecorder({ model })`, without a store, records into that model).
   */
  usage?: UsageRecorder;
  /** The scope recorded (e.g. a tenant); a function reads it from the run's config. */
  usageScope?: string | ((config: RunnableConfig | undefined) => string | undefined);
}

/**
 * The caller an observation is counted for (`maxPerCaller`), as the permission layer resolves the caller: its `id`
 * (or `userId`), else the whole caller record (callers who differ in nothing share one cap), else `"anonymous"`.
 * Never the thread: a caller gets one cap however many threads they open.
 *
 * @example
 * ```ts
 * usageCaller({ role: "owner", userId: "u1" }); // "u1"
 * usageCaller({ role: "trainer" }); // 'caller:{"role":"trainer"}'
 * usageCaller({}); // "anonymous"
 * ```
 */
export function usageCaller(caller: Caller): string {
  for (const value of [caller.id, caller.userId]) if (typeof value === "string" && value !== "") return value;
  const fields = Object.keys(caller)
    .sort()
    .filter((key) => ["string", "number", "boolean"].includes(typeof caller[key]))
    .map((key) => [key, caller[key]] as const);
  return fields.length === 0 ? "anonymous" : `caller:${JSON.stringify(Object.fromEntries(fields))}`;
}

/**
 * Starts recording what one step executed, and returns at once: `executed` are the names of the calls this library
 * ran successfully in the step, `messages` the conversation the step answered (its last human message is the
 * observation's message). Nothing is recorded when nothing ran successfully. Errors go to `console.warn`.
 *
 * @example
 * ```ts
 * recordExecutedStep(state.messages, ["get_staff_list"], config, { usage: recorder });
 * ```
 */
export function recordExecutedStep(
  messages: readonly unknown[],
  executed: readonly string[],
  config: RunnableConfig | undefined,
  { usage, usageScope }: UsageLearningOptions,
): void {
  if (usage === undefined || executed.length === 0) return;
  // The step's tools have run: a failure here (a usageScope function or a recorder that throws) must not lose
  // their results, nor make a retry run them again.
  try {
    const conversation = readConversation(
      messages.filter((message) => typeof message === "object" && message !== null) as ConversationMessage[],
    );
    if (conversation.current === "") return;
    const scope = typeof usageScope === "function" ? usageScope(config) : usageScope;
    usage.recordLater({
      message: conversation.current,
      ...(conversation.history.length === 0 ? {} : { history: conversation.history }),
      tools: [...new Set(executed)],
      ok: true,
      ...(scope === undefined ? {} : { scope }),
      caller: usageCaller(callerFromConfig(config)),
    });
  } catch (error) {
    console.warn(`dynamic-tools: could not record usage: ${reasonOf(error)}`);
  }
}

/** What a failed recording says, read without throwing (a thrown value may be anything). */
function reasonOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "the failure could not be read";
  }
}
