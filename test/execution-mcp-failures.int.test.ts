/**
 * Real MCP failures (stdio fixture servers) in both runtimes: a server killed mid-call and a server that refuses to
 * start each give an error ToolMessage naming the server, and the run completes (with createAgent +
 * dynamicToolsMiddleware these used to reject the whole run).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ToolCatalog } from "@dynamic-tools/core";
import type { McpToolSource } from "@dynamic-tools/mcp";
import { describe, expect, it } from "vitest";
import { executionRuntimes, settle } from "../packages/langgraph/src/__fixtures__/execution-runtimes.js";
import { fixtureServer } from "../packages/mcp/src/__fixtures__/fixture-servers.js";
import { useMcpHarness } from "../packages/mcp/src/__fixtures__/mcp-harness.js";

const mcp = useMcpHarness();

function filesSource(env: Record<string, string>): McpToolSource {
  return mcp.source({ servers: { files: fixtureServer("files", mcp.dir, env) } });
}

describe.each(executionRuntimes)("MCP failures: %s", (_label, runtime) => {
  it("a server killed mid-call gives an error ToolMessage naming the server; the run completes", async () => {
    writeFileSync(join(mcp.dir, "notes.txt"), "buy milk");
    const crashFile = join(mcp.dir, "crash-now");
    const source = filesSource({ FIXTURE_CRASH_ONCE_FILE: crashFile });
    await source.tools(); // connected
    writeFileSync(crashFile, "");
    const run = await settle(runtime, {
      catalog: new ToolCatalog({ tools: [] }),
      sources: [source],
      calls: [{ name: "mcp_files_read_file", args: { path: "notes.txt" }, id: "c1" }],
    });
    expect(run.error).toBeUndefined();
    expect(run.toolMessages).toHaveLength(1);
    expect(run.toolMessages[0]).toMatchObject({ status: "error", tool_call_id: "c1" });
    expect(String(run.toolMessages[0]!.content)).toMatch(
      /^Error: MCP server "files" failed: its connection was lost during a call of "read_file"/,
    );
  });

  it("a server that refuses to start gives an error ToolMessage naming the server; the run completes", async () => {
    writeFileSync(join(mcp.dir, "notes.txt"), "buy milk");
    const refuseFile = join(mcp.dir, "refuse-start");
    const primer = filesSource({ FIXTURE_FAIL_START_FILE: refuseFile });
    await primer.tools(); // fills the cache, so the tool is known while the server cannot start
    await primer.close();
    writeFileSync(refuseFile, "");
    const source = filesSource({ FIXTURE_FAIL_START_FILE: refuseFile });
    const run = await settle(runtime, {
      catalog: new ToolCatalog({ tools: [] }),
      sources: [source],
      calls: [{ name: "mcp_files_read_file", args: { path: "notes.txt" }, id: "c1" }],
    });
    expect(run.error).toBeUndefined();
    expect(run.toolMessages).toHaveLength(1);
    expect(run.toolMessages[0]).toMatchObject({ status: "error", tool_call_id: "c1" });
    expect(String(run.toolMessages[0]!.content)).toMatch(/^Error: MCP server "files" failed: could not start or connect/);
  });
});
