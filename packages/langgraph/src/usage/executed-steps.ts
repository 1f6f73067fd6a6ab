/**
 * @module The calls the middleware's wrapToolCall executed successfully, by step, until the next `beforeModel` (or
 * `afterAgent`) of that run records them: provenance the executor keeps in its own memory, never read from
 * messages. A step is known by its thread, its caller and its AI message's calls; bounded, the oldest steps first out.
 */
import type { ToolCall } from "@langchain/core/messages/tool";

const DEFAULT_LIMIT = 10_000;

/** The key of one step: thread, caller and the calls of its AI message. */
export function stepKey(thread: unknown, caller: string, calls: ReadonlyArray<Pick<ToolCall, "id" | "name">>): string {
  return JSON.stringify([typeof thread === "string" ? thread : "", caller, calls.map((call) => [call.id ?? null, call.name])]);
}

/**
 * Executed calls by step.
 *
 * @example
 * ```ts
 * const steps = new ExecutedSteps();
 * steps.add(key, "get_staff_list");
 * steps.take(key); // ["get_staff_list"], and forgotten
 * ```
 */
export class ExecutedSteps {
  readonly #steps = new Map<string, string[]>();
  readonly #limit: number;

  constructor(limit = DEFAULT_LIMIT) {
    this.#limit = limit;
  }

  /** Notes that a call of the step ran successfully (the name that ran: an edit may have renamed it). */
  add(key: string, name: string): void {
    const names = this.#steps.get(key);
    if (names !== undefined) names.push(name);
    else {
      this.#steps.set(key, [name]);
      if (this.#steps.size > this.#limit) this.#steps.delete(this.#steps.keys().next().value as string);
    }
  }

  /** The names the step ran successfully, forgotten once taken. */
  take(key: string): string[] {
    const names = this.#steps.get(key) ?? [];
    this.#steps.delete(key);
    return names;
  }
}
