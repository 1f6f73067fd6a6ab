/**
 * @module A usage observation: one turn in which the model called tools, and whether they succeeded. What the
 * learning engine learns from. Validation is pure and names the bad field.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** One turn: the user's message and the tools the model called for it. */
export interface Observation {
  /** The user message the tools were called for. */
  message: string;
  /** Earlier human messages, oldest first. */
  history?: string[];
  /** Names of the tools that were called (and, when `ok`, returned without error). */
  tools: string[];
  /** Whether the calls succeeded: only successful observations teach anything. */
  ok: boolean;
  /** Whose usage this is (a tenant, an app): one scope's usage never ranks tools for another unless configured. */
  scope?: string;
  /** Who made the request (a user, a thread): one caller's weight is capped. */
  caller?: string;
  /** When, in milliseconds since the epoch. */
  at: number;
}

/** An observation as given to the API: `at` defaults to now, `ok` to true. */
export type ObservationInput = Omit<Observation, "at" | "ok"> & { at?: number | string | Date; ok?: boolean };

const KEYS = ["message", "history", "tools", "ok", "scope", "caller", "at"];

/**
 * Most distinct tools one observation may list: co-usage counts every pair of them, so a line of thousands (a file
 * anyone may have written) would cost memory by the square. One turn of a real agent calls a few.
 */
export const MAX_OBSERVED_TOOLS = 64;

/** The problem with an observation-like value, or the validated observation. */
export function checkObservation(value: unknown, now: () => number = Date.now): Observation | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `expected an object { "message", "tools" }`;
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0)
    return `unknown key${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => `"${key}"`).join(", ")} (allowed: ${KEYS.join(", ")})`;
  const { message, history, tools, ok = true, scope, caller, at } = record;
  if (typeof message !== "string" || message.trim() === "") return `"message" must be a non-empty string`;
  if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === "string" && tool !== ""))
    return `"tools" must be an array of tool names`;
  const distinct = new Set(tools as string[]);
  if (distinct.size > MAX_OBSERVED_TOOLS)
    return `"tools" lists ${distinct.size} different tools; one observation may list at most ${MAX_OBSERVED_TOOLS} (one turn's calls)`;
  if (history !== undefined && !(Array.isArray(history) && history.every((item) => typeof item === "string")))
    return `"history" must be an array of strings`;
  if (typeof ok !== "boolean") return `"ok" must be true or false`;
  if (scope !== undefined && (typeof scope !== "string" || scope === "")) return `"scope" must be a non-empty string`;
  if (caller !== undefined && (typeof caller !== "string" || caller === "")) return `"caller" must be a non-empty string`;
  const time = at === undefined ? now() : at instanceof Date ? at.getTime() : typeof at === "string" ? Date.parse(at) : at;
  if (typeof time !== "number" || !Number.isFinite(time))
    return `"at" must be a time (milliseconds, an ISO string or a Date), got ${JSON.stringify(at)}`;
  return {
    message,
    ...(history === undefined ? {} : { history: [...(history as string[])] }),
    tools: [...distinct],
    ok,
    ...(scope === undefined ? {} : { scope: scope as string }),
    ...(caller === undefined ? {} : { caller: caller as string }),
    at: time,
  };
}

/**
 * Validates an observation given through the API.
 * @throws DynamicToolsError `INVALID_OBSERVATION` naming the bad field.
 * @example
 * ```ts
 * toObservation({ message: "what's the weather in Oslo?", tools: ["get_weather"] }); // { …, ok: true, at: Date.now() }
 * ```
 */
export function toObservation(value: ObservationInput | unknown, now: () => number = Date.now): Observation {
  const checked = checkObservation(value, now);
  if (typeof checked === "string") throw new DynamicToolsError("INVALID_OBSERVATION", `Invalid observation: ${checked}.`);
  return checked;
}
