import { ALLOW_ALL, definePolicy, ToolCatalog } from "@dynamic-tools/core";
import { AIMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { createTurnPlanner } from "../modes/turn-planner.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { DynamicToolNode } from "./dynamic-tool-node.js";

const named = (name: string, answer: string, dynamicTools?: Record<string, string>) =>
  tool(() => answer, {
    name,
    description: name,
    schema: z.object({}),
    ...(dynamicTools === undefined ? {} : { metadata: { dynamicTools } }),
  });

async function runOne(node: DynamicToolNode, name: string, config: Record<string, unknown> = {}): Promise<ToolMessage> {
  const output = (await node.invoke(
    { messages: [new AIMessage({ content: "", tool_calls: [{ name, args: {}, id: "x", type: "tool_call" }] })] },
    config,
  )) as { messages: ToolMessage[] };
  return output.messages[0]!;
}

describe("DynamicToolNode fallback chain", () => {
  it("looks tools up in order: request tools → catalog → SDK source → MCP source", async () => {
    const catalog = new ToolCatalog({
      tools: [named("shared", "from catalog"), { name: "mcp_files_read", description: "declared only", source: "mcp" }],
    });
    const sdk = {
      tools: () => [
        named("sdk_notes_add", "from sdk", { source: "sdk", sourceId: "notes", permission: "write" }),
        named("mcp_files_read", "from sdk (wrong)"),
      ],
    };
    const mcp = {
      tools: async () => [
        named("mcp_files_read", "from mcp"),
        named("mcp_files_late", "arrived late", { source: "mcp", sourceId: "files", permission: "read" }),
      ],
    };
    const node = new DynamicToolNode(catalog, { sources: [sdk, mcp], policy: ALLOW_ALL });
    expect((await runOne(node, "shared", { configurable: { requestTools: [named("shared", "per-user")] } })).content).toBe("per-user");
    expect((await runOne(node, "shared")).content).toBe("from catalog");
    expect((await runOne(node, "sdk_notes_add")).content).toBe("from sdk");
    expect((await runOne(node, "mcp_files_late")).content).toBe("arrived late");
    expect((await runOne(node, "nowhere")).status).toBe("error");
  });

  it("applies the policy to source tools the catalog does not know, from their own metadata", async () => {
    const sdk = { tools: () => [named("sdk_notes_add", "from sdk", { source: "sdk", sourceId: "notes", permission: "write" })] };
    const node = new DynamicToolNode(new ToolCatalog({ tools: [] }), {
      sources: [sdk],
      policy: definePolicy({ roles: { guest: { deny: [{ source: "sdk" }] } } }),
    });
    const refused = await runOne(node, "sdk_notes_add", { context: { role: "guest" } });
    expect(refused.content).toContain("PERMISSION_DENIED");
  });

  it("runs a tool added to the catalog after the node was built", async () => {
    const catalog = new ToolCatalog({ tools: [] });
    const node = new DynamicToolNode(catalog, { policy: ALLOW_ALL });
    catalog.add([named("late_tool", "late")]);
    expect((await runOne(node, "late_tool")).content).toBe("late");
  });
});

describe("permissions at selection and search, re-checked every turn", () => {
  it("unloads a loaded tool as soon as the caller may no longer use it", async () => {
    const { catalog } = createSearchCatalog();
    const policy = definePolicy({ roles: { viewer: { deny: [{ namespace: "github" }] } } });
    const plan = createTurnPlanner({
      catalog,
      mode: "search",
      policy,
      searchTool: createToolSearchTool(catalog, { policy }),
      countTokens: false,
    });
    const messages = [new HumanMessage("open an issue")];
    const asOwner = await plan({ messages, loadedTools: ["create_issue", "get_weather"], caller: { role: "owner" } });
    expect(asOwner.selection.tools).toEqual(["get_time", "tool_search", "create_issue", "get_weather"]);
    const asViewer = await plan({ messages, loadedTools: ["create_issue", "get_weather"], caller: { role: "viewer" } });
    expect(asViewer.selection.tools).toEqual(["get_time", "tool_search", "get_weather"]);
    expect(asViewer.loadedUpdate).toEqual({ unload: ["create_issue"] });
  });

  it("never returns tools the caller may not see from tool_search", async () => {
    const { catalog } = createSearchCatalog();
    const policy = definePolicy({ roles: { viewer: { deny: [{ namespace: "github" }] } } });
    const search = createToolSearchTool(catalog, { policy });
    const found = async (role: string) => {
      const command = (await search.invoke(
        { name: "tool_search", args: { query: "github issue" }, id: "s", type: "tool_call" },
        { context: { role } },
      )) as {
        update: { loadedTools: string[] };
      };
      return command.update.loadedTools;
    };
    expect(await found("owner")).toContain("create_issue");
    expect((await found("viewer")).some((name) => ["create_issue", "list_issues", "close_issue", "list_pulls"].includes(name))).toBe(false);
  });
});

describe("tool_search's four filter layers", () => {
  // Layer 4 (already bound) is covered in search/tool-search-tool.test.ts.
  it("drops blacklisted, non-searchable and excluded tools", async () => {
    const { catalog } = createSearchCatalog();
    const search = createToolSearchTool(catalog, { blacklist: ["get_weather"], exclude: ["translate_text"], maxLimit: 10 });
    const found = async (query: string) => {
      const command = (await search.invoke({ name: "tool_search", args: { query, limit: 10 }, id: "s", type: "tool_call" })) as {
        update: { loadedTools: string[] };
      };
      return command.update.loadedTools;
    };
    expect(await found("weather forecast debug dump")).not.toContain("get_weather");
    expect(await found("weather forecast debug dump")).not.toContain("debug_dump");
    expect(await found("translate text into another language")).not.toContain("translate_text");
    expect(await found("convert currency")).toContain("convert_currency");
  });
});
