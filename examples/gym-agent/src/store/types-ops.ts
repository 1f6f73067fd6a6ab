/**
 * Entity types for the gym's operations (classes, appointments, stock,
 * equipment, facilities) and engagement features (challenges, loyalty,
 * wearables, surveys).
 */
import type { ISODate } from "./types.js";

export interface ClassType {
  id: number;
  name: string;
  description: string;
  durationMinutes: number;
  level: "beginner" | "intermediate" | "advanced" | "all";
}

export interface ClassSession {
  id: number;
  classTypeId: number;
  trainerId: number;
  branchId: number;
  date: ISODate;
  startTime: string;
  capacity: number;
  room: string;
}

export interface ClassBooking {
  id: number;
  sessionId: number;
  clientId: number;
  status: "booked" | "attended" | "cancelled" | "no_show";
  bookedOn: ISODate;
}

export interface Service {
  id: number;
  name: string;
  durationMinutes: number;
  price: number;
  trainerIds: number[];
}

export interface Appointment {
  id: number;
  serviceId: number;
  clientId: number;
  trainerId: number;
  date: ISODate;
  startTime: string;
  status: "scheduled" | "completed" | "cancelled";
}

export interface GuestVisit {
  id: number;
  guestName: string;
  phone: string;
  hostClientId: number | null;
  branchId: number;
  date: ISODate;
  passType: "day_pass" | "trial" | "buddy";
  fee: number;
  convertedToLead: boolean;
}

export interface Product {
  id: number;
  name: string;
  category: "supplement" | "apparel" | "accessory" | "beverage";
  sku: string;
  price: number;
  stock: number;
  reorderLevel: number;
}

export interface Campaign {
  id: number;
  name: string;
  channel: "email" | "sms" | "whatsapp" | "push";
  status: "draft" | "scheduled" | "running" | "completed";
  audience: string;
  startDate: ISODate;
  endDate: ISODate;
  budget: number;
  sent: number;
  opened: number;
  clicked: number;
  conversions: number;
}

export interface Equipment {
  id: number;
  name: string;
  category: "cardio" | "strength" | "free_weights" | "functional";
  branchId: number;
  purchasedOn: ISODate;
  status: "operational" | "needs_repair" | "out_of_service";
  lastMaintenance: ISODate;
  nextMaintenance: ISODate;
}

export interface MaintenanceLog {
  id: number;
  equipmentId: number;
  date: ISODate;
  type: "inspection" | "repair" | "servicing";
  notes: string;
  cost: number;
  technician: string;
}

export interface Facility {
  id: number;
  name: string;
  type: "pool" | "sauna" | "studio" | "court" | "locker_room" | "recovery";
  branchId: number;
  capacity: number;
  status: "open" | "maintenance" | "closed";
  openingHours: string;
}

export interface Amenity {
  id: number;
  name: string;
  description: string;
  branchIds: number[];
  /** Plans that include the amenity for free; others pay `extraFee`. */
  includedInPlanIds: number[];
  extraFee: number;
}

export interface DietMeal {
  time: string;
  name: string;
  items: string[];
}

export interface DietPlan {
  id: number;
  name: string;
  goal: "weight_loss" | "muscle_gain" | "maintenance" | "performance";
  dailyCalories: number;
  proteinG: number;
  carbsG: number;
  fatG: number;
  meals: DietMeal[];
  createdByStaffId: number;
  assignedClientIds: number[];
}

export type CustomFieldEntity = "client" | "lead" | "staff";

export interface CustomField {
  id: number;
  entity: CustomFieldEntity;
  key: string;
  label: string;
  type: "text" | "number" | "date" | "select" | "boolean";
  options: string[];
  required: boolean;
}

export interface CustomFieldValue {
  fieldId: number;
  entityId: number;
  value: string | number | boolean;
}

export interface Challenge {
  id: number;
  name: string;
  metric: "check_ins" | "steps" | "classes";
  startDate: ISODate;
  endDate: ISODate;
  rewardPoints: number;
}

export interface ChallengeEntry {
  challengeId: number;
  clientId: number;
  score: number;
  joinedOn: ISODate;
}

export interface LoyaltyTransaction {
  id: number;
  clientId: number;
  /** Positive when earned, negative when redeemed. */
  points: number;
  reason: string;
  date: ISODate;
}

export interface Reward {
  id: number;
  name: string;
  pointsCost: number;
  stock: number;
  active: boolean;
}

export interface WearableConnection {
  id: number;
  clientId: number;
  provider: "fitbit" | "apple_health" | "garmin" | "google_fit";
  connectedOn: ISODate;
  status: "connected" | "disconnected";
  lastSyncedOn: ISODate;
}

export interface WearableDay {
  clientId: number;
  date: ISODate;
  steps: number;
  activeMinutes: number;
  caloriesBurned: number;
  restingHeartRate: number;
  sleepHours: number;
}

export interface SurveyQuestion {
  id: string;
  text: string;
  kind: "score" | "text" | "choice";
  options?: string[];
}

export interface Survey {
  id: number;
  title: string;
  type: "nps" | "satisfaction" | "feedback";
  status: "active" | "closed";
  createdOn: ISODate;
  questions: SurveyQuestion[];
}

export interface SurveyResponse {
  id: number;
  surveyId: number;
  clientId: number;
  submittedOn: ISODate;
  answers: Record<string, string | number>;
}
