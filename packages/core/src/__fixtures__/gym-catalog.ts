/**
 * A small hand-written gym catalog (the gym-agent example's in miniature): 6 categories, 24 tools, 2 core tools, defaults and
 * related links, plus a disabled tool, a non-searchable tool, a platform-restricted tool and tool-level keywords.
 */
import { ToolCatalog, type ToolCatalogOptions } from "../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";

export const GYM_TOOLS: ToolDeclaration[] = [
  // core (no category)
  { name: "get_gym_info", description: "Name, address and opening hours of the gym" },
  { name: "change_theme", description: "Switch the app between light and dark mode" },
  // clients
  { name: "get_clients_list", description: "Search the gym's clients by name or phone", category: "clients" },
  { name: "create_client", description: "Register a new client", category: "clients" },
  { name: "update_client", description: "Change a client's contact details", category: "clients" },
  { name: "get_client_profile", description: "One client's full profile", category: "clients" },
  { name: "delete_all_clients", description: "Wipe every client record", category: "clients", enabled: false, keywords: ["purge"] },
  // memberships
  { name: "get_membership_stats", description: "Active, expired and frozen memberships", category: "memberships" },
  { name: "freeze_membership", description: "Pause a membership", category: "memberships" },
  { name: "unfreeze_membership", description: "Resume a paused membership", category: "memberships" },
  // attendance
  { name: "get_attendance_today", description: "Who checked in today", category: "attendance" },
  { name: "get_attendance_stats", description: "Attendance over a period", category: "attendance" },
  { name: "mark_check_in", description: "Record a client's check-in", category: "attendance" },
  // salary
  { name: "get_salary_stats", description: "Payroll totals by month", category: "salary" },
  { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
  { name: "pay_salary", description: "Record a salary payment", category: "salary" },
  { name: "export_payroll_csv", description: "Payroll as a CSV file", category: "salary", searchable: false, keywords: ["csv"] },
  // staff
  { name: "get_staff_list", description: "Everyone on staff", category: "staff" },
  { name: "create_staff", description: "Add a staff member", category: "staff" },
  // classes
  { name: "get_class_types", description: "Yoga, zumba, pilates and the rest", category: "classes" },
  { name: "book_class", description: "Book a client into a class session", category: "classes" },
  { name: "cancel_class", description: "Cancel a class session", category: "classes" },
  { name: "sync_class_calendar", description: "Sync classes to the phone calendar", category: "classes", platforms: ["ios", "android"] },
  // no category, selected only by its own keywords
  { name: "send_invoice", description: "Email an invoice to a client", keywords: ["invoice", "receipt"] },
];

export const GYM_OPTIONS: ToolCatalogOptions = {
  tools: GYM_TOOLS,
  categories: {
    clients: { keywords: ["client", "member", "customer", "who", "profile"], related: ["memberships", "attendance"] },
    memberships: { keywords: ["membership", "freeze", "renewal"], related: ["clients"] },
    attendance: { keywords: ["attendance", "check-in", "came today", "absent"] },
    salary: { keywords: ["salary", "pay", "payroll", "wage", "pending salary"], related: ["staff"] },
    staff: { keywords: ["staff", "employee"], related: ["classes"] },
    classes: { keywords: ["class", "yoga", "booking"] },
  },
  core: ["get_gym_info", "change_theme"],
  defaults: ["clients", "memberships"],
};

export function gymCatalog(overrides: Partial<ToolCatalogOptions> = {}): ToolCatalog {
  return new ToolCatalog({ ...GYM_OPTIONS, ...overrides });
}

/** The bindable tools of each category in catalog order (no disabled, non-searchable tools; platform-less). */
export const CATEGORY_TOOLS = {
  clients: ["get_clients_list", "create_client", "update_client", "get_client_profile"],
  memberships: ["get_membership_stats", "freeze_membership", "unfreeze_membership"],
  attendance: ["get_attendance_today", "get_attendance_stats", "mark_check_in"],
  salary: ["get_salary_stats", "get_pending_salaries", "pay_salary"],
  staff: ["get_staff_list", "create_staff"],
  classes: ["get_class_types", "book_class", "cancel_class", "sync_class_calendar"],
} as const;

export const CORE = ["get_gym_info", "change_theme"] as const;
