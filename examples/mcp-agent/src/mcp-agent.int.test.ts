/**
 * The example end to end with its two real stdio MCP servers, started by the tests: metadata cache, lazy start,
 * crashes, a server that fails to start, live catalog updates, filtering at selection, search and execution, and
 * approval through interrupt().
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALLOW_ALL, createToolSelector, type ToolCatalog } from "@dynamic-tools/core";
import { type ApprovalRequest, createToolSearchTool, DynamicToolNode, type ToolSearchArtifact } from "@dynamic-tools/langgraph";
import { recordBoundTools } from "@dynamic-tools/langgraph/testing";
import type { McpToolSource } from "@dynamic-tools/mcp";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { Command, MemorySaver, MessagesAnnotation, StateGraph } from "@langchain/langgraph";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpAgent } from "./agent.js";
import { createExampleCatalog } from "./catalog.js";
import { gymPolicy } from "./policy.js";
import { SERVERS_DIR } from "./servers.js";

let dir = "";
const opened: McpToolSource[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "mcp-agent-"));
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((source) => source.close()));
  rmSync(dir, { recursive: true, force: true });
});

const starts = (server: "members" | "payroll") => {
  const file = join(dir, `${server}.starts`);
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).length : 0;
};

async function open(options: { crash?: boolean; scriptsDir?: string } = {}) {
  const built = await createExampleCatalog({
    cacheDir: join(dir, "cache"),
    startsDir: dir,
    ...(options.crash ? { crashDir: dir } : {}),
    ...(options.scriptsDir === undefined ? {} : { scriptsDir: options.scriptsDir }),
  });
  opened.push(built.mcp);
  return built;
}

async function primed(options: Parameters<typeof open>[0] = {}) {
  const first = await open(options);
  await first.mcp.close();
  return open(options);
}

const call = (name: string, args: Record<string, unknown> = {}, id = name) => ({ name, args, id, type: "tool_call" as const });

function toolGraph(catalog: ToolCatalog, mcp: McpToolSource, policy = ALLOW_ALL) {
  return new StateGraph(MessagesAnnotation)
    .addNode("tools", new DynamicToolNode(catalog, { sources: [mcp], policy, platform: "web" }))
    .addEdge("__start__", "tools")
    .compile({ checkpointer: new MemorySaver() });
}

async function runCalls(graph: ReturnType<typeof toolGraph>, calls: ReturnType<typeof call>[], config: Record<string, unknown> = {}) {
  const result = await graph.invoke(
    { messages: [new AIMessage({ content: "", tool_calls: calls })] },
    { configurable: { thread_id: String(Math.random()) }, ...config },
  );
  return result.messages.slice(1) as ToolMessage[];
}

async function search(catalog: ToolCatalog, query: string, role?: string): Promise<string[]> {
  const toolSearch = createToolSearchTool(catalog, { policy: gymPolicy, platform: "web", maxLimit: 10 });
  const command = (await toolSearch.invoke(
    call("tool_search", { query, limit: 10 }),
    role === undefined ? {} : { context: { role } },
  )) as Command;
  const [message] = (command.update as { messages: ToolMessage[] }).messages;
  return (message!.artifact as ToolSearchArtifact).loaded;
}

describe("examples/mcp-agent with real stdio MCP servers", () => {
  it("builds the catalog from the cache without starting any server; a changed configuration invalidates it", async () => {
    const first = await open();
    expect([starts("members"), starts("payroll")]).toEqual([1, 1]);
    const names = first.catalog.names();
    await first.mcp.close();
    const cached = await open();
    expect(cached.catalog.names()).toEqual(names);
    expect(cached.catalog.get("mcp_members_delete_member")).toMatchObject({
      source: "mcp",
      sourceId: "members",
      namespace: "mcp_members",
      permission: "dangerous",
    });
    expect(cached.catalog.get("mcp_payroll_pay_salary")).toMatchObject({ category: "salary", permission: "write" });
    expect([starts("members"), starts("payroll")]).toEqual([1, 1]);
    await open({ crash: true }); // another env → another config hash → connect again
    expect([starts("members"), starts("payroll")]).toEqual([2, 2]);
  });

  it("searches MCP tools while their servers are not running, and starts a server lazily on the first call", async () => {
    const { catalog, mcp } = await primed();
    expect(await search(catalog, "find a gym member", "owner")).toContain("mcp_members_find_member");
    expect([starts("members"), starts("payroll")]).toEqual([1, 1]);
    const [found] = await runCalls(toolGraph(catalog, mcp), [call("mcp_members_find_member", { query: "ana" })]);
    expect(found!.status).toBe("success");
    expect(String(found!.content)).toContain("Ana Silva");
    expect([starts("members"), starts("payroll")]).toEqual([2, 1]);
  });

  it("answers a server killed mid-call with an error naming it; other calls are unaffected and the next call restarts it", async () => {
    const { catalog, mcp } = await primed({ crash: true });
    writeFileSync(join(dir, "members.crash"), "");
    const graph = toolGraph(catalog, mcp);
    const [crashed, info] = await runCalls(graph, [call("mcp_members_find_member", { query: "li" }), call("get_gym_info")]);
    expect(crashed!.status).toBe("error");
    expect(String(crashed!.content)).toContain('MCP server "members" failed');
    expect(info!.status).toBe("success");
    const [again] = await runCalls(graph, [call("mcp_members_find_member", { query: "li" })]);
    expect(String(again!.content)).toContain("Li Wei");
    expect(starts("members")).toBe(3); // prime, crashed, restarted
  });

  it("answers a server that fails to start with an error ToolMessage naming it and the cause; the run, the other server and the retry are unaffected", async () => {
    // The servers run from links to their scripts: removing one makes that server fail to start (node exits at once,
    // "Cannot find module") while its configuration, and so its cache entry, stays the same.
    const scripts = join(dir, "scripts");
    mkdirSync(scripts);
    const script = (server: "members" | "payroll") => join(scripts, `${server}-server.mjs`);
    const restore = (server: "members" | "payroll") => symlinkSync(join(SERVERS_DIR, `${server}-server.mjs`), script(server));
    restore("members");
    restore("payroll");
    const { catalog, mcp } = await primed({ scriptsDir: scripts });
    rmSync(script("members"));
    expect(catalog.get("mcp_members_find_member")).toMatchObject({ source: "mcp", sourceId: "members" }); // from the cache

    const find = { name: "mcp_members_find_member", args: { query: "ana" } };
    const { model, bound } = recordBoundTools(
      fakeModel()
        .respondWithTools([
          { ...find, id: "find-1" },
          { name: "mcp_payroll_get_payslips", args: { month: "2026-11" }, id: "payslips" },
        ])
        .respond(new AIMessage("The members service is down; here are the payslips."))
        .respondWithTools([{ ...find, id: "find-2" }])
        .respond(new AIMessage("Ana Silva has a monthly plan.")),
    );
    const agent = createMcpAgent({ model, catalog, mcp, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "members-down" }, context: { role: "trainer" } };
    const toolMessages = (messages: unknown[]) => messages.filter((message): message is ToolMessage => message instanceof ToolMessage);

    const first = await agent.invoke({ messages: [new HumanMessage("find member Ana and show the November payslips")] }, config);
    expect(bound[0]).toEqual(expect.arrayContaining(["mcp_members_find_member", "mcp_payroll_get_payslips"]));
    const [failed, payslips] = toolMessages(first.messages);
    expect(failed).toMatchObject({ status: "error", tool_call_id: "find-1", name: "mcp_members_find_member" });
    expect(String(failed!.content)).toMatch(/^Error: MCP server "members" failed: could not start or connect: /);
    expect(String(failed!.content)).toContain(`Cannot find module '${script("members")}'`); // the cause, from the server's stderr
    // The other server, same step.
    expect(payslips).toMatchObject({ status: "success", tool_call_id: "payslips", content: "2026-11: Ana 2100 paid, Li 2300 pending" });
    expect(first.messages.at(-1)).toBeInstanceOf(AIMessage); // the run finished normally
    expect(String(first.messages.at(-1)!.content)).toBe("The members service is down; here are the payslips.");
    expect((first as { __interrupt__?: unknown }).__interrupt__).toBeUndefined();
    expect([mcp.status("members"), mcp.status("payroll")]).toEqual(["failed", "connected"]);
    expect(starts("members")).toBe(1); // the prime only: the failed start never ran the script

    restore("members");
    const second = await agent.invoke({ messages: [new HumanMessage("try Ana again")] }, config);
    const retried = toolMessages(second.messages).at(-1)!;
    expect(retried).toMatchObject({ status: "success", tool_call_id: "find-2" });
    expect(String(retried.content)).toContain("Ana Silva");
    expect(mcp.status("members")).toBe("connected");
    expect(starts("members")).toBe(2);
    await agent.close();
  });

  it("updates the catalog and its indexes incrementally when a server has other tools than the cache", async () => {
    await (await open()).mcp.close();
    const cacheFile = join(dir, "cache", "members.json");
    const cache = JSON.parse(readFileSync(cacheFile, "utf8")) as { tools: Array<{ name: string }> };
    cache.tools = cache.tools.filter((tool) => tool.name !== "renew_membership");
    writeFileSync(cacheFile, JSON.stringify(cache));
    const { catalog, mcp } = await open();
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false });
    expect(catalog.has("mcp_members_renew_membership")).toBe(false);
    expect(await search(catalog, "renew membership", "owner")).not.toContain("mcp_members_renew_membership");
    const versions: number[] = [];
    catalog.on("toolsUpdated", ({ version }) => versions.push(version));
    await runCalls(toolGraph(catalog, mcp), [call("mcp_members_find_member", { query: "ana" })]); // lazy connect lists the tools
    expect(versions).toEqual([1]);
    expect(catalog.get("mcp_members_renew_membership")).toMatchObject({ permission: "write", namespace: "mcp_members" });
    expect((await select("renew membership months")).ranked?.[0]?.name).toBe("mcp_members_renew_membership");
    expect(await search(catalog, "renew membership", "owner")).toContain("mcp_members_renew_membership");
  });

  it("filters by platform, searchable and permission at selection, search and execution", async () => {
    const { catalog, mcp } = await primed();
    const select = createToolSelector(catalog, { strategy: "bm25", platform: "web", autoCut: false, topK: 20 });
    const selected = (await select("open the door panel, sync the index, pay salary")).tools;
    expect(selected).not.toContain("open_door_panel"); // kiosk only
    expect(selected).not.toContain("sync_index"); // not searchable
    expect(await search(catalog, "door panel sync index")).toEqual([]);
    expect(await search(catalog, "pay salary payslips", "trainer")).toEqual(["mcp_payroll_get_payslips"]);
    const graph = toolGraph(catalog, mcp, gymPolicy);
    const messages = await runCalls(
      graph,
      [
        call("sync_index"),
        call("open_door_panel"),
        call("mcp_payroll_pay_salary", { staffId: "li", amount: 1 }),
        call("mcp_payroll_get_payslips", { month: "2026-11" }),
      ],
      { context: { role: "trainer" } },
    );
    expect(messages.map((message) => message.status)).toEqual(["success", "error", "error", "success"]);
    expect(String(messages[2]!.content)).toContain("PERMISSION_DENIED");
  });

  it("pauses the owner's write for approval, and resumes with edited, rejected or approved calls", async () => {
    const { catalog, mcp } = await primed();
    const model = fakeModel()
      .respondWithTools([{ name: "mcp_payroll_pay_salary", args: { staffId: "li", amount: 23000 }, id: "pay" }])
      .respond(new AIMessage("Paid."))
      .respondWithTools([{ name: "mcp_members_delete_member", args: { memberId: "m1" }, id: "del" }])
      .respond(new AIMessage("Not deleted."));
    const agent = createMcpAgent({ model, catalog, mcp, checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "owner" }, context: { role: "owner" } };
    const paused = await agent.invoke({ messages: [new HumanMessage("pay Li's pending salary")] }, config);
    const shown = (result: unknown) => (result as { __interrupt__?: Array<{ value: ApprovalRequest }> }).__interrupt__?.[0]?.value;
    const naming = (result: unknown) => ({ toolCallId: shown(result)?.actionRequests[0]?.toolCallId, digest: shown(result)?.toolCall.digest });
    expect(shown(paused)?.toolCall.name).toBe("mcp_payroll_pay_salary");
    const edit = { type: "edit", ...naming(paused), editedAction: { name: "mcp_payroll_pay_salary", args: { staffId: "li", amount: 2300 } } };
    const edited = await agent.invoke(new Command({ resume: { decisions: [edit] } }), config);
    expect(edited.messages.find((message) => message instanceof ToolMessage)?.content).toContain("paid 2300 to li");
    const askedDelete = await agent.invoke({ messages: [new HumanMessage("delete member Ana")] }, config);
    const reject = { type: "reject", ...naming(askedDelete), message: "keep her" };
    const rejected = await agent.invoke(new Command({ resume: { decisions: [reject] } }), config);
    const last = rejected.messages.filter((message) => message instanceof ToolMessage).at(-1) as ToolMessage;
    expect(last.status).toBe("error");
    expect(last.content).toContain("keep her");
    await agent.close();
  });
});
