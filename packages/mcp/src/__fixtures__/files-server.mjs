// A tiny MCP server over stdio for the tests: read, write and delete text files under its working directory.
import { readFile, unlink, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { crashIfAsked, recordStart } from "./fixture-hooks.mjs";

recordStart();
const server = new McpServer({ name: "files-fixture", version: "1.0.0" }, { instructions: "Reads and writes text files." });
const text = (value) => ({ content: [{ type: "text", text: value }] });

server.registerTool(
  "read_file",
  {
    description: "Read a text file and return its content",
    inputSchema: { path: z.string().describe("Path relative to the server's directory") },
    annotations: { readOnlyHint: true },
  },
  async ({ path }) => {
    crashIfAsked();
    return text(await readFile(resolve(path), "utf8"));
  },
);

server.registerTool(
  "write_file",
  {
    description: "Write text to a file, creating it if needed",
    inputSchema: { path: z.string(), content: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  async ({ path, content }) => {
    await writeFile(resolve(path), content);
    return text(`wrote ${content.length} characters to ${path}`);
  },
);

server.registerTool(
  "delete_file",
  {
    description: "Delete a file",
    inputSchema: { path: z.string() },
    annotations: { destructiveHint: true },
  },
  async ({ path }) => {
    await unlink(resolve(path));
    return text(`deleted ${path}`);
  },
);

await server.connect(new StdioServerTransport());
