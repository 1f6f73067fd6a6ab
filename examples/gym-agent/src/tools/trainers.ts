/**
 * Trainer tools: the trainer roster and per-trainer workload statistics.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Trainer } from "../store/types.js";
import { idField } from "./shared.js";

/** Builds the 2 trainer tools over `store`. */
export function createTrainerTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const stats = (t: Trainer) => {
    const upcomingClasses = data.classSessions.filter((s) => s.trainerId === t.id && s.date >= store.today);
    const appointments = data.appointments.filter((a) => a.trainerId === t.id);
    return {
      trainerId: t.id,
      name: t.name,
      rating: t.rating,
      assignedClients: data.clients.filter((c) => c.trainerId === t.id).length,
      upcomingClasses: upcomingClasses.length,
      upcomingClassBookings: data.classBookings.filter((b) => b.status === "booked" && upcomingClasses.some((s) => s.id === b.sessionId))
        .length,
      appointmentsScheduled: appointments.filter((a) => a.status === "scheduled").length,
      appointmentsCompleted: appointments.filter((a) => a.status === "completed").length,
    };
  };
  return [
    tool(
      ({ branchId, specialty }) => {
        if (branchId !== undefined) store.branch(branchId);
        const trainers = data.trainers
          .filter((t) => branchId === undefined || t.branchId === branchId)
          .filter((t) => specialty === undefined || t.specialties.includes(specialty.toLowerCase()))
          .map((t) => ({
            ...t,
            branch: data.branches.find((b) => b.id === t.branchId)?.name ?? null,
            email: data.staff.find((s) => s.id === t.staffId)?.email ?? null,
            clients: data.clients.filter((c) => c.trainerId === t.id).map((c) => ({ id: c.id, name: c.name })),
          }));
        return { total: trainers.length, trainers };
      },
      {
        name: "get_trainers_list",
        schema: z.object({
          branchId: idField("branch to restrict to").optional(),
          specialty: z.string().optional().describe("Only trainers with this specialty, e.g. 'yoga'"),
        }),
      },
    ),
    tool(
      ({ trainerId }) => {
        if (trainerId !== undefined) return stats(store.trainer(trainerId));
        const all = data.trainers.map(stats);
        const ratings = data.trainers.map((t) => t.rating);
        return {
          totalTrainers: all.length,
          averageRating: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : null,
          clientsWithTrainer: data.clients.filter((c) => c.trainerId !== null).length,
          trainers: all,
        };
      },
      { name: "get_trainers_stats", schema: z.object({ trainerId: idField("trainer (omit for all trainers)").optional() }) },
    ),
  ];
}
