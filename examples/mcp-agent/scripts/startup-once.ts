/**
 * One catalog start-up in a fresh process: imports, then `createExampleCatalog`. Prints JSON timings.
 * Usage: tsx scripts/startup-once.ts <cacheDir>
 */
import { performance } from "node:perf_hooks";

const began = performance.now();
const { createExampleCatalog } = await import("../src/catalog.js");
const imported = performance.now();
const { catalog, mcp } = await createExampleCatalog({ cacheDir: process.argv[2]! });
const built = performance.now();
const statuses = mcp.serverIds.map((id) => mcp.status(id));
await mcp.close();
console.log(JSON.stringify({ imports: imported - began, catalog: built - imported, total: built - began, tools: catalog.size, statuses }));
