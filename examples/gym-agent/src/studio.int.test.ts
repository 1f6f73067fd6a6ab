/**
 * LangGraph Studio's backend: `pnpm studio` (scripts/studio.mjs) starts the dev server for langgraph.json on a
 * free loopback port; through `@langchain/langgraph-sdk` we create a thread, stream a run (offline model: no key),
 * read the selection from the thread state, continue the thread, and ask for the schemas Studio renders. The whole
 * process group is stopped at the end. Needs the packages built (`pnpm test:int` builds them).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolSelection } from "@dynamic-tools/core";
import { Client } from "@langchain/langgraph-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const exampleDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const builtPackage = join(exampleDir, "..", "..", "packages", "langgraph", "dist", "index.js");

type Message = { type: string; content: unknown; name?: string; status?: string; tool_calls?: Array<{ name: string }> };
type GymState = { messages: Message[]; toolSelection: ToolSelection | null };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let output = "";
let apiUrl = "";

async function waitUntilReady(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`The dev server exited (code ${server?.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${apiUrl}/ok`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The dev server did not answer ${apiUrl}/ok within ${timeoutMs} ms:\n${output}`);
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends the server's whole process group (the CLI, its tsx watcher, the API worker, esbuild) and waits until it is gone. */
async function stopServer(): Promise<void> {
  const pid = server?.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
  // Bounded: an unreaped zombie (where PID 1 does not reap) still answers signal 0 though it is dead.
  for (let waited = 0; groupAlive(pid) && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

beforeAll(async () => {
  if (!existsSync(builtPackage)) throw new Error(`${builtPackage} is missing: build first (pnpm test:int builds, or pnpm build).`);
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  delete env.OPENAI_API_KEY; // the example's offline model
  for (const name of ["LANGSMITH_TRACING", "LANGCHAIN_TRACING_V2", "LANGSMITH_API_KEY", "LANGCHAIN_API_KEY"]) delete env[name];
  server = spawn(process.execPath, [join(exampleDir, "scripts", "studio.mjs"), "--port", String(port)], {
    cwd: exampleDir,
    env,
    detached: true, // its own process group, so stopServer can end every descendant
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilReady(90_000);
}, 120_000);

afterAll(async () => {
  await stopServer();
  await expect(fetch(`${apiUrl}/ok`)).rejects.toThrow(); // nothing is left listening
}, 30_000);

describe("the gym agent in the LangGraph dev server", () => {
  const client = () => new Client({ apiUrl });

  async function assistantOf(graphId: string): Promise<string> {
    const [assistant] = await client().assistants.search({ graphId });
    expect(assistant, `no assistant for ${graphId}`).toBeDefined();
    return assistant!.assistant_id;
  }

  async function runTurn(threadId: string, assistantId: string, text: string): Promise<Array<{ event: string; data: unknown }>> {
    const chunks: Array<{ event: string; data: unknown }> = [];
    const stream = client().runs.stream(threadId, assistantId, {
      input: { messages: [{ role: "user", content: text }] },
      streamMode: ["updates"],
    });
    for await (const chunk of stream) chunks.push(chunk as { event: string; data: unknown });
    const error = chunks.find((chunk) => chunk.event === "error");
    expect(error, JSON.stringify(error?.data)).toBeUndefined();
    return chunks;
  }

  it("serves both graphs from langgraph.json", async () => {
    const assistants = await client().assistants.search({ limit: 10 });
    expect(assistants.map((assistant) => assistant.graph_id).sort()).toEqual(["gym_agent", "gym_graph"]);
  });

  it("streams a run, shows the selection in the thread state, and continues the thread", async () => {
    const assistantId = await assistantOf("gym_agent");
    const thread = await client().threads.create();

    const chunks = await runTurn(thread.thread_id, assistantId, "what is pending salary?");
    const nodes = chunks.filter((chunk) => chunk.event === "updates").flatMap((chunk) => Object.keys(chunk.data as object));
    expect(nodes).toEqual(["select_tools", "agent", "tools", "select_tools", "agent"]);

    const first = (await client().threads.getState<GymState>(thread.thread_id)).values;
    const selection = first.toolSelection!;
    expect(selection.tools).toContain("get_pending_salaries");
    expect(selection.count).toBe(selection.tools.length);
    expect(selection.count).toBeLessThanOrEqual(128);
    expect(selection.totalTools).toBe(137);
    expect(selection.categories[0]).toMatchObject({
      name: "salary",
      tier: "current",
      reason: expect.stringContaining("in the current message"),
    });
    expect(selection.trimmed).toEqual([]);
    expect(selection.tokens!.selected).toBeLessThan(selection.tokens!.all);
    const toolResult = first.messages.find((message) => message.type === "tool");
    expect(toolResult).toMatchObject({ name: "get_pending_salaries", status: "success" });
    expect(String(first.messages.at(-1)?.content)).toContain("(offline)");

    await runTurn(thread.thread_id, assistantId, "switch to dark mode");
    const second = (await client().threads.getState<GymState>(thread.thread_id)).values;
    expect(second.messages.slice(0, first.messages.length)).toEqual(first.messages); // the same thread, continued
    expect(second.messages.filter((message) => message.type === "tool").map((message) => message.name)).toEqual([
      "get_pending_salaries",
      "change_theme",
    ]);
    expect(second.toolSelection!.query.current).toBe("switch to dark mode");
    expect(second.toolSelection!.tools).toContain("change_theme");
  });

  it("names the hand-built graph's nodes by what they do", async () => {
    const assistantId = await assistantOf("gym_graph");
    const thread = await client().threads.create();
    const chunks = await runTurn(thread.thread_id, assistantId, "show me all active clients");
    const nodes = chunks.filter((chunk) => chunk.event === "updates").flatMap((chunk) => Object.keys(chunk.data as object));
    expect(nodes).toEqual(["select_tools", "call_model", "run_tools", "select_tools", "call_model"]);
    const graph = await client().assistants.getGraph(assistantId);
    expect(graph.nodes.map((node) => node.id)).toEqual(["__start__", "select_tools", "call_model", "run_tools", "__end__"]);
  });

  // The server extracts the schema with the TypeScript compiler on first request: 10–30 s here.
  it("answers the schema endpoint Studio uses, with the toolSelection channel", { timeout: 180_000 }, async () => {
    const schemas = await client().assistants.getSchemas(await assistantOf("gym_agent"));
    expect(schemas.graph_id).toBe("gym_agent");
    const stateSchema = schemas.state_schema as { properties?: Record<string, unknown> } | undefined;
    expect(Object.keys(stateSchema?.properties ?? {})).toEqual(expect.arrayContaining(["messages", "toolSelection"]));
  });
});
