// The example's second MCP server (stdio): staff payroll. A trainer may read payslips but not pay salaries.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { crashIfAsked, recordStart } from "./server-hooks.mjs";

recordStart();
const server = new McpServer({ name: "payroll", version: "1.0.0" }, { instructions: "Staff salaries and payslips." });
const text = (value) => ({ content: [{ type: "text", text: value }] });

server.registerTool(
  "get_payslips",
  {
    description: "List the salary payslips of a month, paid and pending",
    inputSchema: { month: z.string().describe("YYYY-MM") },
    annotations: { readOnlyHint: true },
  },
  async ({ month }) => {
    crashIfAsked();
    return text(`${month}: Ana 2100 paid, Li 2300 pending`);
  },
);

server.registerTool(
  "pay_salary",
  {
    description: "Pay a pending salary to a staff member",
    inputSchema: { staffId: z.string(), amount: z.number().positive() },
    annotations: { readOnlyHint: false, destructiveHint: false },
  },
  async ({ staffId, amount }) => text(`paid ${amount} to ${staffId}`),
);

server.registerTool(
  "reset_payroll",
  { description: "Erase all payroll records", inputSchema: {}, annotations: { destructiveHint: true } },
  async () => text("payroll erased"),
);

await server.connect(new StdioServerTransport());
