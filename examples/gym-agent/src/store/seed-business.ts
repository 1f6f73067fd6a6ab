/**
 * Deterministic demo data for sales and member care: offers, enquiries,
 * leads, referrals, documents, goals, photos, notes, diets and custom fields.
 */
import { addDays } from "./dates.js";
import type { CustomField, CustomFieldValue, DietPlan } from "./types-ops.js";
import type {
  DocumentTemplate,
  Enquiry,
  Goal,
  GoalMilestone,
  ISODate,
  Lead,
  LeadFollowUp,
  Note,
  Offer,
  Photo,
  Referral,
  SignedDocument,
} from "./types.js";

export interface BusinessSeed {
  offers: Offer[];
  enquiries: Enquiry[];
  leads: Lead[];
  leadFollowUps: LeadFollowUp[];
  referrals: Referral[];
  documentTemplates: DocumentTemplate[];
  signedDocuments: SignedDocument[];
  goals: Goal[];
  goalMilestones: GoalMilestone[];
  photos: Photo[];
  notes: Note[];
  dietPlans: DietPlan[];
  customFields: CustomField[];
  customFieldValues: CustomFieldValue[];
}

/** Builds the sales and member-care part of the demo data relative to `today`. */
export function seedBusiness(today: ISODate): BusinessSeed {
  const day = (offset: number): ISODate => addDays(today, offset);
  return {
    offers: [
      { id: 1, code: "NEWYEAR10", title: "10% off any plan", discountType: "percent", discountValue: 10, planIds: [], validFrom: day(-90), validTo: day(40), maxUses: 100, usedCount: 23, active: true },
      { id: 2, code: "BLACKFRIDAY", title: "$50 off Annual Premium", discountType: "flat", discountValue: 50, planIds: [3], validFrom: day(-5), validTo: day(10), maxUses: 50, usedCount: 4, active: true },
      { id: 3, code: "STUDENT5", title: "$5 off Student Monthly", discountType: "flat", discountValue: 5, planIds: [4], validFrom: day(-200), validTo: day(160), maxUses: 500, usedCount: 61, active: true },
      { id: 4, code: "SUMMER25", title: "25% off Summer Pass", discountType: "percent", discountValue: 25, planIds: [5], validFrom: day(-170), validTo: day(-80), maxUses: 200, usedCount: 142, active: false },
    ],
    enquiries: [
      { id: 1, name: "Rachel Green", phone: "+1-512-555-0301", email: "rachel.green@example.com", source: "website", interest: "Annual Premium", status: "new", createdOn: day(-1), notes: "Asked about sauna access" },
      { id: 2, name: "Kevin Patel", phone: "+1-512-555-0302", email: null, source: "walk-in", interest: "Personal training", status: "contacted", createdOn: day(-4), notes: "Wants evening PT slots" },
      { id: 3, name: "Laura Chen", phone: "+1-512-555-0303", email: "laura.chen@example.com", source: "instagram", interest: "Yoga classes", status: "converted", createdOn: day(-20), notes: "Joined via lead 3" },
      { id: 4, name: "Brian Scott", phone: "+1-512-555-0304", email: null, source: "phone", interest: "Student Monthly", status: "closed", createdOn: day(-35), notes: "Chose a cheaper gym" },
      { id: 5, name: "Nina Rossi", phone: "+1-512-555-0305", email: "nina.rossi@example.com", source: "website", interest: "Quarterly Plus", status: "new", createdOn: day(0), notes: "" },
    ],
    leads: [
      { id: 1, name: "Rachel Green", phone: "+1-512-555-0301", email: "rachel.green@example.com", source: "website", stage: "new", assignedStaffId: 7, interestedPlanId: 3, expectedValue: 449, createdOn: day(-1), enquiryId: 1, convertedClientId: null },
      { id: 2, name: "Kevin Patel", phone: "+1-512-555-0302", email: null, source: "walk-in", stage: "contacted", assignedStaffId: 7, interestedPlanId: 2, expectedValue: 129, createdOn: day(-4), enquiryId: 2, convertedClientId: null },
      { id: 3, name: "Laura Chen", phone: "+1-512-555-0303", email: "laura.chen@example.com", source: "instagram", stage: "won", assignedStaffId: 6, interestedPlanId: 1, expectedValue: 49, createdOn: day(-20), enquiryId: 3, convertedClientId: 6 },
      { id: 4, name: "Oscar Diaz", phone: "+1-512-555-0306", email: "oscar.diaz@example.com", source: "referral", stage: "trial_booked", assignedStaffId: 6, interestedPlanId: 2, expectedValue: 129, createdOn: day(-6), enquiryId: null, convertedClientId: null },
      { id: 5, name: "Grace Kim", phone: "+1-512-555-0307", email: "grace.kim@example.com", source: "facebook", stage: "negotiation", assignedStaffId: 7, interestedPlanId: 3, expectedValue: 449, createdOn: day(-12), enquiryId: null, convertedClientId: null },
      { id: 6, name: "Brian Scott", phone: "+1-512-555-0304", email: null, source: "phone", stage: "lost", assignedStaffId: 6, interestedPlanId: 4, expectedValue: 35, createdOn: day(-35), enquiryId: 4, convertedClientId: null },
      { id: 7, name: "Ethan Moore", phone: "+1-512-555-0308", email: null, source: "guest visit", stage: "contacted", assignedStaffId: null, interestedPlanId: 1, expectedValue: 49, createdOn: day(-2), enquiryId: null, convertedClientId: null },
      { id: 8, name: "Chloe Turner", phone: "+1-512-555-0309", email: "chloe.turner@example.com", source: "website", stage: "new", assignedStaffId: null, interestedPlanId: null, expectedValue: 0, createdOn: day(0), enquiryId: null, convertedClientId: null },
    ],
    leadFollowUps: [
      { id: 1, leadId: 1, dueDate: day(0), channel: "call", note: "Introduce Annual Premium and the BLACKFRIDAY code", done: false },
      { id: 2, leadId: 2, dueDate: day(-1), channel: "whatsapp", note: "Share evening PT availability", done: false },
      { id: 3, leadId: 4, dueDate: day(2), channel: "visit", note: "Trial session with Marcus at Riverside", done: false },
      { id: 4, leadId: 5, dueDate: day(1), channel: "email", note: "Send revised annual quote", done: false },
      { id: 5, leadId: 3, dueDate: day(-18), channel: "call", note: "Welcome call", done: true },
    ],
    referrals: [
      { id: 1, referrerClientId: 1, refereeName: "Oscar Diaz", refereePhone: "+1-512-555-0306", status: "pending", createdOn: day(-6), rewardPoints: 200 },
      { id: 2, referrerClientId: 4, refereeName: "Olivia Martinez", refereePhone: "+1-512-555-0215", status: "rewarded", createdOn: day(-18), rewardPoints: 200 },
      { id: 3, referrerClientId: 1, refereeName: "Mia Lewis", refereePhone: "+1-512-555-0221", status: "joined", createdOn: day(-14), rewardPoints: 200 },
      { id: 4, referrerClientId: 2, refereeName: "Tyler Brooks", refereePhone: "+1-512-555-0310", status: "expired", createdOn: day(-75), rewardPoints: 200 },
    ],
    documentTemplates: [
      { id: 1, name: "Liability Waiver", kind: "waiver", body: "I, {{client_name}}, accept the risks of physical exercise at {{gym_name}}...", requiredForNewMembers: true },
      { id: 2, name: "Membership Agreement", kind: "contract", body: "This agreement between {{gym_name}} and {{client_name}} covers plan {{plan_name}}...", requiredForNewMembers: true },
      { id: 3, name: "Photo Consent", kind: "consent", body: "I allow {{gym_name}} to store progress photos of me for coaching purposes.", requiredForNewMembers: false },
    ],
    signedDocuments: [
      { id: 1, templateId: 1, clientId: 1, status: "signed", sentOn: day(-400), signedOn: day(-400) },
      { id: 2, templateId: 2, clientId: 1, status: "signed", sentOn: day(-35), signedOn: day(-34) },
      { id: 3, templateId: 1, clientId: 6, status: "signed", sentOn: day(-15), signedOn: day(-15) },
      { id: 4, templateId: 2, clientId: 12, status: "sent", sentOn: day(-10), signedOn: null },
      { id: 5, templateId: 3, clientId: 2, status: "declined", sentOn: day(-50), signedOn: null },
    ],
    goals: [
      { id: 1, clientId: 1, title: "Lose 8 kg before summer", type: "weight_loss", unit: "kg", startValue: 92, targetValue: 84, currentValue: 87.5, startDate: day(-90), targetDate: day(120), status: "active" },
      { id: 2, clientId: 4, title: "Deadlift 100 kg", type: "muscle_gain", unit: "kg", startValue: 70, targetValue: 100, currentValue: 92.5, startDate: day(-150), targetDate: day(30), status: "active" },
      { id: 3, clientId: 2, title: "Run a 10K under 55 minutes", type: "endurance", unit: "min", startValue: 64, targetValue: 55, currentValue: 55, startDate: day(-60), targetDate: day(-2), status: "achieved" },
      { id: 4, clientId: 5, title: "Train four times a week", type: "habit", unit: "sessions/week", startValue: 1, targetValue: 4, currentValue: 3, startDate: day(-70), targetDate: day(20), status: "active" },
    ],
    goalMilestones: [
      { id: 1, goalId: 1, title: "Down to 89 kg", targetValue: 89, dueDate: day(-30), completedOn: day(-33) },
      { id: 2, goalId: 1, title: "Down to 86 kg", targetValue: 86, dueDate: day(30), completedOn: null },
      { id: 3, goalId: 2, title: "Deadlift 90 kg", targetValue: 90, dueDate: day(-20), completedOn: day(-25) },
      { id: 4, goalId: 2, title: "Deadlift 95 kg", targetValue: 95, dueDate: day(10), completedOn: null },
      { id: 5, goalId: 3, title: "10K under 60 minutes", targetValue: 60, dueDate: day(-30), completedOn: day(-31) },
      { id: 6, goalId: 4, title: "Three sessions a week for a month", targetValue: 3, dueDate: day(-10), completedOn: day(-12) },
    ],
    photos: [
      { id: 1, clientId: 1, url: "https://cdn.ironclad.fit/photos/1/front-start.jpg", takenOn: day(-90), pose: "front", weightKg: 92, caption: "Day one" },
      { id: 2, clientId: 1, url: "https://cdn.ironclad.fit/photos/1/front-60.jpg", takenOn: day(-30), pose: "front", weightKg: 88.7, caption: "Two months in" },
      { id: 3, clientId: 1, url: "https://cdn.ironclad.fit/photos/1/side-60.jpg", takenOn: day(-30), pose: "side", weightKg: 88.7, caption: "Two months in, side" },
      { id: 4, clientId: 4, url: "https://cdn.ironclad.fit/photos/4/back-start.jpg", takenOn: day(-150), pose: "back", weightKg: 61, caption: "Start of strength block" },
    ],
    notes: [
      { id: 1, clientId: 1, authorStaffId: 2, text: "Prefers early morning sessions; mild lower-back tightness.", createdOn: day(-80), pinned: true },
      { id: 2, clientId: 7, authorStaffId: 6, text: "Froze membership for knee rehab; check in before unfreezing.", createdOn: day(-12), pinned: true },
      { id: 3, clientId: 2, authorStaffId: 3, text: "Interested in the yoga teacher training course.", createdOn: day(-9), pinned: false },
      { id: 4, clientId: 10, authorStaffId: 7, text: "Membership expired; said she may return in spring.", createdOn: day(-28), pinned: false },
      { id: 5, clientId: 1, authorStaffId: 8, text: "Started the high-protein cut diet.", createdOn: day(-60), pinned: false },
    ],
    dietPlans: [
      {
        id: 1, name: "High-Protein Cut", goal: "weight_loss", dailyCalories: 1900, proteinG: 170, carbsG: 150, fatG: 60, createdByStaffId: 8, assignedClientIds: [1],
        meals: [
          { time: "07:30", name: "Breakfast", items: ["4 egg whites", "oats 50g", "berries"] },
          { time: "13:00", name: "Lunch", items: ["grilled chicken 180g", "brown rice 100g", "salad"] },
          { time: "19:30", name: "Dinner", items: ["salmon 150g", "roasted vegetables"] },
        ],
      },
      {
        id: 2, name: "Lean Bulk", goal: "muscle_gain", dailyCalories: 2900, proteinG: 180, carbsG: 350, fatG: 85, createdByStaffId: 8, assignedClientIds: [4, 5],
        meals: [
          { time: "08:00", name: "Breakfast", items: ["3 whole eggs", "toast x2", "banana"] },
          { time: "12:30", name: "Lunch", items: ["beef 200g", "pasta 150g", "greens"] },
          { time: "16:00", name: "Snack", items: ["greek yogurt", "granola", "whey shake"] },
          { time: "20:00", name: "Dinner", items: ["chicken thighs 200g", "sweet potato", "broccoli"] },
        ],
      },
      {
        id: 3, name: "Balanced Maintenance", goal: "maintenance", dailyCalories: 2200, proteinG: 120, carbsG: 250, fatG: 75, createdByStaffId: 8, assignedClientIds: [],
        meals: [
          { time: "08:00", name: "Breakfast", items: ["overnight oats", "almonds"] },
          { time: "13:00", name: "Lunch", items: ["turkey wrap", "fruit"] },
          { time: "19:00", name: "Dinner", items: ["tofu stir-fry", "jasmine rice"] },
        ],
      },
    ],
    customFields: [
      { id: 1, entity: "client", key: "blood_group", label: "Blood group", type: "select", options: ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"], required: false },
      { id: 2, entity: "client", key: "emergency_contact", label: "Emergency contact", type: "text", options: [], required: true },
      { id: 3, entity: "lead", key: "preferred_time", label: "Preferred workout time", type: "select", options: ["morning", "afternoon", "evening"], required: false },
      { id: 4, entity: "staff", key: "certification_expiry", label: "Certification expiry", type: "date", options: [], required: false },
    ],
    customFieldValues: [
      { fieldId: 1, entityId: 1, value: "O+" },
      { fieldId: 2, entityId: 1, value: "Jane Carter +1-512-555-0999" },
      { fieldId: 2, entityId: 4, value: "Tom Johnson +1-512-555-0998" },
      { fieldId: 3, entityId: 2, value: "evening" },
      { fieldId: 4, entityId: 2, value: day(45) },
    ],
  };
}
