/**
 * Approval across processes: process A pauses the owner's payment for approval (after tool_search loaded the members
 * tools); process B, sharing only PostgreSQL (a throwaway cluster) and the thread id, resumes it with edited
 * arguments. The selection and the loaded tools survive the pause and the resume.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../../../test/support/throwaway-postgres.js";

const run = promisify(execFile);
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const replica = fileURLToPath(new URL("./approval-replica.ts", import.meta.url));
const exampleDir = fileURLToPath(new URL("../..", import.meta.url));

let postgres: ThrowawayPostgres;
const cache = mkdtempSync(join(tmpdir(), "mcp-agent-approval-"));
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(() => {
  postgres?.stop();
  rmSync(cache, { recursive: true, force: true });
});

async function replicaRun(phase: "ask" | "resume", thread: string) {
  const { stdout } = await run(
    process.execPath,
    [tsx, replica, "--url", postgres.url, "--thread", thread, "--cache", cache, "--phase", phase],
    {
      cwd: exampleDir,
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as {
    pid: number;
    interrupts: Array<{ type: string; toolCall: { name: string; args: Record<string, unknown> } }>;
    loadedTools: string[] | null;
    selected: string[] | null;
    toolResults: Array<{ name: string; status: string; content: string }>;
    last: string;
  };
}

it("process B resumes the approval process A paused, with edited arguments; loaded tools and selection survive", async () => {
  const thread = `approval-${Date.now()}`;
  const a = await replicaRun("ask", thread);
  expect(a.interrupts).toEqual([
    expect.objectContaining({
      type: "approval",
      toolCall: expect.objectContaining({ name: "mcp_payroll_pay_salary", args: { staffId: "li", amount: 23000 } }),
    }),
  ]);
  // tool_search loaded the members namespace (what selection had not already bound)
  expect(a.loadedTools).toEqual(expect.arrayContaining(["mcp_members_delete_member"]));
  expect(a.loadedTools!.every((name) => name.startsWith("mcp_members_"))).toBe(true);
  expect(a.selected).toEqual(expect.arrayContaining(["mcp_payroll_pay_salary", ...a.loadedTools!]));

  const b = await replicaRun("resume", thread);
  expect(b.pid).not.toBe(a.pid);
  expect(b.interrupts).toEqual([]);
  expect(b.toolResults.at(-1)).toEqual({ name: "mcp_payroll_pay_salary", status: "success", content: "paid 2300 to li" });
  expect(b.loadedTools).toEqual(a.loadedTools);
  expect(b.last).toBe("Paid Li 2300.");
});
