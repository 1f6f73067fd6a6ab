/**
 * Member goal tools: goals with progress, milestones and their completion.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Goal, GoalMilestone } from "../store/types.js";
import { dateField, idField } from "./shared.js";

const TYPES = ["weight_loss", "muscle_gain", "endurance", "flexibility", "habit"] as const;

/** Percentage of the way from start to target, clamped to 0..100. */
function progress(g: Goal): number {
  const span = g.targetValue - g.startValue;
  if (span === 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((g.currentValue - g.startValue) / span) * 1000) / 10));
}

/** Builds the 7 goal tools over `store`. */
export function createGoalTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const goal = (id: number) => store.find(data.goals, id, "goal");
  const view = (g: Goal) => ({
    ...g,
    progressPercent: progress(g),
    milestones: data.goalMilestones.filter((m) => m.goalId === g.id).length,
  });
  return [
    tool(
      ({ clientId, status }) => {
        const client = store.client(clientId);
        const goals = data.goals.filter((g) => g.clientId === clientId && (status === undefined || g.status === status)).map(view);
        return { clientId, client: client.name, total: goals.length, goals };
      },
      {
        name: "get_member_goals",
        schema: z.object({
          clientId: idField("client"),
          status: z.enum(["active", "achieved", "abandoned"]).optional().describe("Filter by goal status"),
        }),
      },
    ),
    tool(
      ({ clientId, title, type, unit, startValue, targetValue, targetDate }) => {
        store.client(clientId);
        if (targetDate <= store.today) throw new Error(`targetDate ${targetDate} must be after today (${store.today})`);
        if (startValue === targetValue) throw new Error("startValue and targetValue must differ");
        const created: Goal = {
          id: store.nextId(data.goals),
          clientId,
          title,
          type,
          unit,
          startValue,
          targetValue,
          currentValue: startValue,
          startDate: store.today,
          targetDate,
          status: "active",
        };
        data.goals.push(created);
        return { created: view(created) };
      },
      {
        name: "create_goal",
        schema: z.object({
          clientId: idField("client"),
          title: z.string().min(3).describe("Goal in plain words, e.g. 'Lose 5 kg'"),
          type: z.enum(TYPES).describe("Kind of goal"),
          unit: z.string().min(1).describe("Unit measured, e.g. 'kg', 'min', 'sessions/week'"),
          startValue: z.number().describe("Value today"),
          targetValue: z.number().describe("Value to reach"),
          targetDate: dateField("Deadline"),
        }),
      },
    ),
    tool(
      ({ goalId, currentValue }) => {
        const g = goal(goalId);
        if (g.status !== "active") throw new Error(`Goal ${goalId} is ${g.status}; only active goals can be updated`);
        g.currentValue = currentValue;
        if (progress(g) >= 100) g.status = "achieved";
        return { updated: view(g), achieved: g.status === "achieved" };
      },
      {
        name: "update_goal_progress",
        schema: z.object({ goalId: idField("goal"), currentValue: z.number().describe("Latest measured value") }),
      },
    ),
    tool(
      ({ goalId }) => {
        const removed = store.remove(data.goals, goalId, "goal");
        const before = data.goalMilestones.length;
        data.goalMilestones = data.goalMilestones.filter((m) => m.goalId !== goalId);
        return { deleted: { id: removed.id, title: removed.title }, milestonesRemoved: before - data.goalMilestones.length };
      },
      { name: "delete_goal", schema: z.object({ goalId: idField("goal to delete with its milestones") }) },
    ),
    tool(
      ({ goalId }) => {
        const g = goal(goalId);
        const milestones = data.goalMilestones
          .filter((m) => m.goalId === goalId)
          .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
          .map((m) => ({ ...m, overdue: m.completedOn === null && m.dueDate < store.today }));
        return {
          goalId,
          goal: g.title,
          total: milestones.length,
          completed: milestones.filter((m) => m.completedOn !== null).length,
          milestones,
        };
      },
      { name: "get_goal_milestones", schema: z.object({ goalId: idField("goal") }) },
    ),
    tool(
      ({ goalId, title, targetValue, dueDate }) => {
        const g = goal(goalId);
        if (dueDate > g.targetDate) throw new Error(`Milestone due ${dueDate} is after the goal's target date ${g.targetDate}`);
        const milestone: GoalMilestone = { id: store.nextId(data.goalMilestones), goalId, title, targetValue, dueDate, completedOn: null };
        data.goalMilestones.push(milestone);
        return { created: milestone, goal: g.title };
      },
      {
        name: "create_goal_milestone",
        schema: z.object({
          goalId: idField("goal"),
          title: z.string().min(3).describe("Milestone description, e.g. 'Down to 85 kg'"),
          targetValue: z.number().describe("Value marking the milestone"),
          dueDate: dateField("When the milestone should be reached"),
        }),
      },
    ),
    tool(
      ({ milestoneId }) => {
        const milestone = store.find(data.goalMilestones, milestoneId, "milestone");
        if (milestone.completedOn !== null) throw new Error(`Milestone ${milestoneId} was already completed on ${milestone.completedOn}`);
        milestone.completedOn = store.today;
        return { completed: milestone, onTime: milestone.dueDate >= store.today };
      },
      { name: "complete_goal_milestone", schema: z.object({ milestoneId: idField("milestone") }) },
    ),
  ];
}
