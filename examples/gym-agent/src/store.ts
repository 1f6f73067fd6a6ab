/**
 * In-memory gym data store backing the example's 137 tools. State lives in
 * plain arrays under `store.data`; tools read and mutate them directly, and
 * the lookup helpers here throw clear errors for unknown ids.
 */
import { checkDate } from "./store/dates.js";
import { seedBusiness, type BusinessSeed } from "./store/seed-business.js";
import { seedOps, type OpsSeed } from "./store/seed-ops.js";
import { seedPeople, type PeopleSeed } from "./store/seed-people.js";
import type { Branch, Client, Currency, ISODate, Membership, Plan, StaffMember, Trainer } from "./store/types.js";

export type * from "./store/types.js";
export type * from "./store/types-ops.js";

/** Every collection held by a {@link GymStore}. */
export type GymData = PeopleSeed & BusinessSeed & OpsSeed;

/** The fixed "today" of the demo data, so runs are reproducible. */
export const DEFAULT_TODAY: ISODate = "2026-11-20";

export interface GymStoreOptions {
  /** The date the store treats as today (`YYYY-MM-DD`); defaults to {@link DEFAULT_TODAY}. */
  today?: ISODate;
}

interface Identified {
  id: number;
}

/** A mutable, deterministic in-memory gym database. */
export class GymStore {
  /** The store's notion of today; seed data and "today" queries use it. */
  readonly today: ISODate;
  /** All collections; tools mutate these arrays in place. */
  readonly data: GymData;

  /** Creates a store seeded with the demo data relative to `options.today`. */
  constructor(options: GymStoreOptions = {}) {
    this.today = checkDate(options.today ?? DEFAULT_TODAY);
    this.data = { ...seedPeople(this.today), ...seedBusiness(this.today), ...seedOps(this.today) };
  }

  /** The next free id in `items` (max id + 1). */
  nextId(items: readonly Identified[]): number {
    return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
  }

  /** Finds the item with `id` or throws `Unknown <label> id <id>`. */
  find<T extends Identified>(items: readonly T[], id: number, label: string): T {
    const item = items.find((candidate) => candidate.id === id);
    if (!item) throw new Error(`Unknown ${label} id ${id}`);
    return item;
  }

  /** Removes and returns the item with `id`, or throws like {@link find}. */
  remove<T extends Identified>(items: T[], id: number, label: string): T {
    const index = items.findIndex((candidate) => candidate.id === id);
    if (index < 0) throw new Error(`Unknown ${label} id ${id}`);
    return items.splice(index, 1)[0] as T;
  }

  /** The client with `id`; throws for an unknown id. */
  client(id: number): Client {
    return this.find(this.data.clients, id, "client");
  }

  /** The staff member with `id`; throws for an unknown id. */
  staffMember(id: number): StaffMember {
    return this.find(this.data.staff, id, "staff");
  }

  /** The trainer with `id`; throws for an unknown id. */
  trainer(id: number): Trainer {
    return this.find(this.data.trainers, id, "trainer");
  }

  /** The branch with `id`; throws for an unknown id. */
  branch(id: number): Branch {
    return this.find(this.data.branches, id, "branch");
  }

  /** The membership plan with `id`; throws for an unknown id. */
  plan(id: number): Plan {
    return this.find(this.data.plans, id, "plan");
  }

  /** The currency with ISO `code` (case-insensitive); throws for an unknown code. */
  currency(code: string): Currency {
    const currency = this.data.currencies.find((c) => c.code === code.toUpperCase());
    if (!currency) {
      const known = this.data.currencies.map((c) => c.code).join(", ");
      throw new Error(`Unknown currency code "${code}" (known: ${known})`);
    }
    return currency;
  }

  /** The client's most recent membership (latest start date), if any. */
  currentMembership(clientId: number): Membership | undefined {
    return this.data.memberships
      .filter((m) => m.clientId === clientId)
      .reduce<Membership | undefined>((latest, m) => (!latest || m.startDate > latest.startDate ? m : latest), undefined);
  }

  /** The client's name, or `Unknown client <id>` for a dangling reference. */
  clientName(id: number): string {
    return this.data.clients.find((c) => c.id === id)?.name ?? `Unknown client ${id}`;
  }

  /** The staff member's name, or `Unknown staff <id>` for a dangling reference. */
  staffName(id: number): string {
    return this.data.staff.find((s) => s.id === id)?.name ?? `Unknown staff ${id}`;
  }
}

/**
 * Returns a fresh store seeded with the deterministic demo data
 * (today = {@link DEFAULT_TODAY} unless `options.today` is given).
 */
export function createGymStore(options: GymStoreOptions = {}): GymStore {
  return new GymStore(options);
}
