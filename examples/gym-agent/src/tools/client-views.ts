/**
 * Read-model helpers that several tool categories use to present clients.
 */
import { daysBetween } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { Client } from "../store/types.js";

/** A compact client row with the current membership folded in. */
export function clientSummary(store: GymStore, client: Client) {
  const membership = store.currentMembership(client.id);
  return {
    id: client.id,
    name: client.name,
    phone: client.phone,
    email: client.email,
    branch: store.data.branches.find((b) => b.id === client.branchId)?.name ?? null,
    status: client.status,
    membershipStatus: membership?.status ?? "none",
    plan: membership ? (store.data.plans.find((p) => p.id === membership.planId)?.name ?? null) : null,
    membershipEnds: membership?.endDate ?? null,
  };
}

/** Last visit date and visit count in the last `days` days for a client. */
export function visitSummary(store: GymStore, clientId: number, days = 30) {
  const visits = store.data.attendance.filter((a) => a.clientId === clientId);
  const lastVisit = visits.reduce<string | null>((last, a) => (last === null || a.date > last ? a.date : last), null);
  const recent = visits.filter((a) => daysBetween(a.date, store.today) < days).length;
  return {
    lastVisit,
    daysSinceLastVisit: lastVisit === null ? null : daysBetween(lastVisit, store.today),
    visitsInPeriod: recent,
    periodDays: days,
  };
}
