/**
 * Diet plan tools: listing, details, creation and assignment to clients.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { DietPlan } from "../store/types-ops.js";
import { idField, timeField } from "./shared.js";

const GOALS = ["weight_loss", "muscle_gain", "maintenance", "performance"] as const;

function macroCalories(d: Pick<DietPlan, "proteinG" | "carbsG" | "fatG">): number {
  return d.proteinG * 4 + d.carbsG * 4 + d.fatG * 9;
}

/** Builds the 4 diet tools over `store`. */
export function createDietTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ goal, clientId }) => {
        if (clientId !== undefined) store.client(clientId);
        const plans = data.dietPlans
          .filter((d) => (goal === undefined || d.goal === goal) && (clientId === undefined || d.assignedClientIds.includes(clientId)))
          .map(({ meals, ...d }) => ({ ...d, mealsPerDay: meals.length, assignedClients: d.assignedClientIds.length }));
        return { total: plans.length, dietPlans: plans };
      },
      {
        name: "get_diet_plans",
        schema: z.object({
          goal: z.enum(GOALS).optional().describe("Filter by nutrition goal"),
          clientId: idField("client whose assigned diets to list").optional(),
        }),
      },
    ),
    tool(
      ({ dietPlanId }) => {
        const plan = store.find(data.dietPlans, dietPlanId, "diet plan");
        return {
          ...plan,
          macroCalories: macroCalories(plan),
          createdBy: store.staffName(plan.createdByStaffId),
          assignedClients: plan.assignedClientIds.map((id) => ({ id, name: store.clientName(id) })),
        };
      },
      { name: "get_diet_plan_details", schema: z.object({ dietPlanId: idField("diet plan") }) },
    ),
    tool(
      ({ name, goal, dailyCalories, proteinG, carbsG, fatG, meals, createdByStaffId }) => {
        const author = createdByStaffId ?? data.staff.find((s) => s.role === "nutritionist")?.id;
        if (author === undefined) throw new Error("createdByStaffId is required: the gym has no nutritionist on staff");
        store.staffMember(author);
        const plan: DietPlan = {
          id: store.nextId(data.dietPlans),
          name,
          goal,
          dailyCalories,
          proteinG,
          carbsG,
          fatG,
          meals,
          createdByStaffId: author,
          assignedClientIds: [],
        };
        const fromMacros = macroCalories(plan);
        data.dietPlans.push(plan);
        const mismatch = Math.abs(fromMacros - dailyCalories) / dailyCalories > 0.15;
        return {
          created: plan,
          macroCalories: fromMacros,
          warning: mismatch ? `Macros add up to ${fromMacros} kcal, not ${dailyCalories}` : null,
        };
      },
      {
        name: "create_diet",
        schema: z.object({
          name: z.string().min(2).describe("Diet plan name, e.g. 'Vegetarian Cut'"),
          goal: z.enum(GOALS).describe("Nutrition goal"),
          dailyCalories: z.number().int().min(800).max(6000).describe("Daily calorie target (kcal)"),
          proteinG: z.number().nonnegative().describe("Daily protein in grams"),
          carbsG: z.number().nonnegative().describe("Daily carbohydrates in grams"),
          fatG: z.number().nonnegative().describe("Daily fat in grams"),
          meals: z
            .array(
              z.object({
                time: timeField("Meal time"),
                name: z.string().describe("Meal name, e.g. 'Breakfast'"),
                items: z.array(z.string()).min(1).describe("Foods with portions"),
              }),
            )
            .min(1)
            .describe("Meals of a typical day"),
          createdByStaffId: idField("staff member authoring the plan (defaults to the nutritionist)").optional(),
        }),
      },
    ),
    tool(
      ({ dietPlanId, clientId }) => {
        const plan = store.find(data.dietPlans, dietPlanId, "diet plan");
        const client = store.client(clientId);
        if (plan.assignedClientIds.includes(clientId)) throw new Error(`${client.name} already follows diet plan "${plan.name}"`);
        plan.assignedClientIds.push(clientId);
        return { assigned: true, dietPlan: plan.name, client: client.name, assignedClients: plan.assignedClientIds.length };
      },
      {
        name: "assign_diet_to_client",
        schema: z.object({ dietPlanId: idField("diet plan"), clientId: idField("client") }),
      },
    ),
  ];
}
