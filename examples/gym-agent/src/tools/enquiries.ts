/**
 * Enquiry tools: walk-in / phone / web enquiries, their status and stats.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Enquiry } from "../store/types.js";
import { countBy, idField, limitField, percent } from "./shared.js";

const STATUSES = ["new", "contacted", "converted", "closed"] as const;

/** Builds the 4 enquiry tools over `store`. */
export function createEnquiryTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ status, source, limit }) => {
        const enquiries = data.enquiries
          .filter((e) => status === undefined || e.status === status)
          .filter((e) => source === undefined || e.source.toLowerCase() === source.toLowerCase())
          .sort((a, b) => b.createdOn.localeCompare(a.createdOn));
        return { total: enquiries.length, enquiries: enquiries.slice(0, limit ?? 50) };
      },
      {
        name: "get_enquiries_list",
        schema: z.object({
          status: z.enum(STATUSES).optional().describe("Filter by enquiry status"),
          source: z.string().optional().describe("Filter by source, e.g. 'website', 'walk-in', 'instagram'"),
          limit: limitField,
        }),
      },
    ),
    tool(
      ({ name, phone, email, source, interest, notes }) => {
        const enquiry: Enquiry = {
          id: store.nextId(data.enquiries),
          name,
          phone,
          email: email ?? null,
          source,
          interest,
          status: "new",
          createdOn: store.today,
          notes: notes ?? "",
        };
        data.enquiries.push(enquiry);
        return { created: enquiry };
      },
      {
        name: "create_enquiry",
        schema: z.object({
          name: z.string().min(2).describe("Prospect's full name"),
          phone: z.string().min(7).describe("Prospect's phone number"),
          email: z.string().email().optional().describe("Prospect's email address"),
          source: z.string().min(2).describe("Where the enquiry came from, e.g. 'walk-in', 'website', 'phone'"),
          interest: z.string().min(2).describe("What they asked about, e.g. 'Annual Premium' or 'yoga classes'"),
          notes: z.string().optional().describe("Free-text notes from the conversation"),
        }),
      },
    ),
    tool(
      ({ enquiryId, status, notes }) => {
        const enquiry = store.find(data.enquiries, enquiryId, "enquiry");
        if (status === undefined && notes === undefined) throw new Error("update_enquiry needs a status, notes, or both");
        if (status !== undefined) enquiry.status = status;
        if (notes !== undefined) enquiry.notes = enquiry.notes ? `${enquiry.notes}\n${notes}` : notes;
        return { updated: enquiry };
      },
      {
        name: "update_enquiry",
        schema: z.object({
          enquiryId: idField("enquiry"),
          status: z.enum(STATUSES).optional().describe("New status"),
          notes: z.string().optional().describe("Notes to append"),
        }),
      },
    ),
    tool(
      () => {
        const byStatus = { new: 0, contacted: 0, converted: 0, closed: 0, ...countBy(data.enquiries, (e) => e.status) };
        return {
          total: data.enquiries.length,
          byStatus,
          bySource: countBy(data.enquiries, (e) => e.source),
          conversionRatePercent: percent(byStatus.converted, data.enquiries.length),
          today: data.enquiries.filter((e) => e.createdOn === store.today).length,
        };
      },
      { name: "get_enquiry_stats", schema: z.object({}) },
    ),
  ];
}
