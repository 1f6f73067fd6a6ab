/**
 * Equipment tools: inventory of machines, upcoming maintenance, and logging
 * a maintenance visit.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays, daysBetween } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { MaintenanceLog } from "../store/types-ops.js";
import { dateField, idField } from "./shared.js";

const STATUSES = ["operational", "needs_repair", "out_of_service"] as const;

/** Builds the 3 equipment tools over `store`. */
export function createEquipmentTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const branchName = (id: number) => data.branches.find((b) => b.id === id)?.name ?? `Branch ${id}`;
  return [
    tool(
      ({ branchId, status, category }) => {
        if (branchId !== undefined) store.branch(branchId);
        const items = data.equipment
          .filter(
            (e) =>
              (branchId === undefined || e.branchId === branchId) &&
              (status === undefined || e.status === status) &&
              (category === undefined || e.category === category),
          )
          .map((e) => ({ ...e, branch: branchName(e.branchId) }));
        return { total: items.length, needingAttention: items.filter((e) => e.status !== "operational").length, equipment: items };
      },
      {
        name: "get_equipment",
        schema: z.object({
          branchId: idField("branch").optional(),
          status: z.enum(STATUSES).optional().describe("Filter by condition"),
          category: z.enum(["cardio", "strength", "free_weights", "functional"]).optional().describe("Filter by equipment category"),
        }),
      },
    ),
    tool(
      ({ withinDays }) => {
        const until = addDays(store.today, withinDays ?? 14);
        const due = data.equipment
          .filter((e) => e.nextMaintenance <= until)
          .sort((a, b) => a.nextMaintenance.localeCompare(b.nextMaintenance))
          .map((e) => ({
            equipmentId: e.id,
            name: e.name,
            branch: branchName(e.branchId),
            status: e.status,
            nextMaintenance: e.nextMaintenance,
            inDays: daysBetween(store.today, e.nextMaintenance),
          }));
        return { until, total: due.length, overdue: due.filter((e) => e.inDays < 0).length, maintenance: due };
      },
      {
        name: "get_upcoming_maintenance",
        schema: z.object({ withinDays: z.number().int().min(0).max(365).optional().describe("Look-ahead window in days (default 14)") }),
      },
    ),
    tool(
      ({ equipmentId, type, notes, cost, technician, status, nextMaintenance }) => {
        const item = store.find(data.equipment, equipmentId, "equipment");
        const next = nextMaintenance ?? addDays(store.today, 90);
        if (next <= store.today) throw new Error(`nextMaintenance ${next} must be after today (${store.today})`);
        const log: MaintenanceLog = {
          id: store.nextId(data.maintenanceLogs),
          equipmentId,
          date: store.today,
          type,
          notes,
          cost: cost ?? 0,
          technician,
        };
        data.maintenanceLogs.push(log);
        item.lastMaintenance = store.today;
        item.nextMaintenance = next;
        if (status !== undefined) item.status = status;
        return { logged: log, equipment: { ...item, branch: branchName(item.branchId) } };
      },
      {
        name: "log_equipment_maintenance",
        schema: z.object({
          equipmentId: idField("equipment"),
          type: z.enum(["inspection", "repair", "servicing"]).describe("Kind of maintenance done"),
          notes: z.string().min(3).describe("What was done or found"),
          cost: z.number().nonnegative().optional().describe("Cost in the base currency (default 0)"),
          technician: z.string().min(2).describe("Who did the work"),
          status: z.enum(STATUSES).optional().describe("Condition after the work"),
          nextMaintenance: dateField("Next scheduled maintenance; defaults to 90 days from today").optional(),
        }),
      },
    ),
  ];
}
