/**
 * Membership tools: statistics, expiring list, freeze/unfreeze, renewal and
 * per-client history.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays, daysBetween } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { Membership, MembershipEvent } from "../store/types.js";
import { checkOffer } from "./offers.js";
import { countBy, idField, sumBy } from "./shared.js";

/** Marks active memberships whose end date has passed as expired. */
export function refreshExpired(store: GymStore): void {
  for (const m of store.data.memberships) {
    if (m.status === "active" && m.endDate < store.today) m.status = "expired";
  }
}

function logEvent(store: GymStore, m: Membership, type: MembershipEvent["type"], note: string): void {
  const events = store.data.membershipEvents;
  events.push({ id: store.nextId(events), membershipId: m.id, clientId: m.clientId, type, date: store.today, note });
}

function requireMembership(store: GymStore, clientId: number): Membership {
  const client = store.client(clientId);
  refreshExpired(store);
  const membership = store.currentMembership(clientId);
  if (!membership) throw new Error(`Client ${client.name} (id ${clientId}) has no membership`);
  return membership;
}

/** Builds the 6 membership tools over `store`. */
export function createMembershipTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const planName = (id: number) => data.plans.find((p) => p.id === id)?.name ?? `Plan ${id}`;
  return [
    tool(
      ({ branchId }) => {
        refreshExpired(store);
        if (branchId !== undefined) store.branch(branchId);
        const inBranch = (m: Membership) => branchId === undefined || data.clients.find((c) => c.id === m.clientId)?.branchId === branchId;
        const memberships = data.memberships.filter(inBranch);
        const byStatus = { active: 0, frozen: 0, expired: 0, ...countBy(memberships, (m) => m.status) };
        const live = memberships.filter((m) => m.status !== "expired");
        return {
          total: memberships.length,
          byStatus,
          byPlan: countBy(live, (m) => planName(m.planId)),
          expiringIn7Days: live.filter((m) => m.status === "active" && daysBetween(store.today, m.endDate) <= 7).length,
          lifetimeValue: sumBy(memberships, (m) => m.pricePaid),
        };
      },
      { name: "get_membership_stats", schema: z.object({ branchId: idField("branch to restrict to").optional() }) },
    ),
    tool(
      ({ withinDays }) => {
        refreshExpired(store);
        const until = addDays(store.today, withinDays ?? 14);
        const expiring = data.memberships
          .filter((m) => m.status === "active" && m.endDate <= until && store.currentMembership(m.clientId)?.id === m.id)
          .sort((a, b) => a.endDate.localeCompare(b.endDate))
          .map((m) => ({
            membershipId: m.id,
            clientId: m.clientId,
            client: store.clientName(m.clientId),
            plan: planName(m.planId),
            endDate: m.endDate,
            daysLeft: daysBetween(store.today, m.endDate),
          }));
        return { until, total: expiring.length, memberships: expiring };
      },
      {
        name: "get_expiring_memberships",
        schema: z.object({ withinDays: z.number().int().min(0).max(120).optional().describe("Window in days from today (default 14)") }),
      },
    ),
    tool(
      ({ clientId, reason }) => {
        const m = requireMembership(store, clientId);
        if (m.status !== "active")
          throw new Error(`Membership ${m.id} of ${store.clientName(clientId)} is ${m.status}, only active memberships can be frozen`);
        const plan = store.plan(m.planId);
        if (plan.maxFreezeDays === 0) throw new Error(`Plan "${plan.name}" does not allow freezing`);
        m.status = "frozen";
        m.frozenOn = store.today;
        m.freezeReason = reason;
        logEvent(store, m, "frozen", reason);
        return {
          frozen: true,
          membershipId: m.id,
          client: store.clientName(clientId),
          plan: plan.name,
          frozenOn: m.frozenOn,
          maxFreezeDays: plan.maxFreezeDays,
        };
      },
      {
        name: "freeze_membership",
        schema: z.object({
          clientId: idField("client whose current membership to freeze"),
          reason: z.string().min(3).describe("Why the membership is paused, e.g. 'travelling for work'"),
        }),
      },
    ),
    tool(
      ({ clientId }) => {
        const m = requireMembership(store, clientId);
        if (m.status !== "frozen" || m.frozenOn === null)
          throw new Error(`Membership ${m.id} of ${store.clientName(clientId)} is ${m.status}, not frozen`);
        const plan = store.plan(m.planId);
        const frozenDays = daysBetween(m.frozenOn, store.today);
        const extension = Math.min(frozenDays, plan.maxFreezeDays);
        m.endDate = addDays(m.endDate, extension);
        m.status = m.endDate < store.today ? "expired" : "active";
        m.frozenOn = null;
        m.freezeReason = null;
        logEvent(store, m, "unfrozen", `Frozen ${frozenDays} days, end date extended by ${extension}`);
        return {
          unfrozen: true,
          membershipId: m.id,
          client: store.clientName(clientId),
          status: m.status,
          frozenDays,
          extendedByDays: extension,
          newEndDate: m.endDate,
        };
      },
      { name: "unfreeze_membership", schema: z.object({ clientId: idField("client whose frozen membership to resume") }) },
    ),
    tool(
      ({ clientId, planId, offerCode, paymentMethod }) => {
        const client = store.client(clientId);
        refreshExpired(store);
        const current = store.currentMembership(clientId);
        const chosenPlanId = planId ?? current?.planId;
        if (chosenPlanId === undefined)
          throw new Error(`planId is required: client ${client.name} (id ${clientId}) has no previous membership`);
        const plan = store.plan(chosenPlanId);
        if (!plan.active) throw new Error(`Plan "${plan.name}" (id ${plan.id}) is no longer sold`);
        let price = plan.price;
        if (offerCode !== undefined) {
          const check = checkOffer(store, offerCode, plan);
          if (!check.valid) throw new Error(check.reason);
          check.offer.usedCount += 1;
          price = check.finalPrice ?? price;
        }
        const startDate =
          current && current.status !== "expired" && current.endDate >= store.today ? addDays(current.endDate, 1) : store.today;
        const m: Membership = {
          id: store.nextId(data.memberships),
          clientId,
          planId: plan.id,
          status: "active",
          startDate,
          endDate: addDays(startDate, plan.durationDays - 1),
          pricePaid: price,
          frozenOn: null,
          freezeReason: null,
        };
        data.memberships.push(m);
        logEvent(store, m, current ? "renewed" : "purchased", offerCode ? `${plan.name} with code ${offerCode.toUpperCase()}` : plan.name);
        data.payments.push({
          id: store.nextId(data.payments),
          clientId,
          kind: "membership",
          amount: price,
          date: store.today,
          method: paymentMethod ?? "card",
          planId: plan.id,
          description: `${plan.name} membership`,
        });
        data.loyaltyTransactions.push({
          id: store.nextId(data.loyaltyTransactions),
          clientId,
          points: Math.floor(price),
          reason: `${plan.name} purchase`,
          date: store.today,
        });
        return { renewed: true, client: client.name, membership: m, plan: plan.name, charged: price };
      },
      {
        name: "renew_membership",
        schema: z.object({
          clientId: idField("client renewing"),
          planId: idField("plan to renew onto (defaults to the current plan)").optional(),
          offerCode: z.string().optional().describe("Promo code to apply to the price"),
          paymentMethod: z.enum(["card", "cash", "upi", "bank_transfer"]).optional().describe("How the client paid (default card)"),
        }),
      },
    ),
    tool(
      ({ clientId }) => {
        const client = store.client(clientId);
        refreshExpired(store);
        const memberships = data.memberships
          .filter((m) => m.clientId === clientId)
          .sort((a, b) => a.startDate.localeCompare(b.startDate))
          .map((m) => ({ ...m, plan: planName(m.planId) }));
        const events = data.membershipEvents.filter((e) => e.clientId === clientId).sort((a, b) => a.date.localeCompare(b.date));
        return { clientId, client: client.name, memberships, events, totalPaid: sumBy(memberships, (m) => m.pricePaid) };
      },
      { name: "get_membership_history", schema: z.object({ clientId: idField("client") }) },
    ),
  ];
}
