import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_LOGGED_UPDATES } from "./change-log.js";
import { ToolCatalog } from "./tool-catalog.js";

const TOOLS = [
  { name: "get_weather", description: "Current weather for a city" },
  { name: "send_email", description: "Send an email to someone" },
];

const names = (tools: ReadonlyArray<{ name: string }>) => tools.map((tool) => tool.name);

describe("ToolCatalog.changesSince", () => {
  it("is empty at the current version", () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    expect(catalog.changesSince(0)).toEqual({ rebuild: false, version: 0, added: [], changed: [], upserted: [], removed: [] });
  });

  it("folds updates into the net change, with the current metadata", () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    catalog.add([{ name: "book_flight", description: "Book a flight" }]); // 1
    catalog.add([{ name: "book_flight", description: "Book a flight, any airline" }]); // 2: still added since 0
    catalog.remove(["send_email"]); // 3
    catalog.add([{ name: "send_email", description: "Send an email, with attachments" }]); // 4: back, so changed since 0
    catalog.add([{ name: "temp", description: "Temporary" }]); // 5
    catalog.remove(["temp", "get_weather"]); // 6: temp came and went since 0
    const changes = catalog.changesSince(0);
    expect(changes).toMatchObject({ rebuild: false, version: 6, removed: ["get_weather"] });
    if (changes.rebuild) throw new Error("expected changes");
    expect(changes.added.map((tool) => [tool.name, tool.description])).toEqual([["book_flight", "Book a flight, any airline"]]);
    expect(changes.changed.map((tool) => [tool.name, tool.description])).toEqual([["send_email", "Send an email, with attachments"]]);
    expect(names(changes.upserted)).toEqual(["book_flight", "send_email"]);

    const later = catalog.changesSince(3);
    expect(later.rebuild).toBe(false);
    if (later.rebuild) throw new Error("expected changes");
    expect([names(later.added), names(later.changed), later.removed]).toEqual([["send_email"], [], ["get_weather"]]);
  });

  it("reports live updates of a source (replaceSource) like any other", () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    const create = tool(() => "ok", {
      name: "mcp_notes_create",
      description: "Create a note",
      schema: z.object({}),
      metadata: { dynamicTools: { source: "mcp", sourceId: "notes" } },
    });
    catalog.replaceSource({ source: "mcp", sourceId: "notes", tools: [create] });
    catalog.replaceSource({ source: "mcp", sourceId: "notes", tools: [] });
    const none = { rebuild: false, version: 2, added: [], changed: [], upserted: [] };
    expect(catalog.changesSince(1)).toEqual({ ...none, removed: ["mcp_notes_create"] });
    expect(catalog.changesSince(0)).toEqual({ ...none, removed: [] });
  });

  it("lists upserted tools in catalog order, across updates and within one", () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    catalog.add([{ name: "get_weather", description: "Forecast" }]); // changed, moves to the end
    catalog.add([
      { name: "book_flight", description: "Book a flight" },
      { name: "send_email", description: "Send mail" },
    ]);
    const changes = catalog.changesSince(0);
    if (changes.rebuild) throw new Error("expected changes");
    expect(names(changes.upserted)).toEqual(catalog.names());
    expect([names(changes.added), names(changes.changed)]).toEqual([["book_flight"], ["get_weather", "send_email"]]);
  });

  it("keeps its own copy: a listener that changes the event does not change the log", () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    catalog.on("toolsUpdated", (event) => event.removed.splice(0));
    catalog.remove(["send_email"]);
    expect(catalog.changesSince(0)).toMatchObject({ removed: ["send_email"] });
  });

  it("answers rebuild once truncated, by count of updates, and always keeps the newest update", () => {
    // 2,000 tools: the bound on tool changes (2 × 2,000 + 1,024) is far away, the bound on updates is reached.
    const others = Array.from({ length: 1_998 }, (_, index) => ({ name: `tool_${index}`, description: "A tool" }));
    const catalog = new ToolCatalog({ tools: [...TOOLS, ...others] });
    for (let round = 0; round <= MAX_LOGGED_UPDATES; round++) {
      catalog.add([{ name: "get_weather", description: `Weather, version ${round}` }]);
    }
    const version = catalog.version;
    expect(catalog.changesSince(0)).toEqual({ rebuild: true, version });
    expect(catalog.changesSince(1).rebuild).toBe(false);

    const many = Array.from({ length: 3_000 }, (_, index) => ({ name: `tool_${index}`, description: `Tool ${index}` }));
    const big = new ToolCatalog({ tools: [...TOOLS, ...many] });
    big.remove(names(many)); // one update larger than the bound (2 × 2 tools left + 1,024) is still kept…
    expect(big.changesSince(0).rebuild).toBe(false);
    big.remove(["get_weather"]); // …until another arrives.
    expect(big.changesSince(0)).toEqual({ rebuild: true, version: 2 });
    expect(big.changesSince(1)).toMatchObject({ rebuild: false, removed: ["get_weather"] });
  });

  it("rejects a version it never had, naming the valid range", () => {
    const catalog = new ToolCatalog({ tools: TOOLS });
    catalog.remove(["send_email"]);
    for (const bad of [-1, 2, 0.5, Number.NaN]) {
      const error = expect.objectContaining({ code: "INVALID_OPTION", message: expect.stringContaining("from 0 to 1") });
      expect(() => catalog.changesSince(bad)).toThrow(error);
    }
  });
});
