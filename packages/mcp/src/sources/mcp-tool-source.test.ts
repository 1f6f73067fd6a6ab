import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ToolCatalog } from "@dynamic-tools/core";
import { describe, expect, it } from "vitest";
import { fixtureServer, startsOf } from "../__fixtures__/fixture-servers.js";
import { useMcpHarness } from "../__fixtures__/mcp-harness.js";
import { callTool, findTool } from "../__fixtures__/tool-calls.js";
import { configHash } from "../config/config-hash.js";
import { sourceToolInfo } from "../tools/tool-declaration.js";

const harness = useMcpHarness();

describe("createMcpToolSource over stdio", () => {
  it("imports each server's tools under mcp_{serverId}_ with source, namespace and permission, and caches them", async () => {
    const files = fixtureServer("files", harness.dir, { API_TOKEN: "s3cret-token-value" });
    const mcp = harness.source({
      servers: { files, weather: fixtureServer("weather", harness.dir) },
      namespaceDescriptions: { weather: "Forecasts and alerts" },
    });
    const tools = await mcp.tools();

    expect(tools.map((tool) => tool.name)).toEqual([
      "mcp_files_read_file",
      "mcp_files_write_file",
      "mcp_files_delete_file",
      "mcp_weather_get_forecast",
      "mcp_weather_enable_alerts",
    ]);
    expect(findTool(tools, "mcp_files_read_file").description).toBe("Read a text file and return its content");
    expect(sourceToolInfo(findTool(tools, "mcp_files_read_file"))).toEqual({
      source: "mcp",
      sourceId: "files",
      namespace: "mcp_files",
      permission: "read",
    });
    expect(Object.fromEntries(mcp.declarations().map((declaration) => [declaration.name, declaration.permission]))).toEqual({
      mcp_files_read_file: "read",
      mcp_files_write_file: "write",
      mcp_files_delete_file: "dangerous",
      mcp_weather_get_forecast: "read",
      mcp_weather_enable_alerts: "execute",
    });
    expect(mcp.declarations()[0]).toMatchObject({
      source: "mcp",
      sourceId: "files",
      namespace: "mcp_files",
      parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    });
    expect(mcp.namespaces()).toEqual([
      {
        name: "mcp_files",
        description: "Reads and writes text files.", // the server's instructions
        source: "mcp",
        sourceId: "files",
        tools: ["mcp_files_read_file", "mcp_files_write_file", "mcp_files_delete_file"],
      },
      {
        name: "mcp_weather",
        description: "Forecasts and alerts",
        source: "mcp",
        sourceId: "weather",
        tools: ["mcp_weather_get_forecast", "mcp_weather_enable_alerts"],
      },
    ]);
    expect([mcp.status("files"), mcp.status("weather")]).toEqual(["connected", "connected"]);
    // A catalog takes the tools with their declarations.
    const catalog = new ToolCatalog({ tools, declarations: mcp.declarations(), namespaces: mcp.namespaceDeclarations() });
    expect(catalog.get("mcp_files_delete_file")).toMatchObject({
      source: "mcp",
      sourceId: "files",
      namespace: "mcp_files",
      permission: "dangerous",
    });
    expect(catalog.namespace("mcp_weather")).toMatchObject({
      description: "Forecasts and alerts",
      tools: ["mcp_weather_get_forecast", "mcp_weather_enable_alerts"],
    });

    // One cache file per server, keyed by the configuration hash, with no secret in it.
    const text = readFileSync(join(harness.dir, "cache", "files.json"), "utf8");
    const cache = JSON.parse(text);
    expect(cache).toMatchObject({ formatVersion: 1, serverId: "files", configHash: configHash(files), server: { name: "files-fixture" } });
    expect(Number.isNaN(Date.parse(cache.savedAt))).toBe(false);
    expect(cache.tools.map((tool: { name: string }) => tool.name)).toEqual(["read_file", "write_file", "delete_file"]);
    expect(cache.tools[2]).toMatchObject({
      description: "Delete a file",
      annotations: { destructiveHint: true },
      inputSchema: { type: "object" },
    });
    expect(text).not.toContain("s3cret-token-value");
  });

  it("builds the tools from the cache without starting any server, starts one on its first call, then reuses it", async () => {
    writeFileSync(join(harness.dir, "notes.txt"), "buy milk");
    await harness.primeCache();
    expect([startsOf("files", harness.dir).length, startsOf("weather", harness.dir).length]).toEqual([1, 1]);
    const primed = JSON.parse(readFileSync(join(harness.dir, "cache", "files.json"), "utf8"));

    const mcp = harness.source();
    const tools = await mcp.tools();

    expect(tools).toHaveLength(5);
    expect(mcp.declarations()[0]?.parameters).toEqual(primed.tools[0].inputSchema);
    expect([mcp.status("files"), mcp.status("weather")]).toEqual(["cached", "cached"]);
    expect([startsOf("files", harness.dir).length, startsOf("weather", harness.dir).length]).toEqual([1, 1]);

    const read = await callTool(findTool(tools, "mcp_files_read_file"), { path: "notes.txt" });
    expect(read).toMatchObject({ name: "mcp_files_read_file", content: "buy milk" });
    expect(startsOf("files", harness.dir)).toHaveLength(2);
    expect([mcp.status("files"), mcp.status("weather")]).toEqual(["connected", "cached"]);

    await callTool(findTool(tools, "mcp_files_write_file"), { path: "todo.txt", content: "call mum" });
    expect((await callTool(findTool(tools, "mcp_files_read_file"), { path: "todo.txt" })).content).toBe("call mum");
    expect(startsOf("files", harness.dir)).toHaveLength(2);
    expect(startsOf("weather", harness.dir)).toHaveLength(1);
  });
});
