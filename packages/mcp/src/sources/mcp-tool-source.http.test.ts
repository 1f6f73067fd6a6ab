import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { temporaryFolder } from "../__fixtures__/fixture-servers.js";
import { startHttpWeatherServer, type HttpWeatherServer } from "../__fixtures__/http-weather-server.js";
import { callTool, findTool } from "../__fixtures__/tool-calls.js";
import { createMcpToolSource, type McpToolSource } from "./mcp-tool-source.js";

let dir: string;
let remove: () => void;
let http: HttpWeatherServer;
const sources: McpToolSource[] = [];

beforeEach(async () => {
  ({ dir, remove } = temporaryFolder());
  http = await startHttpWeatherServer("t0ken");
});
afterEach(async () => {
  await Promise.all(sources.splice(0).map((source) => source.close()));
  await http.close();
  remove();
});

function source(token: string): McpToolSource {
  const mcp = createMcpToolSource({
    servers: { rain: { transport: "http", url: http.url, headers: { Authorization: `Bearer ${token}` } } },
    cacheDir: join(dir, "cache"),
    onServerError: () => undefined, // the wrong-token source's failure is asserted through lastError()
  });
  sources.push(mcp);
  return mcp;
}

describe("createMcpToolSource over Streamable HTTP", () => {
  it("imports and calls the tools of an HTTP server, sending the configured headers", async () => {
    const tools = await source("t0ken").tools();

    expect(tools.map((tool) => tool.name)).toEqual(["mcp_rain_get_forecast"]);
    expect((await callTool(findTool(tools, "mcp_rain_get_forecast"), { city: "Bergen" })).content).toBe("Bergen: rainy (over HTTP)");
  });

  it("builds from the cache without a request, and a changed header value invalidates it", async () => {
    const primer = source("t0ken");
    await primer.tools();
    await primer.close();
    const afterPriming = http.requests();

    await source("t0ken").tools();
    expect(http.requests()).toBe(afterPriming);

    const wrongToken = source("wrong");
    expect(await wrongToken.tools()).toEqual([]);
    expect(http.requests()).toBeGreaterThan(afterPriming);
    expect(wrongToken.lastError("rain")?.message).toMatch(/^MCP server "rain" failed: could not start or connect: .*401/);
  });
});
