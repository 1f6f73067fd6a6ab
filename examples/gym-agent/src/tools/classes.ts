/**
 * Group class tools: class types, scheduled sessions, a session's bookings,
 * and booking a client into a session.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { ClassBooking, ClassSession } from "../store/types-ops.js";
import { dateField, idField } from "./shared.js";

/** Builds the 4 class tools over `store`. */
export function createClassTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const booked = (sessionId: number) => data.classBookings.filter((b) => b.sessionId === sessionId && b.status !== "cancelled").length;
  const view = (s: ClassSession) => ({
    ...s,
    className: data.classTypes.find((c) => c.id === s.classTypeId)?.name ?? `Class ${s.classTypeId}`,
    trainer: data.trainers.find((t) => t.id === s.trainerId)?.name ?? null,
    branch: data.branches.find((b) => b.id === s.branchId)?.name ?? null,
    booked: booked(s.id),
    spotsLeft: s.capacity - booked(s.id),
  });
  return [
    tool(
      () => ({
        total: data.classTypes.length,
        classTypes: data.classTypes.map((c) => ({
          ...c,
          upcomingSessions: data.classSessions.filter((s) => s.classTypeId === c.id && s.date >= store.today).length,
        })),
      }),
      { name: "get_class_types", schema: z.object({}) },
    ),
    tool(
      ({ from, days, classTypeId, branchId, trainerId }) => {
        const start = from ?? store.today;
        const end = addDays(start, (days ?? 7) - 1);
        if (classTypeId !== undefined) store.find(data.classTypes, classTypeId, "class type");
        if (branchId !== undefined) store.branch(branchId);
        if (trainerId !== undefined) store.trainer(trainerId);
        const sessions = data.classSessions
          .filter((s) => s.date >= start && s.date <= end)
          .filter(
            (s) =>
              (classTypeId === undefined || s.classTypeId === classTypeId) &&
              (branchId === undefined || s.branchId === branchId) &&
              (trainerId === undefined || s.trainerId === trainerId),
          )
          .sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`))
          .map(view);
        return { from: start, to: end, total: sessions.length, sessions };
      },
      {
        name: "get_class_sessions",
        schema: z.object({
          from: dateField("First day to include; defaults to today").optional(),
          days: z.number().int().min(1).max(31).optional().describe("Number of days to include (default 7)"),
          classTypeId: idField("class type").optional(),
          branchId: idField("branch").optional(),
          trainerId: idField("trainer").optional(),
        }),
      },
    ),
    tool(
      ({ sessionId }) => {
        const session = store.find(data.classSessions, sessionId, "class session");
        const bookings = data.classBookings
          .filter((b) => b.sessionId === sessionId)
          .map((b) => ({ ...b, client: store.clientName(b.clientId) }));
        return { session: view(session), bookings };
      },
      { name: "get_session_bookings", schema: z.object({ sessionId: idField("class session") }) },
    ),
    tool(
      ({ sessionId, clientId }) => {
        const session = store.find(data.classSessions, sessionId, "class session");
        const client = store.client(clientId);
        if (session.date < store.today) throw new Error(`Session ${sessionId} was on ${session.date}; it can no longer be booked`);
        const membership = store.currentMembership(clientId);
        if (membership?.status !== "active")
          throw new Error(`${client.name} (id ${clientId}) has no active membership (status: ${membership?.status ?? "none"})`);
        if (data.classBookings.some((b) => b.sessionId === sessionId && b.clientId === clientId && b.status !== "cancelled")) {
          throw new Error(`${client.name} is already booked into session ${sessionId}`);
        }
        if (booked(sessionId) >= session.capacity) throw new Error(`Session ${sessionId} is full (${session.capacity} spots)`);
        const booking: ClassBooking = {
          id: store.nextId(data.classBookings),
          sessionId,
          clientId,
          status: "booked",
          bookedOn: store.today,
        };
        data.classBookings.push(booking);
        return { booked: { ...booking, client: client.name }, session: view(session) };
      },
      {
        name: "book_class_session",
        schema: z.object({ sessionId: idField("class session"), clientId: idField("client to book") }),
      },
    ),
  ];
}
