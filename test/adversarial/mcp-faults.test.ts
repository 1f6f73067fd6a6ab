/**
 * MCP faults against real stdio servers, executed through a DynamicToolNode over a catalog: a result over the
 * client's message limit, a tool with an unusable inputSchema (not an object schema, or nested past the limit), a
 * server killed mid-call, and a server that refuses to start. Each fault is one error ToolMessage (or one warning),
 * never a crashed graph, and the rest of the server keeps working.
 */
import { unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import {
  ALLOW_ALL,
  ToolCatalog,
  createToolSelector,
  type SelectionInput,
  type ToolSelection,
  type ToolSelectorOptions,
} from "@dynamic-tools/core";
import { DynamicToolNode } from "@dynamic-tools/langgraph";
import { fixtureServer, startsOf } from "../../packages/mcp/src/__fixtures__/fixture-servers.js";
import { useMcpHarness } from "../../packages/mcp/src/__fixtures__/mcp-harness.js";

/** One keyword selection (synchronous). */
function selectByKeywords(catalog: ToolCatalog, input: SelectionInput, options: Omit<ToolSelectorOptions, "strategy"> = {}): ToolSelection {
  return createToolSelector(catalog, { ...options, strategy: "keyword" })(input);
}

const harness = useMcpHarness();

let callSerial = 0;
async function run(node: DynamicToolNode, name: string, args: Record<string, unknown>): Promise<ToolMessage> {
  const id = `call_${++callSerial}`;
  const result = (await node.invoke({ messages: [new AIMessage({ content: "", tool_calls: [{ id, name, args }] })] })) as {
    messages: ToolMessage[];
  };
  expect(result.messages).toHaveLength(1);
  expect(result.messages[0]!.tool_call_id).toBe(id);
  return result.messages[0]!;
}

describe("MCP faults through the catalog and DynamicToolNode", () => {
  it("a result over the 10 MB message limit fails that call as too large; the server stays connected and is not restarted", async () => {
    const mcp = harness.source({ servers: { hostile: fixtureServer("hostile", harness.dir) } });
    const catalog = new ToolCatalog({ tools: await mcp.tools() });
    const node = new DynamicToolNode(catalog, { policy: ALLOW_ALL });

    const big = await run(node, "mcp_hostile_big_result", { bytes: 11 * 1024 * 1024 });
    expect(big.status).toBe("error");
    expect(String(big.content)).toMatch(/Result too large: the server sent \d+ bytes, over the client's limit of 10485760 bytes/);
    expect(String(big.content).length).toBeLessThan(2_000);
    expect(mcp.status("hostile")).toBe("connected");

    const echo = await run(node, "mcp_hostile_echo", { text: "still here" });
    expect(echo).toMatchObject({ status: "success", content: "still here" });
    const fits = await run(node, "mcp_hostile_big_result", { bytes: 1024 * 1024 });
    expect(String(fits.content)).toHaveLength(1024 * 1024);
    expect(startsOf("hostile", harness.dir)).toHaveLength(1);
  });

  it("a tool whose inputSchema is not an object schema is skipped with a warning; the server's other tools load", async () => {
    const mcp = harness.source({ servers: { hostile: fixtureServer("hostile", harness.dir, { FIXTURE_BAD_SCHEMA: "1" }) } });
    const tools = await mcp.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["mcp_hostile_echo", "mcp_hostile_big_result"]);
    expect(mcp.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/skipped its tool "bad_schema": .*inputSchema\.type.*Its other tools are loaded\./),
    ]);
    const node = new DynamicToolNode(new ToolCatalog({ tools }), { policy: ALLOW_ALL });
    expect(await run(node, "mcp_hostile_echo", { text: "ok" })).toMatchObject({ status: "success", content: "ok" });
  });

  it("a tool whose inputSchema nests past the limit is skipped with a warning naming the limit; the catalog builds", async () => {
    const mcp = harness.source({ servers: { hostile: fixtureServer("hostile", harness.dir, { FIXTURE_DEEP_SCHEMA: "100" }) } });
    const tools = await mcp.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["mcp_hostile_echo", "mcp_hostile_big_result"]);
    expect(mcp.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/skipped its tool "deep_schema": .*deeper than 64 levels/),
    ]);
    expect(selectByKeywords(new ToolCatalog({ tools }), "echo the text").tools).toContain("mcp_hostile_echo");
  });

  it("a server killed mid-call gives an error ToolMessage; the next call restarts it", async () => {
    const crash = join(harness.dir, "crash-now");
    const mcp = harness.source({ servers: { hostile: fixtureServer("hostile", harness.dir, { FIXTURE_CRASH_ONCE_FILE: crash }) } });
    const node = new DynamicToolNode(new ToolCatalog({ tools: await mcp.tools() }), { policy: ALLOW_ALL });
    writeFileSync(crash, "");

    const failed = await run(node, "mcp_hostile_echo", { text: "hello" });
    expect(failed.status).toBe("error");
    expect(String(failed.content)).toMatch(/MCP server "hostile" failed: its connection was lost during a call of "echo"/);

    expect(await run(node, "mcp_hostile_echo", { text: "again" })).toMatchObject({ status: "success", content: "again" });
    expect(startsOf("hostile", harness.dir)).toHaveLength(2);
  });

  it("a server that refuses to start gives an error ToolMessage per call; once it starts, calls succeed", async () => {
    const refuse = join(harness.dir, "refuse");
    const config = fixtureServer("hostile", harness.dir, { FIXTURE_FAIL_START_FILE: refuse });
    await harness.primeCache({ servers: { hostile: config } }); // tools known from the cache, no server running
    writeFileSync(refuse, "");
    const mcp = harness.source({ servers: { hostile: config } });
    const node = new DynamicToolNode(new ToolCatalog({ tools: await mcp.tools() }), { policy: ALLOW_ALL });

    const refused = await run(node, "mcp_hostile_echo", { text: "x" });
    expect(refused.status).toBe("error");
    expect(String(refused.content)).toMatch(/MCP server "hostile" failed: could not start or connect/);

    unlinkSync(refuse);
    expect(await run(node, "mcp_hostile_echo", { text: "up" })).toMatchObject({ status: "success", content: "up" });
  });
});
