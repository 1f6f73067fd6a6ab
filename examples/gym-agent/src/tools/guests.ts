/**
 * Guest visit tools: day passes, trials and buddy visits.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays } from "../store/dates.js";
import type { GymStore } from "../store.js";
import { countBy, dateField, idField, percent, sumBy } from "./shared.js";

/** Builds the 2 guest tools over `store`. */
export function createGuestTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ from, to, branchId }) => {
        const start = from ?? addDays(store.today, -29);
        const end = to ?? store.today;
        if (branchId !== undefined) store.branch(branchId);
        const visits = data.guestVisits
          .filter((g) => g.date >= start && g.date <= end && (branchId === undefined || g.branchId === branchId))
          .sort((a, b) => b.date.localeCompare(a.date))
          .map((g) => ({ ...g, host: g.hostClientId === null ? null : store.clientName(g.hostClientId) }));
        return { from: start, to: end, total: visits.length, visits };
      },
      {
        name: "get_guest_visits",
        schema: z.object({
          from: dateField("First day; defaults to 30 days ago").optional(),
          to: dateField("Last day; defaults to today").optional(),
          branchId: idField("branch").optional(),
        }),
      },
    ),
    tool(
      ({ days }) => {
        const since = addDays(store.today, -((days ?? 30) - 1));
        const visits = data.guestVisits.filter((g) => g.date >= since);
        const converted = visits.filter((g) => g.convertedToLead).length;
        return {
          since,
          totalVisits: visits.length,
          byPassType: countBy(visits, (g) => g.passType),
          fees: sumBy(visits, (g) => g.fee),
          convertedToLeads: converted,
          conversionRatePercent: percent(converted, visits.length),
          broughtByMembers: visits.filter((g) => g.hostClientId !== null).length,
        };
      },
      {
        name: "get_guest_visit_stats",
        schema: z.object({ days: z.number().int().min(1).max(365).optional().describe("Period ending today, in days (default 30)") }),
      },
    ),
  ];
}
