/**
 * Persistence across processes, as a deployment with many replicas behaves: a real PostgreSQL (a throwaway cluster on
 * a free loopback port) and `@langchain/langgraph-checkpoint-postgres`. Process A runs a thread in which the model
 * searches and loads tools; a separate process B, sharing only the database URL and the thread id, resumes the
 * thread and calls a loaded tool without searching again. Both runtimes: createAgent + middleware, and the graph.
 */
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReplicaReport } from "./replica.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../../../test/support/throwaway-postgres.js";

const run = promisify(execFile);
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const replica = fileURLToPath(new URL("./replica.ts", import.meta.url));
const exampleDir = fileURLToPath(new URL("../..", import.meta.url));

let postgres: ThrowawayPostgres;
beforeAll(async () => {
  postgres = await startThrowawayPostgres();
});
afterAll(() => postgres?.stop());

async function runReplica(args: { phase: "search" | "resume"; runtime: string; thread: string }): Promise<ReplicaReport> {
  const { stdout } = await run(
    process.execPath,
    [tsx, replica, "--url", postgres.url, "--thread", args.thread, "--phase", args.phase, "--runtime", args.runtime],
    { cwd: exampleDir, encoding: "utf8", timeout: 60_000 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as ReplicaReport;
}

describe.each(["middleware", "graph"])("two processes share a thread through PostgreSQL (%s)", (runtime) => {
  it("process B calls a tool process A's search loaded, without searching again", async () => {
    const thread = `replicas-${runtime}-${Date.now()}`;
    const a = await runReplica({ phase: "search", runtime, thread });
    expect(a.pid).not.toBe(process.pid);
    expect(a.bound[0]).toEqual(["get_time", "tool_search"]);
    expect(a.calls).toEqual(["tool_search", "create_issue"]);
    expect(a.loadedTools).toEqual(expect.arrayContaining(["create_issue", "list_pull_requests"]));

    const b = await runReplica({ phase: "resume", runtime, thread });
    expect(b.pid).not.toBe(a.pid);
    // B's very first model call already has the tools A loaded bound: they came back from PostgreSQL
    expect(b.bound[0]!.slice(0, 2)).toEqual(["get_time", "tool_search"]);
    expect(b.bound[0]).toEqual(expect.arrayContaining(a.loadedTools));
    expect(b.calls).toEqual(["list_pull_requests"]);
    expect(b.results).toEqual([{ name: "list_pull_requests", status: "success" }]);
    expect(b.loadedTools).toEqual(a.loadedTools);
  });
});

it("control: a fresh thread in another process has nothing loaded, so the model must search", async () => {
  const b = await runReplica({ phase: "resume", runtime: "middleware", thread: `fresh-${Date.now()}` });
  expect(b.bound[0]).toEqual(["get_time", "tool_search"]);
  expect(b.calls).toEqual(["tool_search", "list_pull_requests"]);
});
