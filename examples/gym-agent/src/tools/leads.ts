/**
 * Lead (sales CRM) tools: pipeline listing, details, creation, edits, stage
 * moves, assignment, follow-ups, pipeline statistics and conversion.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays } from "../store/dates.js";
import type { GymStore } from "../store.js";
import { LEAD_STAGES, type Client, type Lead, type LeadFollowUp } from "../store/types.js";
import { countBy, dateField, idField, limitField, percent, sumBy } from "./shared.js";

const CHANNELS = ["call", "whatsapp", "email", "visit"] as const;

/** Builds the 10 lead tools over `store`. */
export function createLeadTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const lead = (id: number) => store.find(data.leads, id, "lead");
  const view = (l: Lead) => ({
    ...l,
    assignedTo: l.assignedStaffId === null ? null : store.staffName(l.assignedStaffId),
    interestedPlan: l.interestedPlanId === null ? null : (data.plans.find((p) => p.id === l.interestedPlanId)?.name ?? null),
  });
  const open = (l: Lead) => l.stage !== "won" && l.stage !== "lost";
  return [
    tool(
      ({ stage, assignedStaffId, source, limit }) => {
        const leads = data.leads
          .filter(
            (l) => (stage === undefined || l.stage === stage) && (assignedStaffId === undefined || l.assignedStaffId === assignedStaffId),
          )
          .filter((l) => source === undefined || l.source.toLowerCase() === source.toLowerCase())
          .sort((a, b) => b.createdOn.localeCompare(a.createdOn));
        return { total: leads.length, leads: leads.slice(0, limit ?? 50).map(view) };
      },
      {
        name: "get_leads_list",
        schema: z.object({
          stage: z.enum(LEAD_STAGES).optional().describe("Filter by pipeline stage"),
          assignedStaffId: idField("staff member the leads are assigned to").optional(),
          source: z.string().optional().describe("Filter by source, e.g. 'website' or 'referral'"),
          limit: limitField,
        }),
      },
    ),
    tool(({ leadId }) => ({ ...view(lead(leadId)), followUps: data.leadFollowUps.filter((f) => f.leadId === leadId) }), {
      name: "get_lead_details",
      schema: z.object({ leadId: idField("lead") }),
    }),
    tool(
      ({ name, phone, email, source, interestedPlanId, assignedStaffId, enquiryId }) => {
        if (interestedPlanId !== undefined) store.plan(interestedPlanId);
        if (assignedStaffId !== undefined) store.staffMember(assignedStaffId);
        if (enquiryId !== undefined) store.find(data.enquiries, enquiryId, "enquiry");
        if (data.leads.some((l) => l.phone === phone && open(l))) throw new Error(`An open lead with phone ${phone} already exists`);
        const created: Lead = {
          id: store.nextId(data.leads),
          name,
          phone,
          email: email ?? null,
          source,
          stage: "new",
          assignedStaffId: assignedStaffId ?? null,
          interestedPlanId: interestedPlanId ?? null,
          expectedValue: interestedPlanId === undefined ? 0 : store.plan(interestedPlanId).price,
          createdOn: store.today,
          enquiryId: enquiryId ?? null,
          convertedClientId: null,
        };
        data.leads.push(created);
        return { created: view(created) };
      },
      {
        name: "create_lead",
        schema: z.object({
          name: z.string().min(2).describe("Prospect's full name"),
          phone: z.string().min(7).describe("Prospect's phone number"),
          email: z.string().email().optional().describe("Prospect's email"),
          source: z.string().min(2).describe("Lead source, e.g. 'website', 'referral', 'walk-in'"),
          interestedPlanId: idField("plan the prospect is interested in").optional(),
          assignedStaffId: idField("salesperson to own the lead").optional(),
          enquiryId: idField("enquiry this lead came from").optional(),
        }),
      },
    ),
    tool(
      ({ leadId, ...changes }) => {
        const l = lead(leadId);
        if (Object.values(changes).every((v) => v === undefined)) throw new Error("update_lead needs at least one field to change");
        if (changes.interestedPlanId !== undefined) {
          l.interestedPlanId = store.plan(changes.interestedPlanId).id;
          l.expectedValue = store.plan(changes.interestedPlanId).price;
        }
        if (changes.name !== undefined) l.name = changes.name;
        if (changes.phone !== undefined) l.phone = changes.phone;
        if (changes.email !== undefined) l.email = changes.email;
        if (changes.expectedValue !== undefined) l.expectedValue = changes.expectedValue;
        return { updated: view(l) };
      },
      {
        name: "update_lead",
        schema: z.object({
          leadId: idField("lead to update"),
          name: z.string().min(2).optional().describe("Corrected name"),
          phone: z.string().min(7).optional().describe("New phone number"),
          email: z.string().email().optional().describe("New email"),
          interestedPlanId: idField("plan of interest").optional(),
          expectedValue: z.number().nonnegative().optional().describe("Expected deal value in the base currency"),
        }),
      },
    ),
    tool(
      ({ leadId, stage, note }) => {
        const l = lead(leadId);
        if (l.convertedClientId !== null)
          throw new Error(`Lead ${leadId} (${l.name}) was already converted to client ${l.convertedClientId}`);
        const previous = l.stage;
        l.stage = stage;
        if (note)
          data.leadFollowUps.push({
            id: store.nextId(data.leadFollowUps),
            leadId,
            dueDate: store.today,
            channel: "call",
            note,
            done: true,
          });
        return { leadId, name: l.name, previous, stage };
      },
      {
        name: "update_lead_stage",
        schema: z.object({
          leadId: idField("lead"),
          stage: z.enum(LEAD_STAGES).describe("New pipeline stage"),
          note: z.string().optional().describe("Why the stage changed; logged as a completed follow-up"),
        }),
      },
    ),
    tool(
      ({ leadId, staffId }) => {
        const l = lead(leadId);
        const member = store.staffMember(staffId);
        if (member.status !== "active") throw new Error(`Staff member ${member.name} (id ${staffId}) is ${member.status}`);
        l.assignedStaffId = staffId;
        return { leadId, name: l.name, assignedTo: member.name };
      },
      { name: "assign_lead", schema: z.object({ leadId: idField("lead"), staffId: idField("staff member who will own the lead") }) },
    ),
    tool(
      ({ leadId, dueDate, channel, note }) => {
        const l = lead(leadId);
        if (!open(l)) throw new Error(`Lead ${leadId} (${l.name}) is ${l.stage}; follow-ups are only for open leads`);
        const followUp: LeadFollowUp = { id: store.nextId(data.leadFollowUps), leadId, dueDate, channel, note, done: false };
        data.leadFollowUps.push(followUp);
        return { created: { ...followUp, lead: l.name } };
      },
      {
        name: "add_lead_follow_up",
        schema: z.object({
          leadId: idField("lead"),
          dueDate: dateField("When to follow up"),
          channel: z.enum(CHANNELS).describe("How to follow up"),
          note: z.string().min(3).describe("What to discuss"),
        }),
      },
    ),
    tool(
      ({ withinDays }) => {
        const until = addDays(store.today, withinDays ?? 0);
        const due = data.leadFollowUps
          .filter((f) => !f.done && f.dueDate <= until)
          .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
          .map((f) => ({ ...f, lead: data.leads.find((l) => l.id === f.leadId)?.name ?? null, overdue: f.dueDate < store.today }));
        return { until, total: due.length, overdue: due.filter((f) => f.overdue).length, followUps: due };
      },
      {
        name: "get_due_follow_ups",
        schema: z.object({
          withinDays: z
            .number()
            .int()
            .min(0)
            .max(60)
            .optional()
            .describe("Include follow-ups due up to this many days ahead (default 0 = today and overdue)"),
        }),
      },
    ),
    tool(
      () => {
        const byStage = Object.fromEntries(LEAD_STAGES.map((s) => [s, 0])) as Record<string, number>;
        Object.assign(
          byStage,
          countBy(data.leads, (l) => l.stage),
        );
        const closed = (byStage.won ?? 0) + (byStage.lost ?? 0);
        return {
          total: data.leads.length,
          byStage,
          bySource: countBy(data.leads, (l) => l.source),
          openPipelineValue: sumBy(data.leads.filter(open), (l) => l.expectedValue),
          winRatePercent: percent(byStage.won ?? 0, closed),
          unassigned: data.leads.filter((l) => open(l) && l.assignedStaffId === null).length,
        };
      },
      { name: "get_lead_pipeline_stats", schema: z.object({}) },
    ),
    tool(
      ({ leadId, email, branchId }) => {
        const l = lead(leadId);
        if (l.convertedClientId !== null)
          throw new Error(`Lead ${leadId} (${l.name}) was already converted to client ${l.convertedClientId}`);
        const clientEmail = (email ?? l.email)?.toLowerCase();
        if (!clientEmail) throw new Error(`Lead ${leadId} (${l.name}) has no email; pass one to convert`);
        if (data.clients.some((c) => c.email === clientEmail)) throw new Error(`A client with email "${clientEmail}" already exists`);
        const client: Client = {
          id: store.nextId(data.clients),
          name: l.name,
          email: clientEmail,
          phone: l.phone,
          gender: "other",
          dateOfBirth: null,
          branchId: store.branch(branchId ?? data.ui.currentBranchId).id,
          joinedOn: store.today,
          trainerId: null,
          status: "active",
          tags: [`lead:${l.source}`],
        };
        data.clients.push(client);
        l.stage = "won";
        l.convertedClientId = client.id;
        const enquiry = data.enquiries.find((e) => e.id === l.enquiryId);
        if (enquiry) enquiry.status = "converted";
        return { converted: true, leadId, clientId: client.id, client: client.name, nextStep: "Sell a membership with renew_membership" };
      },
      {
        name: "convert_lead_to_client",
        schema: z.object({
          leadId: idField("lead to convert"),
          email: z.string().email().optional().describe("Email for the new client if the lead has none"),
          branchId: idField("home branch for the new client (defaults to the current branch)").optional(),
        }),
      },
    ),
  ];
}
