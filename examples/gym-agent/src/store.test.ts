import { describe, expect, it } from "vitest";
import { createGymStore, DEFAULT_TODAY, type GymStore } from "./store.js";
import { CORE_TOOL_NAMES, createGymTools } from "./tools/index.js";

/** Invokes the named tool on a fresh tool set over `store`. */
async function call<T = Record<string, unknown>>(store: GymStore, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const found = createGymTools(store).find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  // Tools return plain JSON objects; the test narrows them to the shape it reads.
  return (await found.invoke(args)) as T;
}

interface MembershipStats {
  total: number;
  byStatus: { active: number; frozen: number; expired: number };
}

interface ClientList {
  total: number;
  clients: Array<{ id: number; name: string; membershipStatus: string }>;
}

describe("GymStore seed data", () => {
  it("is deterministic and anchored on the fixed default today", () => {
    const a = createGymStore();
    const b = createGymStore();
    expect(a.today).toBe(DEFAULT_TODAY);
    expect(a.today).toBe("2026-11-20");
    expect(JSON.stringify(a.data)).toBe(JSON.stringify(b.data));
    expect(a.data.clients).toHaveLength(12);
    expect(a.data.branches.length).toBeGreaterThanOrEqual(2);
    expect(a.data.branches.length).toBeLessThanOrEqual(3);
    expect(a.client(1).name).toBe("John Carter");
    expect(a.data.salaries.some((s) => s.status === "pending")).toBe(true);
    expect(a.data.attendance.some((r) => r.date === a.today)).toBe(true);
  });

  it("derives seed dates from the today option", () => {
    const store = createGymStore({ today: "2027-01-15" });
    expect(store.today).toBe("2027-01-15");
    expect(store.data.attendance.every((r) => r.date <= "2027-01-15")).toBe(true);
    expect(() => createGymStore({ today: "15/01/2027" })).toThrow(/Invalid date "15\/01\/2027"/);
  });

  it("gives every store its own state", async () => {
    const a = createGymStore();
    const b = createGymStore();
    await call(a, "freeze_membership", { clientId: 1, reason: "holiday" });
    expect(a.currentMembership(1)?.status).toBe("frozen");
    expect(b.currentMembership(1)?.status).toBe("active");
  });

  it("lookup helpers name the bad id", () => {
    const store = createGymStore();
    expect(() => store.client(999)).toThrow("Unknown client id 999");
    expect(() => store.currency("XYZ")).toThrow(/Unknown currency code "XYZ"/);
  });
});

describe("gym tools", () => {
  it("builds 137 uniquely named tools with the core tools first", () => {
    const tools = createGymTools(createGymStore());
    expect(tools).toHaveLength(137);
    expect(new Set(tools.map((t) => t.name)).size).toBe(137);
    expect(tools.slice(0, 8).map((t) => t.name)).toEqual([...CORE_TOOL_NAMES]);
  });

  it("freeze_membership is reflected in get_membership_stats", async () => {
    const store = createGymStore();
    const before = await call<MembershipStats>(store, "get_membership_stats");
    const result = await call<{ frozen: boolean; client: string }>(store, "freeze_membership", {
      clientId: 1,
      reason: "travelling for work",
    });
    expect(result).toMatchObject({ frozen: true, client: "John Carter" });
    const after = await call<MembershipStats>(store, "get_membership_stats");
    expect(after.byStatus.frozen).toBe(before.byStatus.frozen + 1);
    expect(after.byStatus.active).toBe(before.byStatus.active - 1);
    expect(after.total).toBe(before.total);

    const frozen = await call<ClientList>(store, "get_clients_list", { membershipStatus: "frozen" });
    expect(frozen.clients.map((c) => c.id)).toContain(1);
    await expect(call(store, "freeze_membership", { clientId: 1, reason: "again" })).rejects.toThrow(
      /is frozen, only active memberships can be frozen/,
    );

    await call(store, "unfreeze_membership", { clientId: 1 });
    const resumed = await call<MembershipStats>(store, "get_membership_stats");
    expect(resumed.byStatus.frozen).toBe(before.byStatus.frozen);
  });

  it("create_client adds a client that get_clients_list returns", async () => {
    const store = createGymStore();
    const before = await call<ClientList>(store, "get_clients_list");
    const created = await call<{ created: { id: number; name: string } }>(store, "create_client", {
      name: "Grace Hopper",
      email: "grace.hopper@example.com",
      phone: "+1-512-555-0999",
      branchId: 2,
    });
    expect(created.created.id).toBe(13);
    const after = await call<ClientList>(store, "get_clients_list");
    expect(after.total).toBe(before.total + 1);
    expect(after.clients.find((c) => c.id === 13)).toMatchObject({ name: "Grace Hopper", membershipStatus: "none" });
    const found = await call<ClientList>(store, "search_clients", { query: "hopper" });
    expect(found.clients.map((c) => c.name)).toEqual(["Grace Hopper"]);
    await expect(
      call(store, "create_client", { name: "Dup", email: "GRACE.HOPPER@example.com", phone: "+1-512-555-0998" }),
    ).rejects.toThrow(/already exists/);
  });

  it("rejects unknown ids with a clear error naming the value", async () => {
    const store = createGymStore();
    await expect(call(store, "get_client_details", { clientId: 999 })).rejects.toThrow("Unknown client id 999");
    await expect(call(store, "freeze_membership", { clientId: 4242, reason: "test" })).rejects.toThrow("Unknown client id 4242");
    await expect(call(store, "mark_salary_paid", { salaryId: 77 })).rejects.toThrow("Unknown salary record id 77");
    await expect(call(store, "convert_currency", { amount: 10, from: "USD", to: "XYZ" })).rejects.toThrow(/Unknown currency code "XYZ"/);
  });

  it("rejects arguments that do not match the schema", async () => {
    const store = createGymStore();
    await expect(call(store, "get_client_details", { clientId: "one" })).rejects.toThrow();
    await expect(call(store, "get_attendance_by_date", { date: "20/11/2026" })).rejects.toThrow();
  });

  it("pending salaries drop after mark_salary_paid", async () => {
    const store = createGymStore();
    const before = await call<{ total: number; pending: Array<{ id: number }> }>(store, "get_pending_salaries");
    expect(before.total).toBeGreaterThan(0);
    const first = before.pending[0];
    expect(first).toBeDefined();
    await call(store, "mark_salary_paid", { salaryId: first?.id });
    const after = await call<{ total: number }>(store, "get_pending_salaries");
    expect(after.total).toBe(before.total - 1);
  });
});
