// One catalog start-up in a fresh process, as an application would do it: import the built packages, build the MCP
// tool source over the two fixture servers, await its tools and build a ToolCatalog. Prints the milliseconds as JSON.
// Usage: node startup-once.mjs <cacheDir> <workDir>
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const [cacheDir, workDir] = process.argv.slice(2);
const fixture = (name) => fileURLToPath(new URL(`../src/__fixtures__/${name}-server.mjs`, import.meta.url));
const server = (name) => ({
  transport: "stdio",
  command: process.execPath,
  args: [fixture(name)],
  cwd: workDir,
  env: { FIXTURE_MARKER_FILE: join(workDir, `${name}.starts`) },
});

const started = performance.now();
const [{ createMcpToolSource }, { ToolCatalog }] = await Promise.all([import("@dynamic-tools/mcp"), import("@dynamic-tools/core")]);
const imported = performance.now();
const mcp = createMcpToolSource({ servers: { files: server("files"), weather: server("weather") }, cacheDir, onStderr: () => {} });
const tools = await mcp.tools();
const catalog = new ToolCatalog({ tools, declarations: mcp.declarations() });
const ready = performance.now();
const statuses = mcp.serverIds.map((id) => mcp.status(id));
await mcp.close();
console.log(JSON.stringify({ total: ready - started, imports: imported - started, tools: catalog.size, statuses }));
