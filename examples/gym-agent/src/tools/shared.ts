/**
 * Schema fragments and small helpers shared by the gym tool factories.
 */
import { z } from "zod";

/** A positive integer id field, described as `<what> id`. */
export function idField(what: string) {
  return z.number().int().positive().describe(`Numeric id of the ${what}`);
}

/** An ISO date (`YYYY-MM-DD`) field with the given description. */
export function dateField(description: string) {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the YYYY-MM-DD format")
    .describe(`${description} (YYYY-MM-DD)`);
}

/** A `HH:MM` 24-hour time field with the given description. */
export function timeField(description: string) {
  return z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the HH:MM 24-hour format")
    .describe(`${description} (HH:MM, 24-hour)`);
}

/** An optional result-size cap. */
export const limitField = z.number().int().min(1).max(200).optional().describe("Maximum number of results to return (default 50)");

/** Rounds to cents. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Sums `pick(item)` over `items`, rounded to cents. */
export function sumBy<T>(items: readonly T[], pick: (item: T) => number): number {
  return round2(items.reduce((total, item) => total + pick(item), 0));
}

/** Counts items per key. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

/** Percentage `part / whole`, one decimal, 0 when `whole` is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}

/** Case-insensitive substring test. */
export function matchesText(haystack: string, needle: string | undefined): boolean {
  return needle === undefined || haystack.toLowerCase().includes(needle.toLowerCase());
}
