/**
 * The 8 core tools every turn receives: theme, navigation, gym and branch
 * context, and currencies.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import { round2 } from "./shared.js";

/** App pages the assistant can navigate to. */
export const PAGES = [
  "dashboard",
  "clients",
  "memberships",
  "attendance",
  "revenue",
  "trainers",
  "staff",
  "salary",
  "plans",
  "offers",
  "leads",
  "enquiries",
  "classes",
  "appointments",
  "products",
  "equipment",
  "campaigns",
  "reports",
  "settings",
] as const;

/** Builds the core tools over `store`. */
export function createCoreTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ mode, primaryColor }) => {
        if (mode === undefined && primaryColor === undefined) {
          throw new Error("change_theme needs a mode, a primaryColor, or both");
        }
        if (mode !== undefined) data.ui.theme.mode = mode;
        if (primaryColor !== undefined) data.ui.theme.primaryColor = primaryColor.toLowerCase();
        return { theme: { ...data.ui.theme } };
      },
      {
        name: "change_theme",
        schema: z.object({
          mode: z.enum(["light", "dark", "system"]).optional().describe("Colour scheme to switch to"),
          primaryColor: z
            .string()
            .regex(/^#[0-9a-fA-F]{6}$/, "Use a #RRGGBB hex colour")
            .optional()
            .describe("Accent colour as a #RRGGBB hex string"),
        }),
      },
    ),
    tool(
      ({ page }) => {
        const previous = data.ui.currentPage;
        data.ui.currentPage = page;
        return { navigatedTo: page, path: `/${page}`, previous };
      },
      {
        name: "navigate_to_page",
        schema: z.object({ page: z.enum(PAGES).describe("App page to open") }),
      },
    ),
    tool(
      () => ({
        ...data.gym,
        branches: data.branches.length,
        activeClients: data.clients.filter((c) => c.status === "active").length,
        staff: data.staff.filter((s) => s.status !== "terminated").length,
        today: store.today,
      }),
      { name: "get_gym_info", schema: z.object({}) },
    ),
    tool(
      () =>
        data.branches.map((b) => ({
          ...b,
          clients: data.clients.filter((c) => c.branchId === b.id).length,
          staff: data.staff.filter((s) => s.branchId === b.id && s.status !== "terminated").length,
          isCurrent: b.id === data.ui.currentBranchId,
        })),
      { name: "get_branches_info", schema: z.object({}) },
    ),
    tool(() => store.branch(data.ui.currentBranchId), { name: "get_current_branch", schema: z.object({}) }),
    tool(
      ({ name, city, address, phone, capacity }) => {
        if (data.branches.some((b) => b.name.toLowerCase() === name.toLowerCase())) {
          throw new Error(`A branch named "${name}" already exists`);
        }
        const branch = {
          id: store.nextId(data.branches),
          name,
          city,
          address,
          phone: phone ?? data.gym.phone,
          openedOn: store.today,
          capacity,
        };
        data.branches.push(branch);
        return { created: branch };
      },
      {
        name: "create_branch",
        schema: z.object({
          name: z.string().min(2).describe("Branch name, e.g. 'Lakeside'"),
          city: z.string().min(2).describe("City the branch is in"),
          address: z.string().min(5).describe("Street address"),
          phone: z.string().optional().describe("Branch phone number; defaults to the gym's main number"),
          capacity: z.number().int().positive().describe("Maximum members on the floor at once"),
        }),
      },
    ),
    tool(() => ({ baseCurrency: data.gym.baseCurrency, currencies: data.currencies }), { name: "get_currencies", schema: z.object({}) }),
    tool(
      ({ amount, from, to }) => {
        const source = store.currency(from);
        const target = store.currency(to);
        const rate = target.ratePerBase / source.ratePerBase;
        return {
          amount,
          from: source.code,
          to: target.code,
          rate: Math.round(rate * 1e6) / 1e6,
          converted: round2(amount * rate),
          formatted: `${target.symbol}${round2(amount * rate).toFixed(2)}`,
        };
      },
      {
        name: "convert_currency",
        schema: z.object({
          amount: z.number().nonnegative().describe("Amount to convert"),
          from: z.string().length(3).describe("ISO code of the source currency, e.g. USD"),
          to: z.string().length(3).describe("ISO code of the target currency, e.g. EUR"),
        }),
      },
    ),
  ];
}
