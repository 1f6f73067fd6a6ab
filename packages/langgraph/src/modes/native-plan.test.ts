import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSearchCatalog } from "../__fixtures__/search-catalog.js";
import { createToolSearchTool } from "../search/tool-search-tool.js";
import { planNative } from "./native-plan.js";
import { createTurnPlanner } from "./turn-planner.js";

const CALLABLE = ["create_issue", "list_issues", "close_issue", "list_pulls", "create_event", "list_events", "get_weather"];

describe("planNative", () => {
  it("keeps one tools array for the whole conversation, whatever each turn selects, and loads each tool once", () => {
    fc.assert(
      fc.property(fc.array(fc.subarray(CALLABLE), { minLength: 1, maxLength: 6 }), (turns) => {
        let messages: BaseMessage[] = [];
        let previous: readonly string[] | undefined;
        const arrays = new Set<string>();
        const delivered: string[] = [];
        for (const [index, selected] of turns.entries()) {
          messages = [...messages, new HumanMessage(`turn ${index}`)];
          const selection = { tools: ["get_time", ...selected], query: { current: `turn ${index}`, history: [] } } as never;
          const plan = planNative({
            selection,
            core: ["get_time"],
            callable: CALLABLE,
            searchName: "tool_search",
            messages,
            deliver: true,
            previous,
          });
          const binding = plan.selection.binding as { tools: string[]; changed: boolean };
          arrays.add(JSON.stringify(binding.tools));
          if (previous !== undefined) expect(binding.changed).toBe(false);
          previous = binding.tools;
          messages = [...messages, ...plan.messages];
          for (const message of plan.messages)
            if ("artifact" in message) delivered.push(...(message.artifact as { loaded: string[] }).loaded);
          expect(plan.selection.tools).toEqual(expect.arrayContaining(["get_time", "tool_search", ...selected]));
        }
        expect(arrays.size).toBe(1);
        expect(new Set(delivered).size).toBe(delivered.length);
      }),
    );
  });
});

describe("the turn planner with binding native", () => {
  it("needs the search tool at construction", () => {
    const { catalog } = createSearchCatalog();
    expect(() => createTurnPlanner({ catalog, binding: "native" })).toThrow(/binds tool_search: pass searchTool/);
    expect(() => createTurnPlanner({ catalog, binding: "nativ" as never })).toThrow(/Bindings: cache-aware, per-turn, native/);
  });

  it("sends every tool the caller may use and delivers the selection by reference", async () => {
    const { catalog } = createSearchCatalog();
    const plan = createTurnPlanner({
      catalog,
      binding: "native",
      strategy: "bm25",
      searchTool: createToolSearchTool(catalog),
      countTokens: false,
    });
    const { selection, messages } = await plan({ messages: [new HumanMessage("open a github issue")] });
    expect(selection.binding).toMatchObject({ policy: "native", direct: ["get_time", "tool_search"] });
    expect(selection.binding!.tools).toEqual(["get_time", "tool_search", ...CALLABLE, "convert_currency", "send_email", "translate_text"]);
    expect(messages?.length).toBe(2);
    expect(selection.tools.slice(0, 2)).toEqual(["get_time", "tool_search"]);
    expect(selection.tools).toContain("create_issue");
  });
});
