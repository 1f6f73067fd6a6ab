/**
 * Loyalty programme tools: dashboard, reward catalogue, a member's points,
 * and redeeming a reward.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import { idField } from "./shared.js";

/** A client's current points balance. */
export function pointsBalance(store: GymStore, clientId: number): number {
  return store.data.loyaltyTransactions.filter((t) => t.clientId === clientId).reduce((sum, t) => sum + t.points, 0);
}

/** Builds the 4 loyalty tools over `store`. */
export function createLoyaltyTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      () => {
        const tx = data.loyaltyTransactions;
        const members = [...new Set(tx.map((t) => t.clientId))].map((id) => ({
          clientId: id,
          client: store.clientName(id),
          balance: pointsBalance(store, id),
        }));
        return {
          membersWithPoints: members.filter((m) => m.balance > 0).length,
          pointsIssued: tx.filter((t) => t.points > 0).reduce((s, t) => s + t.points, 0),
          pointsRedeemed: -tx.filter((t) => t.points < 0).reduce((s, t) => s + t.points, 0),
          outstandingPoints: members.reduce((s, m) => s + m.balance, 0),
          redemptions: tx.filter((t) => t.points < 0).length,
          topMembers: members.sort((a, b) => b.balance - a.balance).slice(0, 5),
        };
      },
      { name: "get_loyalty_dashboard", schema: z.object({}) },
    ),
    tool(
      ({ clientId }) => {
        if (clientId !== undefined) store.client(clientId);
        const balance = clientId === undefined ? null : pointsBalance(store, clientId);
        const rewards = data.rewards
          .filter((r) => r.active && r.stock > 0)
          .map((r) => ({ ...r, ...(balance === null ? {} : { affordable: balance >= r.pointsCost }) }));
        return { ...(balance === null ? {} : { clientId, balance }), total: rewards.length, rewards };
      },
      {
        name: "get_available_rewards",
        schema: z.object({ clientId: idField("client, to flag which rewards they can afford").optional() }),
      },
    ),
    tool(
      ({ clientId }) => {
        const client = store.client(clientId);
        const history = data.loyaltyTransactions.filter((t) => t.clientId === clientId).sort((a, b) => b.date.localeCompare(a.date));
        return { clientId, client: client.name, balance: pointsBalance(store, clientId), history };
      },
      { name: "get_member_loyalty_points", schema: z.object({ clientId: idField("client") }) },
    ),
    tool(
      ({ clientId, rewardId }) => {
        const client = store.client(clientId);
        const reward = store.find(data.rewards, rewardId, "reward");
        if (!reward.active) throw new Error(`Reward "${reward.name}" is no longer offered`);
        if (reward.stock <= 0) throw new Error(`Reward "${reward.name}" is out of stock`);
        const balance = pointsBalance(store, clientId);
        if (balance < reward.pointsCost)
          throw new Error(`${client.name} has ${balance} points; "${reward.name}" costs ${reward.pointsCost}`);
        reward.stock -= 1;
        data.loyaltyTransactions.push({
          id: store.nextId(data.loyaltyTransactions),
          clientId,
          points: -reward.pointsCost,
          reason: `Redeemed: ${reward.name}`,
          date: store.today,
        });
        return { redeemed: reward.name, client: client.name, pointsSpent: reward.pointsCost, newBalance: balance - reward.pointsCost };
      },
      { name: "redeem_reward", schema: z.object({ clientId: idField("client redeeming"), rewardId: idField("reward") }) },
    ),
  ];
}
