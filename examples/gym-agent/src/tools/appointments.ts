/**
 * One-to-one appointment tools: bookable services, free slots, the
 * appointment book, and booking an appointment with a trainer.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Appointment, Service } from "../store/types-ops.js";
import { dateField, idField, timeField } from "./shared.js";

const OPEN_HOUR = 6;
const CLOSE_HOUR = 21;

function toMinutes(time: string): number {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** Builds the 4 appointment tools over `store`. */
export function createAppointmentTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const service = (id: number) => store.find(data.services, id, "service");
  const busy = (trainerId: number, date: string, start: number, length: number) =>
    data.appointments.some((a) => {
      if (a.trainerId !== trainerId || a.date !== date || a.status === "cancelled") return false;
      const s = toMinutes(a.startTime);
      const e = s + (data.services.find((x) => x.id === a.serviceId)?.durationMinutes ?? 60);
      return start < e && s < start + length;
    });
  const freeSlots = (svc: Service, trainerId: number, date: string) => {
    const slots: string[] = [];
    for (let m = OPEN_HOUR * 60; m + svc.durationMinutes <= CLOSE_HOUR * 60; m += 60) {
      if (!busy(trainerId, date, m, svc.durationMinutes)) slots.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:00`);
    }
    return slots;
  };
  const view = (a: Appointment) => ({
    ...a,
    service: data.services.find((s) => s.id === a.serviceId)?.name ?? null,
    client: store.clientName(a.clientId),
    trainer: data.trainers.find((t) => t.id === a.trainerId)?.name ?? null,
  });
  return [
    tool(
      () => ({
        currency: data.gym.baseCurrency,
        services: data.services.map((s) => ({
          ...s,
          trainers: s.trainerIds.map((id) => data.trainers.find((t) => t.id === id)?.name ?? `Trainer ${id}`),
        })),
      }),
      { name: "get_services", schema: z.object({}) },
    ),
    tool(
      ({ serviceId, date, trainerId }) => {
        const svc = service(serviceId);
        if (date < store.today) throw new Error(`Date ${date} is in the past (today is ${store.today})`);
        if (trainerId !== undefined && !svc.trainerIds.includes(store.trainer(trainerId).id)) {
          throw new Error(`Trainer ${trainerId} does not offer "${svc.name}"`);
        }
        const trainers = trainerId === undefined ? svc.trainerIds : [trainerId];
        return {
          service: svc.name,
          date,
          durationMinutes: svc.durationMinutes,
          trainers: trainers.map((id) => ({
            trainerId: id,
            trainer: data.trainers.find((t) => t.id === id)?.name ?? null,
            slots: freeSlots(svc, id, date),
          })),
        };
      },
      {
        name: "get_available_slots",
        schema: z.object({
          serviceId: idField("service"),
          date: dateField("Day to check"),
          trainerId: idField("trainer (omit to check every trainer offering the service)").optional(),
        }),
      },
    ),
    tool(
      ({ date, clientId, trainerId, status }) => {
        const appointments = data.appointments
          .filter((a) => (date === undefined || a.date === date) && (clientId === undefined || a.clientId === clientId))
          .filter((a) => (trainerId === undefined || a.trainerId === trainerId) && (status === undefined || a.status === status))
          .sort((a, b) => `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`))
          .map(view);
        return { total: appointments.length, appointments };
      },
      {
        name: "get_appointments",
        schema: z.object({
          date: dateField("Only this day").optional(),
          clientId: idField("client").optional(),
          trainerId: idField("trainer").optional(),
          status: z.enum(["scheduled", "completed", "cancelled"]).optional().describe("Filter by status"),
        }),
      },
    ),
    tool(
      ({ serviceId, clientId, trainerId, date, startTime }) => {
        const svc = service(serviceId);
        const client = store.client(clientId);
        const trainer = store.trainer(trainerId);
        if (!svc.trainerIds.includes(trainerId)) throw new Error(`${trainer.name} does not offer "${svc.name}"`);
        if (date < store.today) throw new Error(`Date ${date} is in the past (today is ${store.today})`);
        const start = toMinutes(startTime);
        if (start < OPEN_HOUR * 60 || start + svc.durationMinutes > CLOSE_HOUR * 60)
          throw new Error(`${startTime} is outside bookable hours (06:00-21:00)`);
        if (busy(trainerId, date, start, svc.durationMinutes))
          throw new Error(`${trainer.name} is already booked at ${startTime} on ${date}`);
        const appointment: Appointment = {
          id: store.nextId(data.appointments),
          serviceId,
          clientId,
          trainerId,
          date,
          startTime,
          status: "scheduled",
        };
        data.appointments.push(appointment);
        return { booked: view(appointment), price: svc.price, client: client.name };
      },
      {
        name: "book_appointment",
        schema: z.object({
          serviceId: idField("service"),
          clientId: idField("client"),
          trainerId: idField("trainer providing the service"),
          date: dateField("Appointment day"),
          startTime: timeField("Start time"),
        }),
      },
    ),
  ];
}
