/**
 * Client (member profile) tools: listing, search, CRUD, bulk operations,
 * statistics, birthdays and new joiners.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { addDays, daysBetween, monthOf } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { Client } from "../store/types.js";
import { clientSummary, visitSummary } from "./client-views.js";
import { countBy, dateField, idField, limitField, matchesText } from "./shared.js";

const newClientSchema = z.object({
  name: z.string().min(2).describe("Full name, e.g. 'John Carter'"),
  email: z.string().email().describe("Email address (must be unique)"),
  phone: z.string().min(7).describe("Phone number with country code"),
  gender: z.enum(["male", "female", "other"]).optional().describe("Gender; defaults to 'other'"),
  dateOfBirth: dateField("Date of birth").optional(),
  branchId: idField("home branch (defaults to the current branch)").optional(),
  trainerId: idField("assigned personal trainer").optional(),
});

type NewClient = z.infer<typeof newClientSchema>;

function buildClient(store: GymStore, input: NewClient, id: number, taken: Set<string>): Client {
  const email = input.email.toLowerCase();
  if (taken.has(email)) throw new Error(`A client with email "${input.email}" already exists`);
  const branchId = input.branchId ?? store.data.ui.currentBranchId;
  store.branch(branchId);
  if (input.trainerId !== undefined) store.trainer(input.trainerId);
  taken.add(email);
  return {
    id,
    name: input.name,
    email,
    phone: input.phone,
    gender: input.gender ?? "other",
    dateOfBirth: input.dateOfBirth ?? null,
    branchId,
    joinedOn: store.today,
    trainerId: input.trainerId ?? null,
    status: "active",
    tags: [],
  };
}

/** Builds the 12 client tools over `store`. */
export function createClientTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const emails = () => new Set(data.clients.map((c) => c.email.toLowerCase()));
  return [
    tool(
      ({ status, membershipStatus, branchId, trainerId, search, limit }) => {
        const rows = data.clients
          .filter((c) => status === undefined || c.status === status)
          .filter((c) => branchId === undefined || c.branchId === branchId)
          .filter((c) => trainerId === undefined || c.trainerId === trainerId)
          .filter((c) => matchesText(`${c.name} ${c.email} ${c.phone}`, search))
          .map((c) => clientSummary(store, c))
          .filter((c) => membershipStatus === undefined || c.membershipStatus === membershipStatus);
        return { total: rows.length, clients: rows.slice(0, limit ?? 50) };
      },
      {
        name: "get_clients_list",
        schema: z.object({
          status: z.enum(["active", "inactive"]).optional().describe("Filter by client account status"),
          membershipStatus: z.enum(["active", "frozen", "expired", "none"]).optional().describe("Filter by current membership status"),
          branchId: idField("branch to filter by").optional(),
          trainerId: idField("assigned trainer to filter by").optional(),
          search: z.string().optional().describe("Case-insensitive text matched against name, email and phone"),
          limit: limitField,
        }),
      },
    ),
    tool(
      ({ clientId }) => {
        const client = store.client(clientId);
        const trainer = client.trainerId === null ? null : data.trainers.find((t) => t.id === client.trainerId);
        return {
          ...client,
          branch: store.branch(client.branchId).name,
          trainer: trainer?.name ?? null,
          membership: store.currentMembership(clientId) ?? null,
          attendance: visitSummary(store, clientId),
        };
      },
      { name: "get_client_details", schema: z.object({ clientId: idField("client") }) },
    ),
    tool(
      ({ query, limit }) => {
        const hits = data.clients.filter((c) => matchesText(`${c.name} ${c.email} ${c.phone}`, query));
        return { query, total: hits.length, clients: hits.slice(0, limit ?? 10).map((c) => clientSummary(store, c)) };
      },
      {
        name: "search_clients",
        schema: z.object({
          query: z.string().min(2).describe("Part of a name, email or phone number, e.g. 'carter'"),
          limit: z.number().int().min(1).max(50).optional().describe("Maximum matches to return (default 10)"),
        }),
      },
    ),
    tool(
      (input) => {
        const client = buildClient(store, input, store.nextId(data.clients), emails());
        data.clients.push(client);
        return { created: clientSummary(store, client) };
      },
      { name: "create_client", schema: newClientSchema },
    ),
    tool(
      ({ clientId, ...changes }) => {
        const client = store.client(clientId);
        if (Object.values(changes).every((v) => v === undefined)) throw new Error("update_client needs at least one field to change");
        if (changes.email !== undefined) {
          const email = changes.email.toLowerCase();
          if (data.clients.some((c) => c.id !== clientId && c.email === email))
            throw new Error(`A client with email "${changes.email}" already exists`);
          client.email = email;
        }
        if (changes.branchId !== undefined) client.branchId = store.branch(changes.branchId).id;
        if (changes.trainerId !== undefined) client.trainerId = changes.trainerId === null ? null : store.trainer(changes.trainerId).id;
        if (changes.name !== undefined) client.name = changes.name;
        if (changes.phone !== undefined) client.phone = changes.phone;
        if (changes.status !== undefined) client.status = changes.status;
        return { updated: clientSummary(store, client) };
      },
      {
        name: "update_client",
        schema: z.object({
          clientId: idField("client to update"),
          name: z.string().min(2).optional().describe("New full name"),
          email: z.string().email().optional().describe("New email address"),
          phone: z.string().min(7).optional().describe("New phone number"),
          branchId: idField("new home branch").optional(),
          trainerId: z.number().int().positive().nullable().optional().describe("New personal trainer id, or null to unassign"),
          status: z.enum(["active", "inactive"]).optional().describe("New account status"),
        }),
      },
    ),
    tool(
      ({ clientId }) => {
        const client = store.remove(data.clients, clientId, "client");
        const before = data.memberships.length;
        data.memberships = data.memberships.filter((m) => m.clientId !== clientId);
        return { deleted: { id: client.id, name: client.name }, membershipsRemoved: before - data.memberships.length };
      },
      { name: "delete_client", schema: z.object({ clientId: idField("client to delete permanently") }) },
    ),
    tool(
      ({ clients }) => {
        const taken = emails();
        const firstId = store.nextId(data.clients);
        const built = clients.map((input, i) => buildClient(store, input, firstId + i, taken));
        data.clients.push(...built);
        return { createdCount: built.length, created: built.map((c) => ({ id: c.id, name: c.name })) };
      },
      {
        name: "bulk_create_clients",
        schema: z.object({ clients: z.array(newClientSchema).min(1).max(50).describe("Clients to create (all or nothing)") }),
      },
    ),
    tool(
      ({ clientIds, status }) => {
        const targets = clientIds.map((id) => store.client(id));
        for (const client of targets) client.status = status;
        return { updatedCount: targets.length, status, clientIds };
      },
      {
        name: "bulk_update_client_status",
        schema: z.object({
          clientIds: z.array(z.number().int().positive()).min(1).max(100).describe("Ids of the clients to update"),
          status: z.enum(["active", "inactive"]).describe("Account status to set on every listed client"),
        }),
      },
    ),
    tool(
      ({ clientIds }) => {
        const ids = [...new Set(clientIds)];
        ids.forEach((id) => store.client(id));
        const removed = ids.map((id) => store.remove(data.clients, id, "client"));
        data.memberships = data.memberships.filter((m) => !ids.includes(m.clientId));
        return { deletedCount: removed.length, deleted: removed.map((c) => ({ id: c.id, name: c.name })) };
      },
      {
        name: "bulk_delete_clients",
        schema: z.object({
          clientIds: z.array(z.number().int().positive()).min(1).max(100).describe("Ids of the clients to delete permanently"),
        }),
      },
    ),
    tool(
      ({ branchId }) => {
        const clients = data.clients.filter((c) => branchId === undefined || c.branchId === store.branch(branchId).id);
        const membershipStatus = countBy(clients, (c) => store.currentMembership(c.id)?.status ?? "none");
        return {
          total: clients.length,
          byStatus: countBy(clients, (c) => c.status),
          byMembershipStatus: membershipStatus,
          byGender: countBy(clients, (c) => c.gender),
          byBranch: countBy(clients, (c) => data.branches.find((b) => b.id === c.branchId)?.name ?? "unknown"),
          newThisMonth: clients.filter((c) => monthOf(c.joinedOn) === monthOf(store.today)).length,
        };
      },
      { name: "get_client_stats", schema: z.object({ branchId: idField("branch to restrict to").optional() }) },
    ),
    tool(
      ({ withinDays }) => {
        const horizon = withinDays ?? 14;
        const year = Number(store.today.slice(0, 4));
        const upcoming = data.clients
          .flatMap((c) => {
            if (c.dateOfBirth === null) return [];
            let next = `${year}${c.dateOfBirth.slice(4)}`;
            if (next < store.today) next = `${year + 1}${c.dateOfBirth.slice(4)}`;
            return [
              {
                id: c.id,
                name: c.name,
                birthday: next,
                inDays: daysBetween(store.today, next),
                turning: Number(next.slice(0, 4)) - Number(c.dateOfBirth.slice(0, 4)),
              },
            ];
          })
          .filter((b) => b.inDays <= horizon)
          .sort((a, b) => a.inDays - b.inDays);
        return { from: store.today, to: addDays(store.today, horizon), birthdays: upcoming };
      },
      {
        name: "get_upcoming_birthdays",
        schema: z.object({ withinDays: z.number().int().min(0).max(366).optional().describe("Look-ahead window in days (default 14)") }),
      },
    ),
    tool(
      ({ days }) => {
        const since = addDays(store.today, -(days ?? 30));
        const joined = data.clients.filter((c) => c.joinedOn >= since).sort((a, b) => b.joinedOn.localeCompare(a.joinedOn));
        return { since, total: joined.length, clients: joined.map((c) => ({ ...clientSummary(store, c), joinedOn: c.joinedOn })) };
      },
      {
        name: "get_new_clients",
        schema: z.object({ days: z.number().int().min(1).max(365).optional().describe("How many days back to look (default 30)") }),
      },
    ),
  ];
}
