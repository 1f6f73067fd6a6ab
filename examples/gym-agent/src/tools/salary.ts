/**
 * Salary (payroll) tools: statistics, pending payments, records, creation,
 * marking paid, and a staff member's history.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { checkDate, monthOf, previousMonth } from "../store/dates.js";
import type { GymStore } from "../store.js";
import type { SalaryRecord } from "../store/types.js";
import { dateField, idField, sumBy } from "./shared.js";

const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use the YYYY-MM format");

/** Net pay of a salary record. */
export function netPay(s: SalaryRecord): number {
  return s.baseAmount + s.bonus - s.deductions;
}

/** Builds the 6 salary tools over `store`. */
export function createSalaryTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const view = (s: SalaryRecord) => ({ ...s, staff: store.staffName(s.staffId), netPay: netPay(s) });
  return [
    tool(
      ({ month }) => {
        const target = month ?? previousMonth(monthOf(store.today));
        const records = data.salaries.filter((s) => s.month === target);
        const pending = records.filter((s) => s.status === "pending");
        return {
          month: target,
          currency: data.gym.baseCurrency,
          records: records.length,
          totalPayroll: sumBy(records, netPay),
          paidAmount: sumBy(
            records.filter((s) => s.status === "paid"),
            netPay,
          ),
          pendingAmount: sumBy(pending, netPay),
          pendingCount: pending.length,
          totalBonuses: sumBy(records, (s) => s.bonus),
          allPendingAmount: sumBy(
            data.salaries.filter((s) => s.status === "pending"),
            netPay,
          ),
        };
      },
      {
        name: "get_salary_stats",
        schema: z.object({ month: monthField.optional().describe("Payroll month as YYYY-MM (defaults to last month)") }),
      },
    ),
    tool(
      ({ branchId }) => {
        if (branchId !== undefined) store.branch(branchId);
        const pending = data.salaries
          .filter((s) => s.status === "pending")
          .filter((s) => branchId === undefined || data.staff.find((m) => m.id === s.staffId)?.branchId === branchId)
          .sort((a, b) => a.month.localeCompare(b.month))
          .map(view);
        return { total: pending.length, totalAmount: sumBy(pending, (s) => s.netPay), currency: data.gym.baseCurrency, pending };
      },
      { name: "get_pending_salaries", schema: z.object({ branchId: idField("branch to restrict to").optional() }) },
    ),
    tool(
      ({ month, status }) => {
        const records = data.salaries
          .filter((s) => (month === undefined || s.month === month) && (status === undefined || s.status === status))
          .map(view);
        return { total: records.length, records };
      },
      {
        name: "get_salary_records",
        schema: z.object({
          month: monthField.optional().describe("Payroll month as YYYY-MM"),
          status: z.enum(["pending", "paid"]).optional().describe("Filter by payment status"),
        }),
      },
    ),
    tool(
      ({ staffId, month, bonus, deductions }) => {
        const member = store.staffMember(staffId);
        if (member.status === "terminated") throw new Error(`Staff member ${member.name} (id ${staffId}) is terminated`);
        if (data.salaries.some((s) => s.staffId === staffId && s.month === month))
          throw new Error(`A salary record for ${member.name} in ${month} already exists`);
        const record: SalaryRecord = {
          id: store.nextId(data.salaries),
          staffId,
          month,
          baseAmount: member.monthlySalary,
          bonus: bonus ?? 0,
          deductions: deductions ?? 0,
          status: "pending",
          paidOn: null,
        };
        data.salaries.push(record);
        return { created: view(record) };
      },
      {
        name: "create_salary_record",
        schema: z.object({
          staffId: idField("staff member"),
          month: monthField.describe("Payroll month as YYYY-MM"),
          bonus: z.number().nonnegative().optional().describe("Bonus added to the base salary"),
          deductions: z.number().nonnegative().optional().describe("Amount deducted (advances, unpaid leave)"),
        }),
      },
    ),
    tool(
      ({ salaryId, paidOn }) => {
        const record = store.find(data.salaries, salaryId, "salary record");
        if (record.status === "paid") throw new Error(`Salary record ${salaryId} was already paid on ${record.paidOn}`);
        record.status = "paid";
        record.paidOn = checkDate(paidOn ?? store.today);
        return { paid: view(record) };
      },
      {
        name: "mark_salary_paid",
        schema: z.object({
          salaryId: idField("salary record"),
          paidOn: dateField("Payment date; defaults to today").optional(),
        }),
      },
    ),
    tool(
      ({ staffId }) => {
        const member = store.staffMember(staffId);
        const records = data.salaries
          .filter((s) => s.staffId === staffId)
          .sort((a, b) => b.month.localeCompare(a.month))
          .map(view);
        return {
          staffId,
          staff: member.name,
          monthlySalary: member.monthlySalary,
          totalPaid: sumBy(
            records.filter((r) => r.status === "paid"),
            (r) => r.netPay,
          ),
          records,
        };
      },
      { name: "get_staff_salary_history", schema: z.object({ staffId: idField("staff member") }) },
    ),
  ];
}
