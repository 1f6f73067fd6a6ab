import { ToolCatalog } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

/** A tiny executable catalog: salary (related: staff), staff, a core tool, and a disabled tool. */
export function createSmallCatalog() {
  const calls: string[] = [];
  const record = (name: string) => (args: unknown) => {
    calls.push(name);
    return JSON.stringify({ tool: name, args });
  };
  const tools = [
    tool(record("get_gym_info"), { name: "get_gym_info", description: "Gym name and hours", schema: z.object({}) }),
    tool(record("get_pending_salaries"), {
      name: "get_pending_salaries",
      description: "Salaries not yet paid",
      schema: z.object({ month: z.string().describe("YYYY-MM") }),
    }),
    tool(record("get_staff_list"), { name: "get_staff_list", description: "Everyone on staff", schema: z.object({}) }),
    tool(record("delete_everything"), { name: "delete_everything", description: "Wipes the database", schema: z.object({}) }),
  ];
  const catalog = new ToolCatalog({
    tools,
    declarations: [
      { name: "get_pending_salaries", category: "salary" },
      { name: "get_staff_list", category: "staff" },
      { name: "delete_everything", category: "danger", enabled: false, permission: "dangerous" },
    ],
    categories: { salary: { keywords: ["salary"], related: ["staff"] }, staff: { keywords: ["staff"] }, danger: { keywords: ["wipe"] } },
    core: ["get_gym_info"],
  });
  return { catalog, calls };
}
