/**
 * Facility and amenity tools: amenities per plan/branch, facilities, adding
 * a facility and changing its status.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Facility } from "../store/types-ops.js";
import { idField } from "./shared.js";

const TYPES = ["pool", "sauna", "studio", "court", "locker_room", "recovery"] as const;
const STATUSES = ["open", "maintenance", "closed"] as const;

/** Builds the 4 facility tools over `store`. */
export function createFacilityTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const branchName = (id: number) => data.branches.find((b) => b.id === id)?.name ?? `Branch ${id}`;
  return [
    tool(
      ({ branchId, planId }) => {
        if (branchId !== undefined) store.branch(branchId);
        if (planId !== undefined) store.plan(planId);
        const amenities = data.amenities
          .filter((a) => branchId === undefined || a.branchIds.includes(branchId))
          .map((a) => ({
            ...a,
            branches: a.branchIds.map(branchName),
            includedInPlans: a.includedInPlanIds.map((id) => data.plans.find((p) => p.id === id)?.name ?? `Plan ${id}`),
            ...(planId === undefined ? {} : { includedForPlan: a.includedInPlanIds.includes(planId) }),
          }));
        return { total: amenities.length, amenities };
      },
      {
        name: "get_amenities_list",
        schema: z.object({
          branchId: idField("branch to restrict to").optional(),
          planId: idField("plan to check inclusion against").optional(),
        }),
      },
    ),
    tool(
      ({ branchId, status, type }) => {
        if (branchId !== undefined) store.branch(branchId);
        const facilities = data.facilities
          .filter(
            (f) =>
              (branchId === undefined || f.branchId === branchId) &&
              (status === undefined || f.status === status) &&
              (type === undefined || f.type === type),
          )
          .map((f) => ({ ...f, branch: branchName(f.branchId) }));
        return { total: facilities.length, facilities };
      },
      {
        name: "get_facilities_list",
        schema: z.object({
          branchId: idField("branch to restrict to").optional(),
          status: z.enum(STATUSES).optional().describe("Filter by current status"),
          type: z.enum(TYPES).optional().describe("Filter by facility type"),
        }),
      },
    ),
    tool(
      ({ name, type, branchId, capacity, openingHours }) => {
        store.branch(branchId);
        if (data.facilities.some((f) => f.branchId === branchId && f.name.toLowerCase() === name.toLowerCase())) {
          throw new Error(`Branch ${branchName(branchId)} already has a facility named "${name}"`);
        }
        const facility: Facility = { id: store.nextId(data.facilities), name, type, branchId, capacity, status: "open", openingHours };
        data.facilities.push(facility);
        return { created: { ...facility, branch: branchName(branchId) } };
      },
      {
        name: "create_facility",
        schema: z.object({
          name: z.string().min(2).describe("Facility name, e.g. 'Cold Plunge'"),
          type: z.enum(TYPES).describe("Kind of facility"),
          branchId: idField("branch the facility is in"),
          capacity: z.number().int().positive().describe("People allowed at once"),
          openingHours: z
            .string()
            .regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, "Use HH:MM-HH:MM")
            .describe("Daily hours as HH:MM-HH:MM"),
        }),
      },
    ),
    tool(
      ({ facilityId, status }) => {
        const facility = store.find(data.facilities, facilityId, "facility");
        const previous = facility.status;
        facility.status = status;
        return { facilityId, name: facility.name, previous, status };
      },
      {
        name: "update_facility_status",
        schema: z.object({ facilityId: idField("facility"), status: z.enum(STATUSES).describe("New status") }),
      },
    ),
  ];
}
