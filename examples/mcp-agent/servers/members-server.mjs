// The example's first MCP server (stdio): gym members. Read, write and destructive tools, told apart by annotations.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { crashIfAsked, recordStart } from "./server-hooks.mjs";

recordStart();
const members = new Map([
  ["m1", { name: "Ana Silva", plan: "monthly", expires: "2026-12-01" }],
  ["m2", { name: "Li Wei", plan: "yearly", expires: "2027-03-15" }],
]);
const server = new McpServer({ name: "members", version: "1.0.0" }, { instructions: "Look up, renew and remove gym members." });
const text = (value) => ({ content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }] });

server.registerTool(
  "find_member",
  {
    description: "Find a gym member by name and show their membership plan and expiry",
    inputSchema: { query: z.string() },
    annotations: { readOnlyHint: true },
  },
  async ({ query }) => {
    crashIfAsked();
    const found = [...members].filter(([, member]) => member.name.toLowerCase().includes(query.toLowerCase()));
    return text(found.map(([id, member]) => ({ id, ...member })));
  },
);

server.registerTool(
  "renew_membership",
  {
    description: "Renew a member's membership for a number of months",
    inputSchema: { memberId: z.string(), months: z.number().int().min(1).max(24) },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  async ({ memberId, months }) => text(`renewed ${memberId} for ${months} month(s)`),
);

server.registerTool(
  "delete_member",
  {
    description: "Permanently delete a member and their history",
    inputSchema: { memberId: z.string() },
    annotations: { destructiveHint: true },
  },
  async ({ memberId }) => {
    members.delete(memberId);
    return text(`deleted ${memberId}`);
  },
);

await server.connect(new StdioServerTransport());
