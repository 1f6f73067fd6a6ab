/**
 * Pure calendar helpers over ISO `YYYY-MM-DD` strings (UTC, no clock reads).
 */
import type { ISODate } from "./types.js";

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toUtc(date: ISODate): number {
  if (!ISO_DATE.test(date)) throw new Error(`Invalid date "${date}": expected YYYY-MM-DD`);
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`Invalid date "${date}": expected YYYY-MM-DD`);
  return ms;
}

/** Returns `date` shifted by `days` (may be negative). */
export function addDays(date: ISODate, days: number): ISODate {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: ISODate, to: ISODate): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The `YYYY-MM` month containing `date`. */
export function monthOf(date: ISODate): string {
  toUtc(date);
  return date.slice(0, 7);
}

/** The month before `month` (`YYYY-MM`). */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** English weekday name of `date`. */
export function weekday(date: ISODate): string {
  const names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  return names[new Date(toUtc(date)).getUTCDay()] ?? "Unknown";
}

/** Validates `date` and returns it unchanged; throws a clear error otherwise. */
export function checkDate(date: ISODate): ISODate {
  toUtc(date);
  return date;
}

/** True when `date` lies in the inclusive range [`from`, `to`]. */
export function inRange(date: ISODate, from: ISODate, to: ISODate): boolean {
  return date >= from && date <= to;
}
