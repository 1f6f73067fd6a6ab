/**
 * Deterministic demo data for operations and engagement: classes,
 * appointments, guests, products, campaigns, equipment, facilities,
 * challenges, loyalty, wearables and surveys.
 */
import { addDays } from "./dates.js";
import type { ISODate } from "./types.js";
import type {
  Amenity,
  Appointment,
  Campaign,
  Challenge,
  ChallengeEntry,
  ClassBooking,
  ClassSession,
  ClassType,
  Equipment,
  Facility,
  GuestVisit,
  LoyaltyTransaction,
  MaintenanceLog,
  Product,
  Reward,
  Service,
  Survey,
  SurveyResponse,
  WearableConnection,
  WearableDay,
} from "./types-ops.js";

export interface OpsSeed {
  classTypes: ClassType[];
  classSessions: ClassSession[];
  classBookings: ClassBooking[];
  services: Service[];
  appointments: Appointment[];
  guestVisits: GuestVisit[];
  products: Product[];
  campaigns: Campaign[];
  equipment: Equipment[];
  maintenanceLogs: MaintenanceLog[];
  facilities: Facility[];
  amenities: Amenity[];
  challenges: Challenge[];
  challengeEntries: ChallengeEntry[];
  loyaltyTransactions: LoyaltyTransaction[];
  rewards: Reward[];
  wearableConnections: WearableConnection[];
  wearableDays: WearableDay[];
  surveys: Survey[];
  surveyResponses: SurveyResponse[];
}

function buildWearableDays(today: ISODate, clientIds: number[]): WearableDay[] {
  const days: WearableDay[] = [];
  for (const clientId of clientIds) {
    for (let ago = 6; ago >= 0; ago--) {
      const k = clientId * 13 + ago * 7;
      days.push({
        clientId,
        date: addDays(today, -ago),
        steps: 6000 + ((k * 397) % 7000),
        activeMinutes: 25 + ((k * 11) % 60),
        caloriesBurned: 1900 + ((k * 53) % 900),
        restingHeartRate: 56 + ((k * 3) % 12),
        sleepHours: 6 + (k % 5) * 0.5,
      });
    }
  }
  return days;
}

/** Builds the operations and engagement part of the demo data relative to `today`. */
export function seedOps(today: ISODate): OpsSeed {
  const day = (offset: number): ISODate => addDays(today, offset);
  const sessions: Array<[number, number, number, number, string, number, string]> = [
    // classTypeId, trainerId, branchId, day offset, start, capacity, room
    [1, 2, 1, 0, "07:00", 20, "Studio A"],
    [2, 3, 2, 0, "18:30", 16, "Box"],
    [3, 4, 2, 1, "09:00", 12, "Studio B"],
    [4, 4, 2, 1, "19:00", 25, "Studio B"],
    [1, 2, 1, 2, "07:00", 20, "Studio A"],
    [5, 1, 1, 2, "17:30", 10, "Strength Zone"],
    [2, 3, 2, 3, "18:30", 16, "Box"],
    [1, 2, 1, -1, "07:00", 20, "Studio A"],
  ];
  const bookings: Array<[number, number, ClassBooking["status"]]> = [
    [1, 2, "booked"],
    [1, 8, "booked"],
    [1, 6, "booked"],
    [2, 5, "booked"],
    [2, 4, "cancelled"],
    [3, 4, "booked"],
    [4, 10, "booked"],
    [4, 2, "booked"],
    [5, 2, "booked"],
    [6, 1, "booked"],
    [8, 2, "attended"],
    [8, 8, "attended"],
    [8, 3, "no_show"],
  ];
  return {
    classTypes: [
      { id: 1, name: "Morning Yoga", description: "Vinyasa flow for all levels", durationMinutes: 60, level: "all" },
      { id: 2, name: "HIIT Blast", description: "45 minutes of intervals and conditioning", durationMinutes: 45, level: "intermediate" },
      { id: 3, name: "Mat Pilates", description: "Core strength and control", durationMinutes: 50, level: "beginner" },
      { id: 4, name: "Zumba Party", description: "Dance cardio to Latin rhythms", durationMinutes: 55, level: "all" },
      { id: 5, name: "Barbell Basics", description: "Technique class for the big lifts", durationMinutes: 60, level: "beginner" },
    ],
    classSessions: sessions.map(([classTypeId, trainerId, branchId, offset, startTime, capacity, room], i) => ({
      id: i + 1,
      classTypeId,
      trainerId,
      branchId,
      date: day(offset),
      startTime,
      capacity,
      room,
    })),
    classBookings: bookings.map(([sessionId, clientId, status], i) => ({ id: i + 1, sessionId, clientId, status, bookedOn: day(-2) })),
    services: [
      { id: 1, name: "Personal Training Session", durationMinutes: 60, price: 55, trainerIds: [1, 2, 3, 4] },
      { id: 2, name: "Body Composition Assessment", durationMinutes: 30, price: 45, trainerIds: [1, 3] },
      { id: 3, name: "Sports Massage", durationMinutes: 45, price: 60, trainerIds: [4] },
      { id: 4, name: "Nutrition Consultation", durationMinutes: 40, price: 50, trainerIds: [2] },
    ],
    appointments: [
      { id: 1, serviceId: 1, clientId: 1, trainerId: 1, date: day(0), startTime: "06:00", status: "completed" },
      { id: 2, serviceId: 1, clientId: 4, trainerId: 4, date: day(1), startTime: "10:00", status: "scheduled" },
      { id: 3, serviceId: 2, clientId: 5, trainerId: 3, date: day(1), startTime: "16:00", status: "scheduled" },
      { id: 4, serviceId: 4, clientId: 2, trainerId: 2, date: day(2), startTime: "12:00", status: "scheduled" },
      { id: 5, serviceId: 3, clientId: 10, trainerId: 4, date: day(-6), startTime: "11:00", status: "cancelled" },
    ],
    guestVisits: [
      {
        id: 1,
        guestName: "Ethan Moore",
        phone: "+1-512-555-0308",
        hostClientId: 1,
        branchId: 1,
        date: day(-2),
        passType: "buddy",
        fee: 0,
        convertedToLead: true,
      },
      {
        id: 2,
        guestName: "Zoe Bennett",
        phone: "+1-512-555-0311",
        hostClientId: null,
        branchId: 1,
        date: day(-2),
        passType: "day_pass",
        fee: 15,
        convertedToLead: false,
      },
      {
        id: 3,
        guestName: "Oscar Diaz",
        phone: "+1-512-555-0306",
        hostClientId: null,
        branchId: 2,
        date: day(-5),
        passType: "trial",
        fee: 0,
        convertedToLead: true,
      },
      {
        id: 4,
        guestName: "Lucas Young",
        phone: "+1-512-555-0312",
        hostClientId: 4,
        branchId: 2,
        date: day(-9),
        passType: "buddy",
        fee: 0,
        convertedToLead: false,
      },
      {
        id: 5,
        guestName: "Isla Ward",
        phone: "+1-512-555-0313",
        hostClientId: null,
        branchId: 1,
        date: day(0),
        passType: "day_pass",
        fee: 15,
        convertedToLead: false,
      },
    ],
    products: [
      { id: 1, name: "Whey Protein 2kg (Chocolate)", category: "supplement", sku: "SUP-WHEY-2K", price: 54.99, stock: 14, reorderLevel: 5 },
      { id: 2, name: "Creatine Monohydrate 300g", category: "supplement", sku: "SUP-CREA-300", price: 24.99, stock: 3, reorderLevel: 6 },
      { id: 3, name: "Ironclad Shaker", category: "accessory", sku: "ACC-SHAKER", price: 9, stock: 40, reorderLevel: 10 },
      { id: 4, name: "Resistance Band Set", category: "accessory", sku: "ACC-BANDS", price: 15, stock: 2, reorderLevel: 4 },
      { id: 5, name: "Ironclad Tee (M)", category: "apparel", sku: "APP-TEE-M", price: 22, stock: 0, reorderLevel: 5 },
      { id: 6, name: "Electrolyte Drink", category: "beverage", sku: "BEV-ELEC", price: 3.5, stock: 60, reorderLevel: 24 },
    ],
    campaigns: [
      {
        id: 1,
        name: "Black Friday Annual Push",
        channel: "email",
        status: "running",
        audience: "expired and monthly members",
        startDate: day(-5),
        endDate: day(10),
        budget: 300,
        sent: 1240,
        opened: 512,
        clicked: 133,
        conversions: 9,
      },
      {
        id: 2,
        name: "Win-back: Expired Members",
        channel: "sms",
        status: "completed",
        audience: "memberships expired in last 90 days",
        startDate: day(-45),
        endDate: day(-15),
        budget: 120,
        sent: 310,
        opened: 290,
        clicked: 41,
        conversions: 6,
      },
      {
        id: 3,
        name: "New Year Resolution Teaser",
        channel: "whatsapp",
        status: "scheduled",
        audience: "all leads",
        startDate: day(35),
        endDate: day(55),
        budget: 200,
        sent: 0,
        opened: 0,
        clicked: 0,
        conversions: 0,
      },
    ],
    equipment: [
      {
        id: 1,
        name: "Treadmill T-900 #1",
        category: "cardio",
        branchId: 1,
        purchasedOn: "2021-02-10",
        status: "operational",
        lastMaintenance: day(-40),
        nextMaintenance: day(5),
      },
      {
        id: 2,
        name: "Treadmill T-900 #2",
        category: "cardio",
        branchId: 1,
        purchasedOn: "2021-02-10",
        status: "needs_repair",
        lastMaintenance: day(-40),
        nextMaintenance: day(1),
      },
      {
        id: 3,
        name: "Power Rack Elite",
        category: "strength",
        branchId: 1,
        purchasedOn: "2019-03-01",
        status: "operational",
        lastMaintenance: day(-100),
        nextMaintenance: day(80),
      },
      {
        id: 4,
        name: "Rowing Machine Concept2",
        category: "cardio",
        branchId: 2,
        purchasedOn: "2022-06-01",
        status: "operational",
        lastMaintenance: day(-170),
        nextMaintenance: day(12),
      },
      {
        id: 5,
        name: "Cable Crossover",
        category: "strength",
        branchId: 2,
        purchasedOn: "2022-06-01",
        status: "out_of_service",
        lastMaintenance: day(-8),
        nextMaintenance: day(3),
      },
      {
        id: 6,
        name: "Kettlebell Set 4-32kg",
        category: "free_weights",
        branchId: 3,
        purchasedOn: day(-130),
        status: "operational",
        lastMaintenance: day(-130),
        nextMaintenance: day(230),
      },
    ],
    maintenanceLogs: [
      {
        id: 1,
        equipmentId: 1,
        date: day(-40),
        type: "servicing",
        notes: "Belt lubricated, motor checked",
        cost: 80,
        technician: "FitFix Services",
      },
      { id: 2, equipmentId: 2, date: day(-40), type: "servicing", notes: "Belt lubricated", cost: 80, technician: "FitFix Services" },
      {
        id: 3,
        equipmentId: 5,
        date: day(-8),
        type: "repair",
        notes: "Frayed cable, replacement part ordered",
        cost: 0,
        technician: "FitFix Services",
      },
      {
        id: 4,
        equipmentId: 3,
        date: day(-100),
        type: "inspection",
        notes: "Safety pins and J-hooks OK",
        cost: 0,
        technician: "Maria Lopez",
      },
    ],
    facilities: [
      { id: 1, name: "Lap Pool", type: "pool", branchId: 1, capacity: 24, status: "open", openingHours: "06:00-21:00" },
      { id: 2, name: "Finnish Sauna", type: "sauna", branchId: 1, capacity: 8, status: "maintenance", openingHours: "07:00-21:00" },
      { id: 3, name: "Studio A", type: "studio", branchId: 1, capacity: 20, status: "open", openingHours: "06:00-22:00" },
      { id: 4, name: "Squash Court", type: "court", branchId: 2, capacity: 4, status: "open", openingHours: "07:00-22:00" },
      { id: 5, name: "Recovery Lounge", type: "recovery", branchId: 2, capacity: 6, status: "open", openingHours: "08:00-20:00" },
    ],
    amenities: [
      {
        id: 1,
        name: "Towel service",
        description: "Fresh towels at reception",
        branchIds: [1, 2, 3],
        includedInPlanIds: [2, 3],
        extraFee: 2,
      },
      {
        id: 2,
        name: "Lockers",
        description: "Day-use digital lockers",
        branchIds: [1, 2, 3],
        includedInPlanIds: [1, 2, 3, 4],
        extraFee: 1,
      },
      {
        id: 3,
        name: "Free Wi-Fi",
        description: "High-speed Wi-Fi across the floor",
        branchIds: [1, 2, 3],
        includedInPlanIds: [1, 2, 3, 4],
        extraFee: 0,
      },
      { id: 4, name: "Sauna access", description: "Finnish sauna at Downtown", branchIds: [1], includedInPlanIds: [3], extraFee: 8 },
      { id: 5, name: "Parking", description: "Two hours of free parking", branchIds: [2], includedInPlanIds: [1, 2, 3, 4], extraFee: 0 },
    ],
    challenges: [
      { id: 1, name: "20 Visits in 30 Days", metric: "check_ins", startDate: day(-19), endDate: day(10), rewardPoints: 300 },
      { id: 2, name: "10K Steps a Day", metric: "steps", startDate: day(-6), endDate: day(7), rewardPoints: 150 },
      { id: 3, name: "December Class Crusher", metric: "classes", startDate: day(11), endDate: day(41), rewardPoints: 250 },
    ],
    challengeEntries: [
      { challengeId: 1, clientId: 1, score: 12, joinedOn: day(-19) },
      { challengeId: 1, clientId: 2, score: 14, joinedOn: day(-18) },
      { challengeId: 1, clientId: 4, score: 11, joinedOn: day(-19) },
      { challengeId: 1, clientId: 5, score: 9, joinedOn: day(-15) },
      { challengeId: 1, clientId: 8, score: 10, joinedOn: day(-17) },
      { challengeId: 2, clientId: 1, score: 61_200, joinedOn: day(-6) },
      { challengeId: 2, clientId: 4, score: 74_950, joinedOn: day(-6) },
      { challengeId: 2, clientId: 2, score: 58_300, joinedOn: day(-5) },
    ],
    loyaltyTransactions: [
      { id: 1, clientId: 1, points: 449, reason: "Annual renewal", date: day(-35) },
      { id: 2, clientId: 1, points: 200, reason: "Referral joined (Mia Lewis)", date: day(-10) },
      { id: 3, clientId: 1, points: -250, reason: "Redeemed: Free smoothie x5", date: day(-4) },
      { id: 4, clientId: 2, points: 129, reason: "Quarterly purchase", date: day(-60) },
      { id: 5, clientId: 4, points: 449, reason: "Annual purchase", date: day(-200) },
      { id: 6, clientId: 4, points: 200, reason: "Referral rewarded (Olivia Martinez)", date: day(-15) },
      { id: 7, clientId: 4, points: -500, reason: "Redeemed: Ironclad hoodie", date: day(-90) },
      { id: 8, clientId: 5, points: 129, reason: "Quarterly purchase", date: day(-80) },
      { id: 9, clientId: 8, points: 35, reason: "Student monthly purchase", date: day(-20) },
      { id: 10, clientId: 12, points: 49, reason: "Monthly purchase", date: day(-10) },
    ],
    rewards: [
      { id: 1, name: "Free smoothie", pointsCost: 50, stock: 100, active: true },
      { id: 2, name: "Guest day pass", pointsCost: 150, stock: 50, active: true },
      { id: 3, name: "Personal training session", pointsCost: 400, stock: 10, active: true },
      { id: 4, name: "Ironclad hoodie", pointsCost: 500, stock: 0, active: true },
      { id: 5, name: "Free month (legacy)", pointsCost: 2000, stock: 0, active: false },
    ],
    wearableConnections: [
      { id: 1, clientId: 1, provider: "garmin", connectedOn: day(-120), status: "connected", lastSyncedOn: day(0) },
      { id: 2, clientId: 2, provider: "apple_health", connectedOn: day(-55), status: "connected", lastSyncedOn: day(0) },
      { id: 3, clientId: 4, provider: "fitbit", connectedOn: day(-190), status: "connected", lastSyncedOn: day(-1) },
      { id: 4, clientId: 7, provider: "google_fit", connectedOn: day(-45), status: "disconnected", lastSyncedOn: day(-13) },
    ],
    wearableDays: buildWearableDays(today, [1, 2, 4]),
    surveys: [
      {
        id: 1,
        title: "Quarterly NPS",
        type: "nps",
        status: "active",
        createdOn: day(-14),
        questions: [
          { id: "q1", text: "How likely are you to recommend Ironclad to a friend? (0-10)", kind: "score" },
          { id: "q2", text: "What is the main reason for your score?", kind: "text" },
        ],
      },
      {
        id: 2,
        title: "Group Class Feedback",
        type: "satisfaction",
        status: "closed",
        createdOn: day(-60),
        questions: [
          { id: "q1", text: "How satisfied are you with group classes? (1-5)", kind: "score" },
          { id: "q2", text: "Which class would you like more of?", kind: "choice", options: ["Yoga", "HIIT", "Pilates", "Zumba"] },
        ],
      },
    ],
    surveyResponses: [
      { id: 1, surveyId: 1, clientId: 1, submittedOn: day(-12), answers: { q1: 9, q2: "Great coaches" } },
      { id: 2, surveyId: 1, clientId: 2, submittedOn: day(-11), answers: { q1: 10, q2: "Yoga classes are amazing" } },
      { id: 3, surveyId: 1, clientId: 4, submittedOn: day(-10), answers: { q1: 7, q2: "Riverside gets crowded at 6pm" } },
      { id: 4, surveyId: 1, clientId: 5, submittedOn: day(-9), answers: { q1: 6, q2: "Broken cable machine" } },
      { id: 5, surveyId: 1, clientId: 10, submittedOn: day(-8), answers: { q1: 3, q2: "Too expensive" } },
      { id: 6, surveyId: 2, clientId: 2, submittedOn: day(-55), answers: { q1: 5, q2: "Yoga" } },
      { id: 7, surveyId: 2, clientId: 4, submittedOn: day(-54), answers: { q1: 4, q2: "Pilates" } },
      { id: 8, surveyId: 2, clientId: 8, submittedOn: day(-52), answers: { q1: 4, q2: "Yoga" } },
    ],
  };
}
