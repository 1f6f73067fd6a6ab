/**
 * Marketing campaign tools: campaign list and per-campaign performance.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import { idField, percent, round2 } from "./shared.js";

/** Builds the 2 campaign tools over `store`. */
export function createCampaignTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ status, channel }) => {
        const campaigns = data.campaigns
          .filter((c) => (status === undefined || c.status === status) && (channel === undefined || c.channel === channel))
          .map((c) => ({
            id: c.id,
            name: c.name,
            channel: c.channel,
            status: c.status,
            startDate: c.startDate,
            endDate: c.endDate,
            conversions: c.conversions,
          }));
        return { total: campaigns.length, campaigns };
      },
      {
        name: "get_campaigns",
        schema: z.object({
          status: z.enum(["draft", "scheduled", "running", "completed"]).optional().describe("Filter by campaign status"),
          channel: z.enum(["email", "sms", "whatsapp", "push"]).optional().describe("Filter by channel"),
        }),
      },
    ),
    tool(
      ({ campaignId }) => {
        const c = store.find(data.campaigns, campaignId, "campaign");
        return {
          ...c,
          openRatePercent: percent(c.opened, c.sent),
          clickRatePercent: percent(c.clicked, c.sent),
          conversionRatePercent: percent(c.conversions, c.sent),
          costPerConversion: c.conversions === 0 ? null : round2(c.budget / c.conversions),
        };
      },
      { name: "get_campaign_details", schema: z.object({ campaignId: idField("campaign") }) },
    ),
  ];
}
