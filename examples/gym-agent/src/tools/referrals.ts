/**
 * Referral programme tools: listing, creating, status updates (rewarding
 * credits loyalty points), statistics and top referrers.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Referral } from "../store/types.js";
import { countBy, idField, percent } from "./shared.js";

const STATUSES = ["pending", "joined", "rewarded", "expired"] as const;
const REWARD_POINTS = 200;

/** Builds the 5 referral tools over `store`. */
export function createReferralTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const view = (r: Referral) => ({ ...r, referrer: store.clientName(r.referrerClientId) });
  return [
    tool(
      ({ status, referrerClientId }) => {
        if (referrerClientId !== undefined) store.client(referrerClientId);
        const referrals = data.referrals
          .filter(
            (r) =>
              (status === undefined || r.status === status) && (referrerClientId === undefined || r.referrerClientId === referrerClientId),
          )
          .map(view);
        return { total: referrals.length, referrals };
      },
      {
        name: "get_referrals_list",
        schema: z.object({
          status: z.enum(STATUSES).optional().describe("Filter by referral status"),
          referrerClientId: idField("client who made the referrals").optional(),
        }),
      },
    ),
    tool(
      ({ referrerClientId, refereeName, refereePhone }) => {
        const referrer = store.client(referrerClientId);
        if (data.referrals.some((r) => r.refereePhone === refereePhone && r.status === "pending")) {
          throw new Error(`${refereePhone} already has a pending referral`);
        }
        const referral: Referral = {
          id: store.nextId(data.referrals),
          referrerClientId,
          refereeName,
          refereePhone,
          status: "pending",
          createdOn: store.today,
          rewardPoints: REWARD_POINTS,
        };
        data.referrals.push(referral);
        return { created: view(referral), message: `${referrer.name} will earn ${REWARD_POINTS} points when ${refereeName} joins` };
      },
      {
        name: "create_referral",
        schema: z.object({
          referrerClientId: idField("existing client making the referral"),
          refereeName: z.string().min(2).describe("Name of the friend being referred"),
          refereePhone: z.string().min(7).describe("Friend's phone number"),
        }),
      },
    ),
    tool(
      ({ referralId, status }) => {
        const referral = store.find(data.referrals, referralId, "referral");
        if (referral.status === "rewarded") throw new Error(`Referral ${referralId} was already rewarded`);
        referral.status = status;
        let pointsCredited = 0;
        if (status === "rewarded") {
          pointsCredited = referral.rewardPoints;
          data.loyaltyTransactions.push({
            id: store.nextId(data.loyaltyTransactions),
            clientId: referral.referrerClientId,
            points: pointsCredited,
            reason: `Referral rewarded (${referral.refereeName})`,
            date: store.today,
          });
        }
        return { updated: view(referral), pointsCredited };
      },
      {
        name: "update_referral_status",
        schema: z.object({
          referralId: idField("referral"),
          status: z.enum(STATUSES).describe("New status; 'rewarded' credits the referrer's loyalty points"),
        }),
      },
    ),
    tool(
      () => {
        const byStatus = { pending: 0, joined: 0, rewarded: 0, expired: 0, ...countBy(data.referrals, (r) => r.status) };
        return {
          total: data.referrals.length,
          byStatus,
          conversionRatePercent: percent(byStatus.joined + byStatus.rewarded, data.referrals.length),
          pointsAwarded: data.referrals.filter((r) => r.status === "rewarded").reduce((t, r) => t + r.rewardPoints, 0),
        };
      },
      { name: "get_referral_stats", schema: z.object({}) },
    ),
    tool(
      ({ limit }) => {
        const ranking = Object.entries(countBy(data.referrals, (r) => String(r.referrerClientId)))
          .map(([id, total]) => {
            const mine = data.referrals.filter((r) => r.referrerClientId === Number(id));
            return {
              clientId: Number(id),
              client: store.clientName(Number(id)),
              referrals: total,
              successful: mine.filter((r) => r.status === "joined" || r.status === "rewarded").length,
            };
          })
          .sort((a, b) => b.successful - a.successful || b.referrals - a.referrals);
        return { referrers: ranking.slice(0, limit ?? 5) };
      },
      {
        name: "get_top_referrers",
        schema: z.object({ limit: z.number().int().min(1).max(50).optional().describe("How many referrers to return (default 5)") }),
      },
    ),
  ];
}
