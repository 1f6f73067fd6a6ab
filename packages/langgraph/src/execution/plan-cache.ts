/**
 * @module The plans the middleware's `afterModel` made for a step, handed to `wrapToolCall` so each call is planned
 * once (a plan may list MCP sources). A plan is found by everything it depends on that can differ between runs:
 * the thread, the caller, the call's id and its digest (name and arguments); it is taken once. A call not found
 * (another process ran afterModel, or request tools were passed) is planned again. Bounded, oldest out first.
 */
import type { Caller } from "@dynamic-tools/core";
import type { ToolCall } from "@langchain/core/messages/tool";
import { callDigest } from "./approval.js";
import { canonicalJson } from "./canonical-json.js";
import type { CallPlan } from "./call-planner.js";

const DEFAULT_LIMIT = 10_000;

/** The key of one call's plan. */
export function planKey(thread: unknown, caller: Caller, call: Pick<ToolCall, "id" | "name" | "args">): string {
  return JSON.stringify([typeof thread === "string" ? thread : "", canonicalJson(caller), call.id ?? null, callDigest(call)]);
}

/**
 * Plans by call, each taken once.
 *
 * @example
 * ```ts
 * const plans = new PlanCache();
 * plans.setStep([[planKey(thread, caller, call), plan]]);
 * plans.take(planKey(thread, caller, call)); // plan, then undefined
 * ```
 */
export class PlanCache {
  readonly #plans = new Map<string, CallPlan[]>();
  readonly #limit: number;

  constructor(limit = DEFAULT_LIMIT) {
    this.#limit = limit;
  }

  /** Stores one step's plans, replacing what an earlier run of the same step stored under the same keys. */
  setStep(entries: ReadonlyArray<readonly [string, CallPlan]>): void {
    const step = new Map<string, CallPlan[]>();
    for (const [key, plan] of entries) step.set(key, [...(step.get(key) ?? []), plan]);
    for (const [key, plans] of step) {
      this.#plans.delete(key);
      this.#plans.set(key, plans);
    }
    while (this.#plans.size > this.#limit) this.#plans.delete(this.#plans.keys().next().value as string);
  }

  /** The next plan stored for this key, removed; undefined when there is none. */
  take(key: string): CallPlan | undefined {
    const plans = this.#plans.get(key);
    const plan = plans?.shift();
    if (plans !== undefined && plans.length === 0) this.#plans.delete(key);
    return plan;
  }
}
