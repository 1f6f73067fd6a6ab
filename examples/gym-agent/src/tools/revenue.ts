/**
 * Revenue tools: overall revenue statistics and membership sales.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays, checkDate, daysBetween, inRange } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { Payment } from "../store/types.js";
import { dateField, round2, sumBy } from "./shared.js";

function resolvePeriod(store: GymStore, from?: string, to?: string): { from: string; to: string } {
  const end = checkDate(to ?? store.today);
  const start = checkDate(from ?? `${store.today.slice(0, 7)}-01`);
  if (end < start) throw new Error(`'to' (${end}) is before 'from' (${start})`);
  return { from: start, to: end };
}

function totalsBy(payments: readonly Payment[], key: (p: Payment) => string): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const p of payments) totals[key(p)] = round2((totals[key(p)] ?? 0) + p.amount);
  return totals;
}

const periodSchema = z.object({
  from: dateField("First day of the period; defaults to the first of this month").optional(),
  to: dateField("Last day of the period; defaults to today").optional(),
});

/** Builds the 2 revenue tools over `store`. */
export function createRevenueTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const inPeriod = (from: string, to: string) => data.payments.filter((p) => inRange(p.date, from, to));
  return [
    tool(
      ({ from, to }) => {
        const period = resolvePeriod(store, from, to);
        const payments = inPeriod(period.from, period.to);
        const length = daysBetween(period.from, period.to) + 1;
        const previous = inPeriod(addDays(period.from, -length), addDays(period.from, -1));
        const total = sumBy(payments, (p) => p.amount);
        const previousTotal = sumBy(previous, (p) => p.amount);
        return {
          ...period,
          currency: data.gym.baseCurrency,
          total,
          transactions: payments.length,
          byKind: totalsBy(payments, (p) => p.kind),
          byMethod: totalsBy(payments, (p) => p.method),
          previousPeriodTotal: previousTotal,
          changePercent: previousTotal === 0 ? null : round2(((total - previousTotal) / previousTotal) * 100),
        };
      },
      { name: "get_revenue_stats", schema: periodSchema },
    ),
    tool(
      ({ from, to }) => {
        const period = resolvePeriod(store, from, to);
        const sales = inPeriod(period.from, period.to).filter((p) => p.kind === "membership");
        const byPlan = data.plans
          .map((plan) => {
            const planSales = sales.filter((p) => p.planId === plan.id);
            return { planId: plan.id, plan: plan.name, sold: planSales.length, revenue: sumBy(planSales, (p) => p.amount) };
          })
          .filter((row) => row.sold > 0);
        const renewals = sales.filter((p) => data.memberships.some((m) => m.clientId === p.clientId && m.startDate < p.date)).length;
        return {
          ...period,
          currency: data.gym.baseCurrency,
          membershipsSold: sales.length,
          newSales: sales.length - renewals,
          renewals,
          revenue: sumBy(sales, (p) => p.amount),
          byPlan,
        };
      },
      { name: "get_membership_sales", schema: periodSchema },
    ),
  ];
}
