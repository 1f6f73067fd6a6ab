/**
 * One approval across processes: replicas share a PostgreSQL checkpointer (a throwaway cluster) and resume the same
 * pause at the same time. With claims in each process's memory the approved call runs once per process; with the
 * README's claim store (a table every replica shares) it runs once.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./support/throwaway-postgres.js";

const run = promisify(execFile);
// The replica lives in @dynamic-tools/langgraph, which has PostgresSaver as a dev dependency.
const replica = fileURLToPath(new URL("../packages/langgraph/src/execution/__fixtures__/approval-replica.mjs", import.meta.url));
const packageDir = fileURLToPath(new URL("../packages/langgraph", import.meta.url));

let postgres: ThrowawayPostgres;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(() => postgres?.stop());

async function replicaRun(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [replica, args[0]!, postgres.url, ...args.slice(1)], {
    cwd: packageDir,
    encoding: "utf8",
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

async function twoResumes(thread: string, claims: "memory" | "shared") {
  const pause = JSON.stringify(await replicaRun("pause", thread, claims));
  const resumed = await Promise.all([replicaRun("resume", thread, claims, pause), replicaRun("resume", thread, claims, pause)]);
  const { runs } = await replicaRun("runs", thread, claims);
  return { runs, pids: resumed.map((each) => each.pid), outcomes: resumed.map((each) => each.outcome).sort() };
}

it("with a shared claim store, two processes resuming one pause at once run the approved call once", async () => {
  const { runs, pids, outcomes } = await twoResumes("shared-thread", "shared");
  expect(pids[0]).not.toBe(pids[1]);
  expect(runs).toBe(1);
  expect(outcomes).toEqual(["APPROVAL_CONSUMED", "deleted"]);
});

it("with claims in each process's memory (the default), each process runs it: the guarantee is once per process", async () => {
  const { runs, outcomes } = await twoResumes("memory-thread", "memory");
  expect(runs).toBe(2);
  expect(outcomes).toEqual(["deleted", "deleted"]);
});
