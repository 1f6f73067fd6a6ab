/**
 * Membership plan (pricing) tools: catalogue, details, creation and updates.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Plan } from "../store/types.js";
import { idField } from "./shared.js";

/** Builds the 4 plan tools over `store`. */
export function createPlanTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const activeMembers = (planId: number) => data.memberships.filter((m) => m.planId === planId && m.status !== "expired").length;
  return [
    tool(
      ({ includeInactive }) => {
        const plans = data.plans
          .filter((p) => includeInactive || p.active)
          .map((p) => ({
            ...p,
            pricePerMonth: Math.round((p.price / p.durationDays) * 30 * 100) / 100,
            currentMembers: activeMembers(p.id),
          }));
        return { currency: data.gym.baseCurrency, total: plans.length, plans };
      },
      {
        name: "get_membership_plans",
        schema: z.object({ includeInactive: z.boolean().optional().describe("Also list retired plans (default false)") }),
      },
    ),
    tool(
      ({ planId }) => {
        const plan = store.plan(planId);
        const offers = data.offers.filter(
          (o) => o.active && o.validTo >= store.today && (o.planIds.length === 0 || o.planIds.includes(planId)),
        );
        const amenities = data.amenities.filter((a) => a.includedInPlanIds.includes(planId)).map((a) => a.name);
        return {
          ...plan,
          currency: data.gym.baseCurrency,
          currentMembers: activeMembers(planId),
          includedAmenities: amenities,
          applicableOffers: offers.map((o) => ({ code: o.code, title: o.title })),
        };
      },
      { name: "get_plan_details", schema: z.object({ planId: idField("plan") }) },
    ),
    tool(
      ({ name, durationDays, price, description, features, maxFreezeDays }) => {
        if (data.plans.some((p) => p.name.toLowerCase() === name.toLowerCase())) throw new Error(`A plan named "${name}" already exists`);
        const plan: Plan = {
          id: store.nextId(data.plans),
          name,
          durationDays,
          price,
          description,
          features: features ?? [],
          maxFreezeDays: maxFreezeDays ?? 0,
          active: true,
        };
        data.plans.push(plan);
        return { created: plan };
      },
      {
        name: "create_plan",
        schema: z.object({
          name: z.string().min(2).describe("Plan name, e.g. 'Six-Month Flex'"),
          durationDays: z.number().int().min(1).max(730).describe("Length of the membership in days"),
          price: z.number().positive().describe("Price in the base currency"),
          description: z.string().min(3).describe("One-line description shown to members"),
          features: z.array(z.string()).optional().describe("Included features, e.g. ['group classes', 'sauna']"),
          maxFreezeDays: z.number().int().min(0).max(120).optional().describe("Days the membership may be frozen (default 0)"),
        }),
      },
    ),
    tool(
      ({ planId, ...changes }) => {
        const plan = store.plan(planId);
        if (Object.values(changes).every((v) => v === undefined)) throw new Error("update_plan needs at least one field to change");
        if (changes.price !== undefined) plan.price = changes.price;
        if (changes.description !== undefined) plan.description = changes.description;
        if (changes.features !== undefined) plan.features = changes.features;
        if (changes.maxFreezeDays !== undefined) plan.maxFreezeDays = changes.maxFreezeDays;
        if (changes.active !== undefined) plan.active = changes.active;
        return { updated: plan };
      },
      {
        name: "update_plan",
        schema: z.object({
          planId: idField("plan to update"),
          price: z.number().positive().optional().describe("New price in the base currency"),
          description: z.string().min(3).optional().describe("New description"),
          features: z.array(z.string()).optional().describe("Replacement feature list"),
          maxFreezeDays: z.number().int().min(0).max(120).optional().describe("New freeze allowance in days"),
          active: z.boolean().optional().describe("false retires the plan from sale"),
        }),
      },
    ),
  ];
}
