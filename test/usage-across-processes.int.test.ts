/**
 * Learning across replicas: two processes share only a PostgreSQL database (a throwaway cluster) through
 * `PostgresStore`. Process A's conversations, recorded by its tools node (the calls it ran), change process B's selection.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./support/throwaway-postgres.js";

const run = promisify(execFile);
// The replica lives in @dynamic-tools/langgraph, which has PostgresStore as a dev dependency.
const replica = fileURLToPath(new URL("../packages/langgraph/src/usage/__fixtures__/usage-replica.mjs", import.meta.url));
const packageDir = fileURLToPath(new URL("../packages/langgraph", import.meta.url));

let postgres: ThrowawayPostgres;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(() => postgres?.stop());

async function runReplica(phase: "record" | "select"): Promise<{ pid: number; learned: number; tools: string[] }> {
  const { stdout } = await run(process.execPath, [replica, phase, postgres.url, "who is on the front desk?"], {
    cwd: packageDir,
    encoding: "utf8",
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

it("process A's recorded conversations change process B's selection", async () => {
  const before = await runReplica("select");
  expect(before.learned).toBe(0);
  expect(before.tools).not.toContain("get_staff_list");

  const a = await runReplica("record");
  expect(a.learned).toBe(3);

  const b = await runReplica("select");
  expect(b.pid).not.toBe(a.pid);
  expect(b.learned).toBe(3);
  expect(b.tools).toContain("get_staff_list");
});
