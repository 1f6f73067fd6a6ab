import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtureServer, isRunning, startsOf, waitUntil } from "../__fixtures__/fixture-servers.js";
import { useMcpHarness } from "../__fixtures__/mcp-harness.js";
import { callTool, findTool } from "../__fixtures__/tool-calls.js";

const harness = useMcpHarness();
const starts = (name: "files" | "weather") => startsOf(name, harness.dir).length;

describe("createMcpToolSource over stdio: cache invalidation and process lifecycle", () => {
  it("reconnects when the configuration changed: an env value, an argument", async () => {
    const files = (token: string) => fixtureServer("files", harness.dir, { API_TOKEN: token });
    await harness.primeCache({ servers: { files: files("a") } });

    await harness.source({ servers: { files: files("a") } }).tools();
    expect(starts("files")).toBe(1);

    await harness.source({ servers: { files: files("b") } }).tools();
    expect(starts("files")).toBe(2);

    const withArgument = files("b");
    withArgument.args = [...(withArgument.args ?? []), "--verbose"];
    await harness.source({ servers: { files: withArgument } }).tools();
    expect(starts("files")).toBe(3);
  });

  it("ignores a corrupt or foreign cache file and rewrites it", async () => {
    await harness.primeCache();
    writeFileSync(join(harness.dir, "cache", "files.json"), "{ not json");
    writeFileSync(join(harness.dir, "cache", "weather.json"), JSON.stringify({ formatVersion: 2, serverId: "weather", tools: [] }));

    expect(await harness.source().tools()).toHaveLength(5);
    expect([starts("files"), starts("weather")]).toEqual([2, 2]);
    expect(JSON.parse(readFileSync(join(harness.dir, "cache", "files.json"), "utf8")).formatVersion).toBe(1);
  });

  it("shares one connect among concurrent first calls", async () => {
    await harness.primeCache();
    const forecast = findTool(await harness.source().tools(), "mcp_weather_get_forecast");

    const results = await Promise.all(["Oslo", "Lima", "Pune"].map((city) => callTool(forecast, { city, days: 2 })));

    expect(results.map((message) => message.content)).toEqual(
      ["Oslo", "Lima", "Pune"].map((city) => expect.stringContaining(`${city}: sunny for 2 day(s)`)),
    );
    expect(starts("weather")).toBe(2); // the primer's start and one more
  });

  it("close() ends every server process", async () => {
    const mcp = harness.source();
    await mcp.tools(); // no cache: both servers start
    const pids = [...startsOf("files", harness.dir), ...startsOf("weather", harness.dir)];
    expect(pids).toHaveLength(2);
    expect(pids.every(isRunning)).toBe(true);

    await mcp.close();

    await waitUntil(() => !pids.some(isRunning), 2_000);
    expect([mcp.status("files"), mcp.status("weather")]).toEqual(["cached", "cached"]);
  });

  it("disconnect() ends a server's process but the next call connects again", async () => {
    const mcp = harness.source();
    const tools = await mcp.tools();
    const [firstPid] = startsOf("weather", harness.dir);

    await mcp.disconnect("weather");
    await waitUntil(() => !isRunning(firstPid!), 2_000);
    expect([mcp.status("weather"), mcp.status("files")]).toEqual(["cached", "connected"]);

    expect((await callTool(findTool(tools, "mcp_weather_get_forecast"), { city: "Oslo" })).content).toContain("Oslo: sunny");
    expect(starts("weather")).toBe(2);
    expect(existsSync(join(harness.dir, "cache", "weather.json"))).toBe(true);
  });
});
