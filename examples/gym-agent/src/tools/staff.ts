/**
 * Staff (employee) tools: roster, details, hiring, updates and removal.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { StaffMember } from "../store/types.js";
import { idField } from "./shared.js";

const ROLES = ["manager", "trainer", "receptionist", "nutritionist", "sales", "cleaner"] as const;
const STATUSES = ["active", "on_leave", "terminated"] as const;

/** Builds the 5 staff tools over `store`. */
export function createStaffTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const view = (s: StaffMember) => ({
    ...s,
    branch: data.branches.find((b) => b.id === s.branchId)?.name ?? null,
    trainerId: data.trainers.find((t) => t.staffId === s.id)?.id ?? null,
  });
  return [
    tool(
      ({ role, branchId, status }) => {
        if (branchId !== undefined) store.branch(branchId);
        const staff = data.staff
          .filter((s) => role === undefined || s.role === role)
          .filter((s) => branchId === undefined || s.branchId === branchId)
          .filter((s) => status === undefined || s.status === status)
          .map(view);
        return { total: staff.length, staff };
      },
      {
        name: "get_staff_list",
        schema: z.object({
          role: z.enum(ROLES).optional().describe("Filter by job role"),
          branchId: idField("branch to restrict to").optional(),
          status: z.enum(STATUSES).optional().describe("Filter by employment status"),
        }),
      },
    ),
    tool(
      ({ staffId }) => {
        const member = store.staffMember(staffId);
        const salaries = data.salaries.filter((s) => s.staffId === staffId);
        return {
          ...view(member),
          pendingSalaries: salaries.filter((s) => s.status === "pending").length,
          assignedLeads: data.leads.filter((l) => l.assignedStaffId === staffId && l.stage !== "won" && l.stage !== "lost").length,
        };
      },
      { name: "get_staff_details", schema: z.object({ staffId: idField("staff member") }) },
    ),
    tool(
      ({ name, role, email, phone, branchId, monthlySalary, specialties }) => {
        store.branch(branchId);
        if (data.staff.some((s) => s.email.toLowerCase() === email.toLowerCase()))
          throw new Error(`A staff member with email "${email}" already exists`);
        const member: StaffMember = {
          id: store.nextId(data.staff),
          name,
          role,
          email: email.toLowerCase(),
          phone,
          branchId,
          hiredOn: store.today,
          monthlySalary,
          status: "active",
        };
        data.staff.push(member);
        if (role === "trainer") {
          data.trainers.push({
            id: store.nextId(data.trainers),
            staffId: member.id,
            name,
            specialties: (specialties ?? []).map((s) => s.toLowerCase()),
            branchId,
            rating: 0,
          });
        }
        return { created: view(member) };
      },
      {
        name: "create_staff",
        schema: z.object({
          name: z.string().min(2).describe("Full name"),
          role: z.enum(ROLES).describe("Job role; 'trainer' also adds them to the trainer roster"),
          email: z.string().email().describe("Work email (must be unique)"),
          phone: z.string().min(7).describe("Phone number"),
          branchId: idField("branch they work at"),
          monthlySalary: z.number().positive().describe("Gross monthly salary in the base currency"),
          specialties: z.array(z.string()).optional().describe("Training specialties, for trainers only"),
        }),
      },
    ),
    tool(
      ({ staffId, ...changes }) => {
        const member = store.staffMember(staffId);
        if (Object.values(changes).every((v) => v === undefined)) throw new Error("update_staff needs at least one field to change");
        if (changes.branchId !== undefined) member.branchId = store.branch(changes.branchId).id;
        if (changes.role !== undefined) member.role = changes.role;
        if (changes.phone !== undefined) member.phone = changes.phone;
        if (changes.monthlySalary !== undefined) member.monthlySalary = changes.monthlySalary;
        if (changes.status !== undefined) member.status = changes.status;
        return { updated: view(member) };
      },
      {
        name: "update_staff",
        schema: z.object({
          staffId: idField("staff member to update"),
          role: z.enum(ROLES).optional().describe("New job role"),
          phone: z.string().min(7).optional().describe("New phone number"),
          branchId: idField("new branch").optional(),
          monthlySalary: z.number().positive().optional().describe("New gross monthly salary"),
          status: z.enum(STATUSES).optional().describe("New employment status"),
        }),
      },
    ),
    tool(
      ({ staffId }) => {
        const member = store.remove(data.staff, staffId, "staff");
        const trainer = data.trainers.find((t) => t.staffId === staffId);
        let unassignedClients = 0;
        if (trainer) {
          store.remove(data.trainers, trainer.id, "trainer");
          for (const c of data.clients) {
            if (c.trainerId === trainer.id) {
              c.trainerId = null;
              unassignedClients += 1;
            }
          }
        }
        for (const lead of data.leads) if (lead.assignedStaffId === staffId) lead.assignedStaffId = null;
        return { deleted: { id: member.id, name: member.name, role: member.role }, unassignedClients };
      },
      { name: "delete_staff", schema: z.object({ staffId: idField("staff member to remove permanently") }) },
    ),
  ];
}
