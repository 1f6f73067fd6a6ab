/**
 * @module Checks against past usage: tools nobody called, and messages whose ranking did not find the tool they led
 * to (or found nothing at all).
 */
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import type { Observation } from "../usage/observation.js";
import { commonStems, distinctiveWords } from "./distinctive-words.js";
import { type DoctorFinding, quoted } from "./doctor-finding.js";
import { selectedOf } from "./self-retrieval.js";

/**
 * Tools (of `names`) no successful observation called (`never-called`). Nothing when there is no successful
 * observation (nothing to say).
 * @example
 * ```ts
 * neverCalledFindings(["a", "b"], [{ message: "x", tools: ["a"], ok: true, at: 0 }]); // b
 * ```
 */
export function neverCalledFindings(names: readonly string[], observations: readonly Observation[]): DoctorFinding[] {
  const called = new Set<string>();
  let successful = 0;
  for (const observation of observations) {
    if (!observation.ok) continue;
    successful++;
    for (const tool of observation.tools) called.add(tool);
  }
  if (successful === 0) return [];
  return names
    .filter((name) => !called.has(name))
    .map((name) => ({
      check: "never-called" as const,
      severity: "info" as const,
      tools: [name],
      message: `${name} was never called in ${successful.toLocaleString("en-US")} successful observations.`,
      fix: `check that its description says what users ask for (tools: - name: ${name}: description / keywords), or set enabled: false if nobody needs it.`,
    }));
}

/** A message the ranking missed: the tools it led to and where they ranked. */
export interface MissedMessage {
  readonly message: string;
  /** The tools called for it that were not in the top results. */
  readonly missed: readonly string[];
  /** Whether the ranking found no tool at all. */
  readonly foundNothing: boolean;
}

/**
 * Ranks each distinct successful message (at most `maxMessages`, spread evenly over the file) and returns those
 * whose top `top` holds none of the tools it led to (with `selected`, none of the best-scored tools, at any place:
 * see `selectedOf`).
 */
export async function missedMessages(
  observations: readonly Observation[],
  strategy: RetrievalStrategy,
  {
    top = 5,
    maxMessages = 2_000,
    known,
    selected,
  }: { top?: number; maxMessages?: number; known: (name: string) => boolean; selected?: { limit: number } },
): Promise<{ checked: number; distinct: number; missed: MissedMessage[] }> {
  const byMessage = new Map<string, Set<string>>();
  for (const observation of observations) {
    if (!observation.ok || observation.message.trim() === "") continue;
    const tools = byMessage.get(observation.message) ?? new Set<string>();
    for (const tool of observation.tools) if (known(tool)) tools.add(tool);
    byMessage.set(observation.message, tools);
  }
  const entries = [...byMessage].filter(([, tools]) => tools.size > 0);
  const step = Math.max(1, entries.length / maxMessages);
  const missed: MissedMessage[] = [];
  let checked = 0;
  for (let position = 0; position < entries.length; position += step) {
    const [message, tools] = entries[Math.floor(position)]!;
    checked++;
    const ranked = await strategy.rank({ query: message, limit: selected?.limit ?? top });
    const found = selected === undefined ? ranked : selectedOf(ranked);
    const names = new Set(found.map((entry) => entry.name));
    if ([...tools].some((tool) => names.has(tool))) continue;
    missed.push({ message, missed: [...tools], foundNothing: found.length === 0 });
  }
  return { checked, distinct: entries.length, missed };
}

/**
 * A message without the capitalised words inside its sentences (names such as "Acme" or "Jane Doe"): what a user
 * says about this one request, not words for the tool.
 * @example
 * ```ts
 * withoutNames("Remember that Acme's CFO is Jane Doe"); // "Remember that is"
 * ```
 */
export function withoutNames(message: string): string {
  return message
    .split(/(?<=[.!?])\s+/)
    .map((sentence) =>
      sentence
        .split(/\s+/)
        .filter((word, index) => index === 0 || !/^[A-Z]/.test(word))
        .join(" "),
    )
    .join(" ");
}

/**
 * One `missed-message` finding per tool the missed messages led to, most missed first, with example messages and
 * the words they use that the tool's text lacks (suggested as `keywords`; not the words the missed messages of a tenth
 * of the tools use, such as "looking" or "best": they say how users ask, not what for).
 * @example
 * ```ts
 * missedMessageFindings(missed, (name) => catalog.get(name)!);
 * ```
 */
export function missedMessageFindings(missed: readonly MissedMessage[], toolText: (name: string) => string, top = 5): DoctorFinding[] {
  const byTool = new Map<string, MissedMessage[]>();
  for (const entry of missed) for (const tool of entry.missed) byTool.set(tool, [...(byTool.get(tool) ?? []), entry]);
  const said = (entries: readonly MissedMessage[]) => entries.map((entry) => withoutNames(entry.message)).join(" ");
  const common = commonStems([...byTool.values()].map(said), 0.1, 3);
  return [...byTool]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([tool, entries]) => {
      const nothing = entries.filter((entry) => entry.foundNothing).length;
      const words = distinctiveWords(said(entries), [toolText(tool)], 5, { common });
      const examples = entries.slice(0, 3).map((entry) => quoted(entry.message, 60));
      return {
        check: "missed-message" as const,
        severity: "warning" as const,
        tools: [tool],
        message:
          `${entries.length} message${entries.length === 1 ? "" : "s"} that led to ${tool} did not find it in the top ${top}` +
          `${nothing > 0 ? ` (${nothing} found nothing at all)` : ""}, e.g. ${examples.join(", ")}.`,
        fix:
          words.length > 0
            ? `tools: - name: ${tool}: add keywords: [${words.join(", ")}] (words these messages use that its text lacks), or say it in whenToUse.`
            : `tools: - name: ${tool}: add whenToUse with the situations these messages describe.`,
      };
    });
}
