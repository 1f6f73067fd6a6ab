/**
 * The gym bot's full tool set: 8 core tools plus 129 tools in 30 categories
 * (137 in all). Tool descriptions and categories live in `catalog.yaml`;
 * this module only builds the executable tools.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { GymStore } from "../store.js";
import { createAppointmentTools } from "./appointments.js";
import { createAttendanceTools } from "./attendance.js";
import { createCampaignTools } from "./campaigns.js";
import { createClassTools } from "./classes.js";
import { createClientTools } from "./clients.js";
import { createCoreTools } from "./core.js";
import { createCustomFieldTools } from "./custom-fields.js";
import { createDietTools } from "./diets.js";
import { createDocumentTools } from "./documents.js";
import { createEngagementTools } from "./engagement.js";
import { createEnquiryTools } from "./enquiries.js";
import { createEquipmentTools } from "./equipment.js";
import { createFacilityTools } from "./facilities.js";
import { createGamificationTools } from "./gamification.js";
import { createGoalTools } from "./goals.js";
import { createGuestTools } from "./guests.js";
import { createLeadTools } from "./leads.js";
import { createLoyaltyTools } from "./loyalty.js";
import { createMembershipTools } from "./memberships.js";
import { createNoteTools } from "./notes.js";
import { createOfferTools } from "./offers.js";
import { createPhotoTools } from "./photos.js";
import { createPlanTools } from "./plans.js";
import { createProductTools } from "./products.js";
import { createReferralTools } from "./referrals.js";
import { createRevenueTools } from "./revenue.js";
import { createSalaryTools } from "./salary.js";
import { createStaffTools } from "./staff.js";
import { createSurveyTools } from "./surveys.js";
import { createTrainerTools } from "./trainers.js";
import { createWearableTools } from "./wearables.js";

/** A function building one category's tools over a store. */
export type GymToolFactory = (store: GymStore) => StructuredToolInterface[];

/** The 8 always-available core tools, in the catalog's order. */
export const CORE_TOOL_NAMES = [
  "change_theme",
  "navigate_to_page",
  "get_gym_info",
  "get_branches_info",
  "get_current_branch",
  "create_branch",
  "get_currencies",
  "convert_currency",
] as const;

/** Category name to tool factory, in catalog order (the order of categories in catalog.yaml). */
export const GYM_TOOL_FACTORIES = {
  clients: createClientTools,
  memberships: createMembershipTools,
  attendance: createAttendanceTools,
  revenue: createRevenueTools,
  trainers: createTrainerTools,
  enquiries: createEnquiryTools,
  staff: createStaffTools,
  salary: createSalaryTools,
  facilities: createFacilityTools,
  diets: createDietTools,
  plans: createPlanTools,
  offers: createOfferTools,
  leads: createLeadTools,
  referrals: createReferralTools,
  documents: createDocumentTools,
  goals: createGoalTools,
  photos: createPhotoTools,
  notes: createNoteTools,
  classes: createClassTools,
  appointments: createAppointmentTools,
  guests: createGuestTools,
  products: createProductTools,
  campaigns: createCampaignTools,
  equipment: createEquipmentTools,
  custom_fields: createCustomFieldTools,
  engagement: createEngagementTools,
  gamification: createGamificationTools,
  loyalty: createLoyaltyTools,
  wearables: createWearableTools,
  surveys: createSurveyTools,
} satisfies Record<string, GymToolFactory>;

/** One of the 30 tool category names. */
export type GymToolCategory = keyof typeof GYM_TOOL_FACTORIES;

/** Builds every category's tools over `store`, keyed by category. */
export function createGymToolsByCategory(store: GymStore): Record<GymToolCategory, StructuredToolInterface[]> {
  const entries = Object.entries(GYM_TOOL_FACTORIES).map(([category, factory]) => [category, factory(store)]);
  return Object.fromEntries(entries) as Record<GymToolCategory, StructuredToolInterface[]>;
}

/**
 * Builds all 137 gym tools over `store`: the core tools first (in
 * {@link CORE_TOOL_NAMES} order), then each category in catalog order.
 */
export function createGymTools(store: GymStore): StructuredToolInterface[] {
  const byCategory = createGymToolsByCategory(store);
  return [...createCoreTools(store), ...Object.values(byCategory).flat()];
}
