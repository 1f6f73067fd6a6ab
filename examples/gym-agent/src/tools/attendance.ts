/**
 * Attendance (check-in) tools: today, statistics, a given date, a client's
 * visits, marking a check-in, and a date-range report.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays, checkDate, daysBetween, inRange, weekday } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { AttendanceRecord } from "../store/types.js";
import { countBy, dateField, idField, timeField } from "./shared.js";

/** Builds the 6 attendance tools over `store`. */
export function createAttendanceTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const row = (a: AttendanceRecord) => ({
    ...a,
    client: store.clientName(a.clientId),
    stillInside: a.date === store.today && a.checkOut === null,
  });
  const onDate = (date: string, branchId?: number) => {
    if (branchId !== undefined) store.branch(branchId);
    return data.attendance
      .filter((a) => a.date === date && (branchId === undefined || a.branchId === branchId))
      .sort((a, b) => a.checkIn.localeCompare(b.checkIn));
  };
  const topEntry = (counts: Record<string, number>) =>
    Object.entries(counts).reduce<[string, number] | null>((best, e) => (best === null || e[1] > best[1] ? e : best), null);
  return [
    tool(
      ({ branchId }) => {
        const records = onDate(store.today, branchId);
        return {
          date: store.today,
          total: records.length,
          stillInside: records.filter((a) => a.checkOut === null).length,
          checkIns: records.map(row),
        };
      },
      { name: "get_attendance_today", schema: z.object({ branchId: idField("branch to restrict to").optional() }) },
    ),
    tool(
      ({ days, branchId }) => {
        const period = days ?? 30;
        if (branchId !== undefined) store.branch(branchId);
        const from = addDays(store.today, -(period - 1));
        const records = data.attendance.filter(
          (a) => inRange(a.date, from, store.today) && (branchId === undefined || a.branchId === branchId),
        );
        const perDay = countBy(records, (a) => a.date);
        const busiest = topEntry(perDay);
        const peakHour = topEntry(countBy(records, (a) => a.checkIn.slice(0, 2)));
        return {
          from,
          to: store.today,
          totalVisits: records.length,
          uniqueClients: new Set(records.map((a) => a.clientId)).size,
          averagePerDay: Math.round((records.length / period) * 10) / 10,
          busiestDay: busiest ? { date: busiest[0], weekday: weekday(busiest[0]), visits: busiest[1] } : null,
          peakHour: peakHour ? `${peakHour[0]}:00` : null,
          byWeekday: countBy(records, (a) => weekday(a.date)),
        };
      },
      {
        name: "get_attendance_stats",
        schema: z.object({
          days: z.number().int().min(1).max(365).optional().describe("Length of the period ending today, in days (default 30)"),
          branchId: idField("branch to restrict to").optional(),
        }),
      },
    ),
    tool(
      ({ date, branchId }) => {
        checkDate(date);
        if (date > store.today) throw new Error(`Date ${date} is in the future (today is ${store.today})`);
        const records = onDate(date, branchId);
        return { date, weekday: weekday(date), total: records.length, checkIns: records.map(row) };
      },
      {
        name: "get_attendance_by_date",
        schema: z.object({ date: dateField("Day to look up"), branchId: idField("branch to restrict to").optional() }),
      },
    ),
    tool(
      ({ clientId, days }) => {
        const client = store.client(clientId);
        const from = addDays(store.today, -((days ?? 30) - 1));
        const visits = data.attendance
          .filter((a) => a.clientId === clientId && a.date >= from)
          .sort((a, b) => b.date.localeCompare(a.date));
        const last = data.attendance
          .filter((a) => a.clientId === clientId)
          .reduce<string | null>((m, a) => (m === null || a.date > m ? a.date : m), null);
        return {
          clientId,
          client: client.name,
          from,
          to: store.today,
          visits: visits.length,
          lastVisit: last,
          daysSinceLastVisit: last ? daysBetween(last, store.today) : null,
          records: visits,
        };
      },
      {
        name: "get_client_attendance",
        schema: z.object({
          clientId: idField("client"),
          days: z.number().int().min(1).max(365).optional().describe("How many days back to include (default 30)"),
        }),
      },
    ),
    tool(
      ({ clientId, checkIn, branchId }) => {
        const client = store.client(clientId);
        const membership = store.currentMembership(clientId);
        if (membership?.status !== "active" || membership.endDate < store.today || membership.startDate > store.today) {
          throw new Error(
            `Client ${client.name} (id ${clientId}) has no active membership today (status: ${membership?.status ?? "none"})`,
          );
        }
        const open = data.attendance.find((a) => a.clientId === clientId && a.date === store.today && a.checkOut === null);
        if (open) throw new Error(`Client ${client.name} is already checked in since ${open.checkIn}`);
        const record: AttendanceRecord = {
          id: store.nextId(data.attendance),
          clientId,
          branchId: branchId ?? client.branchId,
          date: store.today,
          checkIn,
          checkOut: null,
        };
        store.branch(record.branchId);
        data.attendance.push(record);
        return { checkedIn: row(record), visitsToday: onDate(store.today).length };
      },
      {
        name: "mark_attendance",
        schema: z.object({
          clientId: idField("client checking in"),
          checkIn: timeField("Check-in time"),
          branchId: idField("branch visited (defaults to the client's home branch)").optional(),
        }),
      },
    ),
    tool(
      ({ from, to, branchId }) => {
        checkDate(from);
        checkDate(to);
        if (to < from) throw new Error(`'to' (${to}) is before 'from' (${from})`);
        if (branchId !== undefined) store.branch(branchId);
        const records = data.attendance.filter((a) => inRange(a.date, from, to) && (branchId === undefined || a.branchId === branchId));
        const perDay = countBy(records, (a) => a.date);
        const days = [];
        for (let d = from; d <= to; d = addDays(d, 1)) days.push({ date: d, weekday: weekday(d), visits: perDay[d] ?? 0 });
        const topClients = Object.entries(countBy(records, (a) => String(a.clientId)))
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([id, visits]) => ({ clientId: Number(id), client: store.clientName(Number(id)), visits }));
        return { from, to, totalVisits: records.length, uniqueClients: new Set(records.map((a) => a.clientId)).size, days, topClients };
      },
      {
        name: "get_attendance_report",
        schema: z.object({
          from: dateField("First day of the report"),
          to: dateField("Last day of the report"),
          branchId: idField("branch to restrict to").optional(),
        }),
      },
    ),
  ];
}
