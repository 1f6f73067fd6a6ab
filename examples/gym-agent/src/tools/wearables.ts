/**
 * Wearable device tools: connected devices, synced daily data, and
 * disconnecting a device.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { WearableDay } from "../store/types-ops.js";
import { idField } from "./shared.js";

function average(days: readonly WearableDay[], pick: (d: WearableDay) => number): number | null {
  return days.length === 0 ? null : Math.round((days.reduce((s, d) => s + pick(d), 0) / days.length) * 10) / 10;
}

/** Builds the 3 wearable tools over `store`. */
export function createWearableTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ clientId, status }) => {
        if (clientId !== undefined) store.client(clientId);
        const connections = data.wearableConnections
          .filter((w) => (clientId === undefined || w.clientId === clientId) && (status === undefined || w.status === status))
          .map((w) => ({ ...w, client: store.clientName(w.clientId) }));
        return { total: connections.length, connections };
      },
      {
        name: "get_wearable_connections",
        schema: z.object({
          clientId: idField("client").optional(),
          status: z.enum(["connected", "disconnected"]).optional().describe("Filter by connection status"),
        }),
      },
    ),
    tool(
      ({ clientId, days }) => {
        const client = store.client(clientId);
        const connection = data.wearableConnections.find((w) => w.clientId === clientId);
        if (!connection) throw new Error(`${client.name} (id ${clientId}) has no wearable connected`);
        const since = addDays(store.today, -((days ?? 7) - 1));
        const daily = data.wearableDays
          .filter((d) => d.clientId === clientId && d.date >= since)
          .sort((a, b) => a.date.localeCompare(b.date));
        return {
          clientId,
          client: client.name,
          provider: connection.provider,
          connectionStatus: connection.status,
          lastSyncedOn: connection.lastSyncedOn,
          averages: {
            steps: average(daily, (d) => d.steps),
            activeMinutes: average(daily, (d) => d.activeMinutes),
            restingHeartRate: average(daily, (d) => d.restingHeartRate),
            sleepHours: average(daily, (d) => d.sleepHours),
          },
          daily,
        };
      },
      {
        name: "get_user_wearable_data",
        schema: z.object({
          clientId: idField("client"),
          days: z.number().int().min(1).max(90).optional().describe("Days of data ending today (default 7)"),
        }),
      },
    ),
    tool(
      ({ connectionId }) => {
        const connection = store.find(data.wearableConnections, connectionId, "wearable connection");
        if (connection.status === "disconnected") throw new Error(`Wearable connection ${connectionId} is already disconnected`);
        connection.status = "disconnected";
        return { disconnected: true, connectionId, provider: connection.provider, client: store.clientName(connection.clientId) };
      },
      { name: "disconnect_wearable", schema: z.object({ connectionId: idField("wearable connection") }) },
    ),
  ];
}
