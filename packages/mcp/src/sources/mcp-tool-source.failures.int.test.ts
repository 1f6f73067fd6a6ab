import { unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AIMessage, type ToolMessage } from "@langchain/core/messages";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { describe, expect, it } from "vitest";
import { fixtureServer, isRunning, startsOf, waitUntil } from "../__fixtures__/fixture-servers.js";
import { useMcpHarness } from "../__fixtures__/mcp-harness.js";
import { callTool, findTool } from "../__fixtures__/tool-calls.js";
import { writeServerMetadata } from "../cache/metadata-cache.js";
import { configHash } from "../config/config-hash.js";
import type { StdioServerConfig } from "../config/server-config.js";
import { McpServerError } from "../errors/mcp-server-error.js";

const harness = useMcpHarness();

/** Writes a cache entry by hand, so a server that cannot start still has tools to call. */
async function cacheFor(serverId: string, config: StdioServerConfig, toolName = "read_file"): Promise<void> {
  await writeServerMetadata(join(harness.dir, "cache"), {
    formatVersion: 1,
    serverId,
    configHash: configHash(config),
    savedAt: new Date().toISOString(),
    tools: [{ name: toolName, description: "Read a file", inputSchema: { type: "object", properties: { path: { type: "string" } } } }],
  });
}

describe("createMcpToolSource failures", () => {
  it("a server killed mid-call fails that call with an error ToolMessage naming the server; the next call restarts it", async () => {
    writeFileSync(join(harness.dir, "notes.txt"), "buy milk");
    const crashFile = join(harness.dir, "crash-now");
    const mcp = harness.source({ servers: { files: fixtureServer("files", harness.dir, { FIXTURE_CRASH_ONCE_FILE: crashFile }) } });
    const tools = await mcp.tools();
    const node = new ToolNode(tools);
    const readCall = (id: string) =>
      new AIMessage({ content: "", tool_calls: [{ id, name: "mcp_files_read_file", args: { path: "notes.txt" } }] });
    const [firstPid] = startsOf("files", harness.dir);

    writeFileSync(crashFile, "");
    const failed = (await node.invoke({ messages: [readCall("call_1")] })) as { messages: ToolMessage[] };

    expect(failed.messages[0]).toMatchObject({ status: "error", tool_call_id: "call_1" });
    expect(failed.messages[0]!.content).toMatch(
      /^Error: MCP server "files" failed: its connection was lost during a call of "read_file" \(MCP error -32000: Connection closed\)/,
    );
    expect(failed.messages[0]!.content).toContain("crashing mid-call as asked"); // the server's stderr
    expect(mcp.status("files")).toBe("failed");
    expect(mcp.lastError("files")?.message).toContain("read_file");
    expect(isRunning(firstPid!)).toBe(false);

    const retried = (await node.invoke({ messages: [readCall("call_2")] })) as { messages: ToolMessage[] };
    expect(retried.messages[0]).toMatchObject({ status: "success", content: "buy milk" });
    expect(startsOf("files", harness.dir)).toHaveLength(2);
    expect(mcp.status("files")).toBe("connected");
  });

  it("a server that cannot start fails the call naming the server and the cause; the next call tries again", async () => {
    const refuseFile = join(harness.dir, "refuse-start");
    const files = fixtureServer("files", harness.dir, { FIXTURE_FAIL_START_FILE: refuseFile });
    await cacheFor("files", files);
    writeFileSync(join(harness.dir, "notes.txt"), "buy milk");
    const mcp = harness.source({ servers: { files } });
    const read = findTool(await mcp.tools(), "mcp_files_read_file");

    writeFileSync(refuseFile, "");
    const error = await read.invoke({ path: "notes.txt" }).catch((caught: unknown) => caught);
    expect(McpServerError.isInstance(error)).toBe(true);
    expect((error as McpServerError).serverId).toBe("files");
    expect((error as Error).message).toMatch(/^MCP server "files" failed: could not start or connect: .*Connection closed/);
    expect((error as Error).message).toContain("refusing to start as asked");
    expect(mcp.status("files")).toBe("failed");

    unlinkSync(refuseFile);
    expect((await callTool(read, { path: "notes.txt" })).content).toBe("buy milk");
    expect(startsOf("files", harness.dir)).toHaveLength(2);
  });

  it("a command that does not exist fails with the spawn error", async () => {
    const broken: StdioServerConfig = { transport: "stdio", command: join(harness.dir, "no-such-server") };
    await cacheFor("broken", broken, "ping");
    const mcp = harness.source({ servers: { broken } });
    const ping = findTool(await mcp.tools(), "mcp_broken_ping");

    await expect(ping.invoke({})).rejects.toThrow(/^MCP server "broken" failed: could not start or connect: spawn .*no-such-server ENOENT/);
  });

  it("without a cache, an unreachable server is reported and left out; the others load", async () => {
    const mcp = harness.source({
      servers: {
        broken: { transport: "stdio", command: join(harness.dir, "no-such-server") },
        weather: fixtureServer("weather", harness.dir),
      },
    });

    const tools = await mcp.tools();

    expect(tools.map((tool) => tool.name)).toEqual(["mcp_weather_get_forecast", "mcp_weather_enable_alerts"]);
    expect(mcp.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^MCP server "broken" failed: could not start or connect: spawn/),
    ]);
    expect(mcp.status("broken")).toBe("failed");
    await mcp.tools(); // retried, still failing, still reported
    expect(mcp.errors).toHaveLength(2);
  });

  it("a tool's own error is not a server failure: the connection stays", async () => {
    const mcp = harness.source({ servers: { files: fixtureServer("files", harness.dir) } });
    const read = findTool(await mcp.tools(), "mcp_files_read_file");

    await expect(read.invoke({ path: "missing.txt" })).rejects.toThrow(
      /MCP tool 'read_file' on server 'files' returned an error: .*ENOENT/,
    );
    expect(mcp.status("files")).toBe("connected");
    writeFileSync(join(harness.dir, "missing.txt"), "found");
    expect((await callTool(read, { path: "missing.txt" })).content).toBe("found");
    expect(startsOf("files", harness.dir)).toHaveLength(1);
  });

  it("arguments that do not match the cached schema are refused before connecting", async () => {
    const files = fixtureServer("files", harness.dir);
    await cacheFor("files", files);
    const mcp = harness.source({ servers: { files } });
    const read = findTool(await mcp.tools(), "mcp_files_read_file");

    await expect(read.invoke({ path: 42 })).rejects.toThrow(/did not match expected schema/);
    expect(startsOf("files", harness.dir)).toHaveLength(0);
  });

  it("after close(), calls fail naming the server and start nothing", async () => {
    const files = fixtureServer("files", harness.dir);
    await cacheFor("files", files);
    const mcp = harness.source({ servers: { files } });
    const read = findTool(await mcp.tools(), "mcp_files_read_file");

    await mcp.close();

    await expect(read.invoke({ path: "notes.txt" })).rejects.toThrow('MCP server "files" failed: its tool source was closed.');
    expect(startsOf("files", harness.dir)).toHaveLength(0);
  });

  it("a server that exits between calls is restarted by the next call", async () => {
    const mcp = harness.source({ servers: { weather: fixtureServer("weather", harness.dir) } });
    const forecast = findTool(await mcp.tools(), "mcp_weather_get_forecast");
    const [firstPid] = startsOf("weather", harness.dir);

    process.kill(firstPid!, "SIGKILL");
    await waitUntil(() => mcp.status("weather") === "failed");

    expect((await callTool(forecast, { city: "Oslo" })).content).toContain("Oslo: sunny");
    expect(startsOf("weather", harness.dir)).toHaveLength(2);
  });
});
