/**
 * Engagement and churn tools: a gym-wide dashboard, churn-risk alerts and a
 * per-member engagement score, all derived from attendance, memberships,
 * class bookings and goals.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { daysBetween } from "../store/dates.js";
import type { GymStore } from "../store.js";
import { visitSummary } from "./client-views.js";
import { idField, percent } from "./shared.js";

type Risk = "low" | "medium" | "high";
const RISK_ORDER: Record<Risk, number> = { low: 0, medium: 1, high: 2 };

/** Engagement score (0-100), churn risk and reasons for one client. */
export function engagementFor(store: GymStore, clientId: number) {
  const { data } = store;
  const client = store.client(clientId);
  const visits = visitSummary(store, clientId, 30);
  const membership = store.currentMembership(clientId);
  const classes = data.classBookings.filter((b) => b.clientId === clientId && b.status !== "cancelled").length;
  const activeGoals = data.goals.filter((g) => g.clientId === clientId && g.status === "active").length;
  const recency = visits.daysSinceLastVisit === null ? 0 : Math.max(0, 20 - visits.daysSinceLastVisit);
  const score = Math.min(100, Math.min(visits.visitsInPeriod, 20) * 3 + recency + Math.min(classes, 5) * 2 + Math.min(activeGoals, 2) * 5);
  const reasons: string[] = [];
  let risk: Risk = "low";
  if (membership?.status === "frozen") {
    risk = "medium";
    reasons.push("membership frozen");
  }
  if (visits.daysSinceLastVisit === null || visits.daysSinceLastVisit >= 14) {
    risk = "high";
    reasons.push(visits.daysSinceLastVisit === null ? "never visited" : `no visit for ${visits.daysSinceLastVisit} days`);
  } else if (visits.visitsInPeriod < 6) {
    if (risk === "low") risk = "medium";
    reasons.push(`only ${visits.visitsInPeriod} visits in 30 days`);
  }
  if (membership?.status === "active" && daysBetween(store.today, membership.endDate) <= 10) {
    if (risk === "low") risk = "medium";
    reasons.push(`membership ends ${membership.endDate}`);
  }
  return {
    clientId,
    client: client.name,
    score,
    risk,
    reasons,
    membershipStatus: membership?.status ?? "none",
    ...visits,
    classBookings: classes,
    activeGoals,
  };
}

/** Builds the 3 engagement tools over `store`. */
export function createEngagementTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const members = () =>
    data.clients.filter(
      (c) => c.status === "active" && store.currentMembership(c.id)?.status !== "expired" && store.currentMembership(c.id) !== undefined,
    );
  return [
    tool(
      () => {
        const rows = members().map((c) => engagementFor(store, c.id));
        const avg = rows.length ? Math.round(rows.reduce((t, r) => t + r.score, 0) / rows.length) : 0;
        const active30 = rows.filter((r) => r.visitsInPeriod > 0).length;
        return {
          members: rows.length,
          averageScore: avg,
          activeLast30DaysPercent: percent(active30, rows.length),
          riskBreakdown: {
            low: rows.filter((r) => r.risk === "low").length,
            medium: rows.filter((r) => r.risk === "medium").length,
            high: rows.filter((r) => r.risk === "high").length,
          },
          mostEngaged: [...rows]
            .sort((a, b) => b.score - a.score)
            .slice(0, 3)
            .map((r) => ({ clientId: r.clientId, client: r.client, score: r.score })),
          leastEngaged: [...rows]
            .sort((a, b) => a.score - b.score)
            .slice(0, 3)
            .map((r) => ({ clientId: r.clientId, client: r.client, score: r.score })),
        };
      },
      { name: "get_engagement_dashboard", schema: z.object({}) },
    ),
    tool(
      ({ minRisk }) => {
        const floor = RISK_ORDER[minRisk ?? "medium"];
        const alerts = members()
          .map((c) => engagementFor(store, c.id))
          .filter((r) => RISK_ORDER[r.risk] >= floor)
          .sort((a, b) => RISK_ORDER[b.risk] - RISK_ORDER[a.risk] || a.score - b.score)
          .map((r) => ({
            clientId: r.clientId,
            client: r.client,
            risk: r.risk,
            score: r.score,
            reasons: r.reasons,
            lastVisit: r.lastVisit,
          }));
        return { total: alerts.length, alerts };
      },
      {
        name: "get_churn_alerts",
        schema: z.object({
          minRisk: z.enum(["low", "medium", "high"]).optional().describe("Lowest risk level to include (default medium)"),
        }),
      },
    ),
    tool(({ clientId }) => engagementFor(store, clientId), {
      name: "get_member_engagement_score",
      schema: z.object({ clientId: idField("client") }),
    }),
  ];
}
