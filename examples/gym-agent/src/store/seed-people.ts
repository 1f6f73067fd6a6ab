/**
 * Deterministic demo data for the gym itself and its people: branches,
 * currencies, staff, trainers, clients, plans, memberships, attendance,
 * payments and salaries. Every date is derived from `today`.
 */
import { addDays, monthOf, previousMonth } from "./dates.js";
import type {
  AttendanceRecord,
  Branch,
  Client,
  Currency,
  GymInfo,
  ISODate,
  Membership,
  MembershipEvent,
  Payment,
  Plan,
  SalaryRecord,
  StaffMember,
  Trainer,
  UiState,
} from "./types.js";

export interface PeopleSeed {
  gym: GymInfo;
  branches: Branch[];
  currencies: Currency[];
  ui: UiState;
  staff: StaffMember[];
  trainers: Trainer[];
  clients: Client[];
  plans: Plan[];
  memberships: Membership[];
  membershipEvents: MembershipEvent[];
  attendance: AttendanceRecord[];
  payments: Payment[];
  salaries: SalaryRecord[];
}

const STAFF: Array<[string, StaffMember["role"], number, number, number]> = [
  // name, role, branchId, monthlySalary, hired (days ago)
  ["Maria Lopez", "manager", 1, 5200, 1900],
  ["David Kim", "trainer", 1, 3800, 1500],
  ["Priya Shah", "trainer", 1, 3600, 1100],
  ["Marcus Reed", "trainer", 2, 3700, 900],
  ["Sofia Alvarez", "trainer", 2, 3500, 640],
  ["Emma Wilson", "receptionist", 1, 2400, 500],
  ["Liam O'Brien", "sales", 2, 2800, 420],
  ["Hannah Lee", "nutritionist", 1, 3200, 300],
  ["Tom Becker", "cleaner", 3, 1900, 120],
];

const CLIENTS: Array<[string, Client["gender"], ISODate, number, number | null, number]> = [
  // name, gender, dateOfBirth, branchId, trainerId, joined (days ago)
  ["John Carter", "male", "1988-03-14", 1, 1, 400],
  ["Emily Davis", "female", "1992-11-25", 1, 2, 60],
  ["Michael Brown", "male", "1985-07-02", 1, null, 25],
  ["Sarah Johnson", "female", "1995-12-03", 2, 4, 200],
  ["James Wilson", "male", "1990-01-19", 2, 3, 80],
  ["Olivia Martinez", "female", "1998-11-29", 1, null, 15],
  ["Daniel Garcia", "male", "1983-05-10", 2, 3, 50],
  ["Sophia Anderson", "female", "2001-08-22", 1, 2, 20],
  ["William Thomas", "male", "1979-09-30", 3, null, 95],
  ["Ava Robinson", "female", "1994-04-11", 2, 4, 120],
  ["Noah Clark", "male", "1996-12-08", 1, 1, 150],
  ["Mia Lewis", "female", "1999-02-17", 3, null, 10],
];

const MEMBERSHIPS: Array<[number, number, number, number, Membership["status"], number, string | null, number | null]> = [
  // clientId, planId, start (days ago), end (days from today), status, pricePaid, freezeReason, frozen (days ago)
  [1, 3, 400, -35, "expired", 449, null, null],
  [1, 3, 35, 330, "active", 449, null, null],
  [2, 2, 60, 30, "active", 116.1, null, null],
  [3, 1, 25, 5, "active", 49, null, null],
  [4, 3, 200, 165, "active", 449, null, null],
  [5, 2, 80, 10, "active", 129, null, null],
  [6, 1, 15, 15, "active", 49, null, null],
  [7, 2, 50, 40, "frozen", 129, "Knee injury, doctor advised four weeks of rest", 12],
  [8, 4, 20, 10, "active", 35, null, null],
  [9, 1, 95, -65, "expired", 49, null, null],
  [10, 2, 120, -30, "expired", 129, null, null],
  [11, 3, 150, 215, "frozen", 404.1, "Travelling for work until January", 5],
  [12, 1, 10, 20, "active", 49, null, null],
];

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z]+/g, ".");
}

function buildAttendance(today: ISODate, clients: Client[], memberships: Membership[]): AttendanceRecord[] {
  const records: AttendanceRecord[] = [];
  for (let ago = 29; ago >= 0; ago--) {
    const date = addDays(today, -ago);
    for (const client of clients) {
      const covered = memberships.some(
        (m) => m.clientId === client.id && m.startDate <= date && m.endDate >= date && !(m.frozenOn !== null && m.frozenOn <= date),
      );
      if (!covered || (client.id * 7 + ago * 3) % 5 >= 3) continue;
      const hour = 6 + ((client.id * 3 + ago) % 14);
      const minute = (client.id * 17 + ago * 7) % 60;
      const checkIn = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
      const outHour = hour + 1 + ((client.id + ago) % 2);
      const checkOut = ago === 0 && hour >= 12 ? null : `${String(outHour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
      records.push({ id: records.length + 1, clientId: client.id, branchId: client.branchId, date, checkIn, checkOut });
    }
  }
  return records;
}

function buildSalaries(today: ISODate, staff: StaffMember[]): SalaryRecord[] {
  const lastMonth = previousMonth(monthOf(today));
  const twoMonthsAgo = previousMonth(lastMonth);
  const records: SalaryRecord[] = [];
  for (const month of [twoMonthsAgo, lastMonth]) {
    for (const member of staff) {
      const late = month === lastMonth && (member.id === 7 || member.id === 9);
      records.push({
        id: records.length + 1,
        staffId: member.id,
        month,
        baseAmount: member.monthlySalary,
        bonus: month === lastMonth && member.role === "trainer" && member.id === 2 ? 200 : 0,
        deductions: member.id === 9 && month === lastMonth ? 50 : 0,
        status: late ? "pending" : "paid",
        paidOn: late ? null : `${month === lastMonth ? monthOf(today) : lastMonth}-01`,
      });
    }
  }
  return records;
}

/** Builds the people-related part of the demo data relative to `today`. */
export function seedPeople(today: ISODate): PeopleSeed {
  const day = (offset: number): ISODate => addDays(today, offset);
  const staff: StaffMember[] = STAFF.map(([name, role, branchId, monthlySalary, hired], i) => ({
    id: i + 1,
    name,
    role,
    email: `${slug(name)}@ironclad.fit`,
    phone: `+1-512-555-01${String(i + 10)}`,
    branchId,
    hiredOn: day(-hired),
    monthlySalary,
    status: i === 6 ? "on_leave" : "active",
  }));
  const trainers: Trainer[] = [
    { id: 1, staffId: 2, name: "David Kim", specialties: ["strength", "powerlifting"], branchId: 1, rating: 4.8 },
    { id: 2, staffId: 3, name: "Priya Shah", specialties: ["yoga", "mobility"], branchId: 1, rating: 4.9 },
    { id: 3, staffId: 4, name: "Marcus Reed", specialties: ["hiit", "crossfit"], branchId: 2, rating: 4.6 },
    { id: 4, staffId: 5, name: "Sofia Alvarez", specialties: ["pilates", "zumba"], branchId: 2, rating: 4.7 },
  ];
  const clients: Client[] = CLIENTS.map(([name, gender, dateOfBirth, branchId, trainerId, joined], i) => ({
    id: i + 1,
    name,
    email: `${slug(name)}@example.com`,
    phone: `+1-512-555-02${String(i + 10)}`,
    gender,
    dateOfBirth,
    branchId,
    joinedOn: day(-joined),
    trainerId,
    status: i === 8 ? "inactive" : "active",
    tags: i === 0 ? ["vip"] : i === 7 ? ["student"] : [],
  }));
  const plans: Plan[] = [
    {
      id: 1,
      name: "Monthly Basic",
      durationDays: 30,
      price: 49,
      description: "Gym floor access at your home branch",
      features: ["gym floor", "locker"],
      maxFreezeDays: 7,
      active: true,
    },
    {
      id: 2,
      name: "Quarterly Plus",
      durationDays: 90,
      price: 129,
      description: "Gym floor plus unlimited group classes",
      features: ["gym floor", "locker", "group classes"],
      maxFreezeDays: 21,
      active: true,
    },
    {
      id: 3,
      name: "Annual Premium",
      durationDays: 365,
      price: 449,
      description: "All branches, classes, sauna and two PT sessions a month",
      features: ["all branches", "group classes", "sauna", "2 PT sessions/month"],
      maxFreezeDays: 60,
      active: true,
    },
    {
      id: 4,
      name: "Student Monthly",
      durationDays: 30,
      price: 35,
      description: "Off-peak gym access for students with valid ID",
      features: ["gym floor", "off-peak only"],
      maxFreezeDays: 7,
      active: true,
    },
    {
      id: 5,
      name: "Summer Pass",
      durationDays: 60,
      price: 79,
      description: "Seasonal two-month pass (retired)",
      features: ["gym floor", "pool"],
      maxFreezeDays: 0,
      active: false,
    },
  ];
  const memberships: Membership[] = MEMBERSHIPS.map(([clientId, planId, start, end, status, pricePaid, reason, frozen], i) => ({
    id: i + 1,
    clientId,
    planId,
    status,
    startDate: day(-start),
    endDate: day(end),
    pricePaid,
    frozenOn: frozen === null ? null : day(-frozen),
    freezeReason: reason,
  }));
  const membershipEvents: MembershipEvent[] = [];
  for (const m of memberships) {
    const renewed = memberships.some((o) => o.clientId === m.clientId && o.id < m.id);
    membershipEvents.push({
      id: membershipEvents.length + 1,
      membershipId: m.id,
      clientId: m.clientId,
      type: renewed ? "renewed" : "purchased",
      date: m.startDate,
      note: `Plan ${m.planId}`,
    });
    if (m.frozenOn !== null) {
      membershipEvents.push({
        id: membershipEvents.length + 1,
        membershipId: m.id,
        clientId: m.clientId,
        type: "frozen",
        date: m.frozenOn,
        note: m.freezeReason ?? "",
      });
    }
  }
  const methods: Payment["method"][] = ["card", "upi", "cash", "bank_transfer"];
  const payments: Payment[] = memberships.map((m, i) => ({
    id: i + 1,
    clientId: m.clientId,
    kind: "membership",
    amount: m.pricePaid,
    date: m.startDate,
    method: methods[i % methods.length] ?? "card",
    planId: m.planId,
    description: `${plans.find((p) => p.id === m.planId)?.name ?? "Plan"} membership`,
  }));
  const extras: Array<[number | null, Payment["kind"], number, number, string]> = [
    [1, "product", 54.99, -3, "Whey protein 2kg"],
    [4, "service", 60, -6, "Sports massage"],
    [null, "guest_pass", 15, -2, "Day pass"],
    [2, "product", 24, -1, "Shaker + resistance band"],
    [5, "service", 45, -12, "Body composition assessment"],
    [null, "guest_pass", 15, 0, "Day pass"],
  ];
  for (const [clientId, kind, amount, offset, description] of extras) {
    payments.push({ id: payments.length + 1, clientId, kind, amount, date: day(offset), method: "card", planId: null, description });
  }
  return {
    gym: {
      name: "Ironclad Fitness",
      legalName: "Ironclad Fitness LLC",
      email: "hello@ironclad.fit",
      phone: "+1-512-555-0100",
      website: "https://ironclad.fit",
      baseCurrency: "USD",
      timezone: "America/Chicago",
      foundedYear: 2019,
      openingHours: { "Mon-Fri": "05:30-22:00", Sat: "07:00-20:00", Sun: "08:00-14:00" },
    },
    branches: [
      {
        id: 1,
        name: "Downtown",
        city: "Austin",
        address: "210 Congress Ave, Austin, TX",
        phone: "+1-512-555-0101",
        openedOn: "2019-03-01",
        capacity: 180,
      },
      {
        id: 2,
        name: "Riverside",
        city: "Austin",
        address: "1450 Riverside Dr, Austin, TX",
        phone: "+1-512-555-0102",
        openedOn: "2022-06-15",
        capacity: 140,
      },
      {
        id: 3,
        name: "Northgate",
        city: "Round Rock",
        address: "88 Northgate Blvd, Round Rock, TX",
        phone: "+1-512-555-0103",
        openedOn: day(-120),
        capacity: 90,
      },
    ],
    currencies: [
      { code: "USD", name: "US Dollar", symbol: "$", ratePerBase: 1 },
      { code: "EUR", name: "Euro", symbol: "€", ratePerBase: 0.92 },
      { code: "GBP", name: "British Pound", symbol: "£", ratePerBase: 0.79 },
      { code: "INR", name: "Indian Rupee", symbol: "₹", ratePerBase: 83.2 },
      { code: "AED", name: "UAE Dirham", symbol: "AED", ratePerBase: 3.67 },
    ],
    ui: { theme: { mode: "light", primaryColor: "#e4572e" }, currentPage: "dashboard", currentBranchId: 1 },
    staff,
    trainers,
    clients,
    plans,
    memberships,
    membershipEvents,
    attendance: buildAttendance(today, clients, memberships),
    payments,
    salaries: buildSalaries(today, staff),
  };
}
