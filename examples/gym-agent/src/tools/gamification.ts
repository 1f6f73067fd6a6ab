/**
 * Gamification tools: fitness challenges, leaderboards, creating and
 * joining challenges.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Challenge } from "../store/types-ops.js";
import { dateField, idField } from "./shared.js";

type ChallengeStatus = "upcoming" | "active" | "completed";

/** Builds the 4 gamification tools over `store`. */
export function createGamificationTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const statusOf = (c: Challenge): ChallengeStatus =>
    store.today < c.startDate ? "upcoming" : store.today > c.endDate ? "completed" : "active";
  const challenge = (id: number) => store.find(data.challenges, id, "challenge");
  return [
    tool(
      ({ status }) => {
        const challenges = data.challenges
          .map((c) => ({ ...c, status: statusOf(c), participants: data.challengeEntries.filter((e) => e.challengeId === c.id).length }))
          .filter((c) => status === undefined || c.status === status);
        return { total: challenges.length, challenges };
      },
      {
        name: "get_challenges",
        schema: z.object({ status: z.enum(["upcoming", "active", "completed"]).optional().describe("Filter by challenge status") }),
      },
    ),
    tool(
      ({ challengeId, limit }) => {
        const c = challenge(challengeId);
        const board = data.challengeEntries
          .filter((e) => e.challengeId === challengeId)
          .sort((a, b) => b.score - a.score)
          .slice(0, limit ?? 10)
          .map((e, i) => ({ rank: i + 1, clientId: e.clientId, client: store.clientName(e.clientId), score: e.score }));
        return { challengeId, name: c.name, metric: c.metric, status: statusOf(c), rewardPoints: c.rewardPoints, leaderboard: board };
      },
      {
        name: "get_challenge_leaderboard",
        schema: z.object({
          challengeId: idField("challenge"),
          limit: z.number().int().min(1).max(100).optional().describe("How many places to show (default 10)"),
        }),
      },
    ),
    tool(
      ({ name, metric, startDate, endDate, rewardPoints }) => {
        if (endDate < startDate) throw new Error(`endDate ${endDate} is before startDate ${startDate}`);
        if (endDate < store.today) throw new Error(`endDate ${endDate} is already in the past`);
        const created: Challenge = { id: store.nextId(data.challenges), name, metric, startDate, endDate, rewardPoints };
        data.challenges.push(created);
        return { created: { ...created, status: statusOf(created) } };
      },
      {
        name: "create_challenge",
        schema: z.object({
          name: z.string().min(3).describe("Challenge name, e.g. 'January Step-Up'"),
          metric: z.enum(["check_ins", "steps", "classes"]).describe("What participants are ranked by"),
          startDate: dateField("First day"),
          endDate: dateField("Last day"),
          rewardPoints: z.number().int().nonnegative().describe("Loyalty points for the winner"),
        }),
      },
    ),
    tool(
      ({ challengeId, clientId }) => {
        const c = challenge(challengeId);
        const client = store.client(clientId);
        if (statusOf(c) === "completed") throw new Error(`Challenge "${c.name}" ended on ${c.endDate}`);
        if (data.challengeEntries.some((e) => e.challengeId === challengeId && e.clientId === clientId))
          throw new Error(`${client.name} already joined "${c.name}"`);
        data.challengeEntries.push({ challengeId, clientId, score: 0, joinedOn: store.today });
        return {
          joined: true,
          challenge: c.name,
          client: client.name,
          participants: data.challengeEntries.filter((e) => e.challengeId === challengeId).length,
        };
      },
      { name: "join_challenge", schema: z.object({ challengeId: idField("challenge"), clientId: idField("client joining") }) },
    ),
  ];
}
