/**
 * Entity types of the in-memory gym store. Dates are ISO `YYYY-MM-DD`
 * strings, times `HH:MM`, months `YYYY-MM`; money is in the gym's base
 * currency unless a field says otherwise.
 */

/** An ISO calendar date, `YYYY-MM-DD`. */
export type ISODate = string;

export interface GymInfo {
  name: string;
  legalName: string;
  email: string;
  phone: string;
  website: string;
  baseCurrency: string;
  timezone: string;
  foundedYear: number;
  openingHours: Record<string, string>;
}

export interface Branch {
  id: number;
  name: string;
  city: string;
  address: string;
  phone: string;
  openedOn: ISODate;
  capacity: number;
}

export interface Currency {
  code: string;
  name: string;
  symbol: string;
  /** Units of this currency per one unit of the base currency. */
  ratePerBase: number;
}

export type ThemeMode = "light" | "dark" | "system";

export interface UiState {
  theme: { mode: ThemeMode; primaryColor: string };
  currentPage: string;
  currentBranchId: number;
}

export interface Client {
  id: number;
  name: string;
  email: string;
  phone: string;
  gender: "male" | "female" | "other";
  dateOfBirth: ISODate | null;
  branchId: number;
  joinedOn: ISODate;
  trainerId: number | null;
  status: "active" | "inactive";
  tags: string[];
}

export type MembershipStatus = "active" | "frozen" | "expired";

export interface Membership {
  id: number;
  clientId: number;
  planId: number;
  status: MembershipStatus;
  startDate: ISODate;
  endDate: ISODate;
  pricePaid: number;
  frozenOn: ISODate | null;
  freezeReason: string | null;
}

export interface MembershipEvent {
  id: number;
  membershipId: number;
  clientId: number;
  type: "purchased" | "renewed" | "frozen" | "unfrozen";
  date: ISODate;
  note: string;
}

export interface AttendanceRecord {
  id: number;
  clientId: number;
  branchId: number;
  date: ISODate;
  checkIn: string;
  checkOut: string | null;
}

export interface Payment {
  id: number;
  clientId: number | null;
  kind: "membership" | "product" | "service" | "guest_pass";
  amount: number;
  date: ISODate;
  method: "card" | "cash" | "upi" | "bank_transfer";
  planId: number | null;
  description: string;
}

export type StaffRole = "manager" | "trainer" | "receptionist" | "nutritionist" | "sales" | "cleaner";

export interface StaffMember {
  id: number;
  name: string;
  role: StaffRole;
  email: string;
  phone: string;
  branchId: number;
  hiredOn: ISODate;
  monthlySalary: number;
  status: "active" | "on_leave" | "terminated";
}

export interface Trainer {
  id: number;
  staffId: number;
  name: string;
  specialties: string[];
  branchId: number;
  rating: number;
}

export interface SalaryRecord {
  id: number;
  staffId: number;
  month: string;
  baseAmount: number;
  bonus: number;
  deductions: number;
  status: "pending" | "paid";
  paidOn: ISODate | null;
}

export interface Plan {
  id: number;
  name: string;
  durationDays: number;
  price: number;
  description: string;
  features: string[];
  maxFreezeDays: number;
  active: boolean;
}

export interface Offer {
  id: number;
  code: string;
  title: string;
  discountType: "percent" | "flat";
  discountValue: number;
  /** Plans the offer applies to; empty means every plan. */
  planIds: number[];
  validFrom: ISODate;
  validTo: ISODate;
  maxUses: number;
  usedCount: number;
  active: boolean;
}

export type EnquiryStatus = "new" | "contacted" | "converted" | "closed";

export interface Enquiry {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  source: string;
  interest: string;
  status: EnquiryStatus;
  createdOn: ISODate;
  notes: string;
}

export const LEAD_STAGES = ["new", "contacted", "trial_booked", "negotiation", "won", "lost"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export interface Lead {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  source: string;
  stage: LeadStage;
  assignedStaffId: number | null;
  interestedPlanId: number | null;
  expectedValue: number;
  createdOn: ISODate;
  enquiryId: number | null;
  convertedClientId: number | null;
}

export interface LeadFollowUp {
  id: number;
  leadId: number;
  dueDate: ISODate;
  channel: "call" | "whatsapp" | "email" | "visit";
  note: string;
  done: boolean;
}

export interface Referral {
  id: number;
  referrerClientId: number;
  refereeName: string;
  refereePhone: string;
  status: "pending" | "joined" | "rewarded" | "expired";
  createdOn: ISODate;
  rewardPoints: number;
}

export interface DocumentTemplate {
  id: number;
  name: string;
  kind: "waiver" | "contract" | "consent" | "policy";
  body: string;
  requiredForNewMembers: boolean;
}

export interface SignedDocument {
  id: number;
  templateId: number;
  clientId: number;
  status: "sent" | "signed" | "declined";
  sentOn: ISODate;
  signedOn: ISODate | null;
}

export interface Goal {
  id: number;
  clientId: number;
  title: string;
  type: "weight_loss" | "muscle_gain" | "endurance" | "flexibility" | "habit";
  unit: string;
  startValue: number;
  targetValue: number;
  currentValue: number;
  startDate: ISODate;
  targetDate: ISODate;
  status: "active" | "achieved" | "abandoned";
}

export interface GoalMilestone {
  id: number;
  goalId: number;
  title: string;
  targetValue: number;
  dueDate: ISODate;
  completedOn: ISODate | null;
}

export interface Photo {
  id: number;
  clientId: number;
  url: string;
  takenOn: ISODate;
  pose: "front" | "side" | "back";
  weightKg: number | null;
  caption: string;
}

export interface Note {
  id: number;
  clientId: number;
  authorStaffId: number;
  text: string;
  createdOn: ISODate;
  pinned: boolean;
}
