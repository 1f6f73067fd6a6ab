/**
 * @module The example's permission policy: a trainer may look members and payslips up but not pay, renew or delete;
 * the owner may do everything, with a human approving writes and dangerous tools.
 */
import { definePolicy } from "@dynamic-tools/core";

/**
 * @example
 * ```ts
 * gymPolicy(catalog.get("mcp_payroll_pay_salary")!, { role: "trainer" }); // "deny"
 * gymPolicy(catalog.get("mcp_payroll_pay_salary")!, { role: "owner" }); // "approve"
 * ```
 */
export const gymPolicy = definePolicy({
  roles: {
    trainer: { allow: [{ permission: "read" }] },
    owner: {},
  },
  otherwise: { allow: [{ source: "builtin", permission: "read" }] },
  approval: ["dangerous", "write"],
});
