import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { ToolCatalog } from "./tool-catalog.js";
import type { CatalogChange } from "./catalog-events.js";
import type { ToolDeclaration } from "./tool-metadata.js";
import { keywordSelector } from "../__fixtures__/select-by-keywords.js";
import { CatalogKeywords } from "../retrieval/keyword/catalog-keywords.js";

function sourceTool(name: string, description: string, info: Record<string, string>) {
  return tool(() => name, { name, description, schema: z.object({}), metadata: { dynamicTools: info } });
}

const forecast = () =>
  sourceTool("mcp_weather_get_forecast", "Weather forecast for a city", {
    source: "mcp",
    sourceId: "weather",
    namespace: "mcp_weather",
    permission: "read",
  });
const alert = () =>
  sourceTool("mcp_weather_send_alert", "Send a storm alert to subscribers", {
    source: "mcp",
    sourceId: "weather",
    namespace: "mcp_weather",
    permission: "write",
  });

function baseCatalog(options: Partial<ConstructorParameters<typeof ToolCatalog>[0]> = {}) {
  return new ToolCatalog({
    tools: [
      { name: "get_gym_info", description: "Gym name, address and opening hours" },
      { name: "book_class", description: "Book a fitness class for a member", category: "classes" },
    ],
    categories: { classes: { keywords: ["class", "booking"] } },
    core: ["get_gym_info"],
    ...options,
  });
}

describe("ToolCatalog live updates", () => {
  it("reads source, sourceId, namespace and permission from tool.metadata.dynamicTools", () => {
    const catalog = new ToolCatalog({ tools: [alert()] });
    expect(catalog.get("mcp_weather_send_alert")).toMatchObject({
      source: "mcp",
      sourceId: "weather",
      namespace: "mcp_weather",
      permission: "write",
    });
  });

  it("replaceSource adds a server's tools, bumps the version and emits toolsUpdated", () => {
    const catalog = baseCatalog();
    const events: CatalogChange[] = [];
    catalog.on("toolsUpdated", (event) => events.push(event));
    expect(catalog.version).toBe(0);
    catalog.replaceSource({
      source: "mcp",
      sourceId: "weather",
      tools: [forecast(), alert()],
      namespace: "mcp_weather",
      namespaceDescription: "Weather",
    });
    expect(catalog.version).toBe(1);
    expect(catalog.names()).toEqual(["get_gym_info", "book_class", "mcp_weather_get_forecast", "mcp_weather_send_alert"]);
    expect(catalog.namespace("mcp_weather")).toMatchObject({
      description: "Weather",
      tools: ["mcp_weather_get_forecast", "mcp_weather_send_alert"],
    });
    expect(events.map((event) => [event.version, event.added.map((tool) => tool.name), event.removed])).toEqual([
      [1, ["mcp_weather_get_forecast", "mcp_weather_send_alert"], []],
    ]);
    // The server drops a tool: only that tool goes.
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [forecast()] });
    expect(events.at(-1)).toMatchObject({ version: 2, added: [], removed: ["mcp_weather_send_alert"] });
    expect(catalog.namespace("mcp_weather")!.tools).toEqual(["mcp_weather_get_forecast"]);
    // The source unregisters.
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [] });
    expect(catalog.names()).toEqual(["get_gym_info", "book_class"]);
  });

  it("add and remove update the keyword index, categories and token totals", () => {
    const catalog = baseCatalog();
    const before = catalog.totalTokens();
    catalog.add([{ name: "cancel_class", description: "Cancel a class booking", category: "classes" }]);
    expect(catalog.category("classes")!.tools).toEqual(["book_class", "cancel_class"]);
    expect(catalog.totalTokens()).toBeGreaterThan(before);
    catalog.remove(["cancel_class", "no_such_tool"]);
    expect(catalog.category("classes")!.tools).toEqual(["book_class"]);
    expect(catalog.totalTokens()).toBe(before);
  });

  it("a tool given again exactly as it is keeps its place and reports nothing; given with a change, it goes to the end", () => {
    const declarations = ["a_salary", "b_salary", "c_salary"].map((name) => ({ name, description: "salary" }));
    const catalog = new ToolCatalog({ tools: declarations });
    const seen = catalog.version;
    const same = catalog.add([declarations[0]!]);
    expect(catalog.names()).toEqual(["a_salary", "b_salary", "c_salary"]);
    expect(same).toMatchObject({ added: [], changed: [], removed: [] });
    expect(catalog.changesSince(seen)).toMatchObject({ added: [], changed: [], removed: [] });
    const changed = catalog.add([{ name: "a_salary", description: "salary paid" }]);
    expect(catalog.names()).toEqual(["b_salary", "c_salary", "a_salary"]);
    expect(changed.changed.map((tool) => tool.name)).toEqual(["a_salary"]);
  });

  it("keeps the old state when an update is invalid (nothing half-applied)", () => {
    const catalog = baseCatalog();
    expect(() => catalog.add([{ name: "bad name" }])).toThrow(DynamicToolsError);
    expect(catalog.version).toBe(0);
    expect(catalog.names()).toEqual(["get_gym_info", "book_class"]);
  });

  it("keyword selectors notice the version change and re-resolve", () => {
    const catalog = baseCatalog({ categories: { classes: { keywords: ["class"] }, weather: { keywords: ["weather", "forecast"] } } });
    const select = keywordSelector(catalog);
    expect(select("what's the weather forecast?").tools).toEqual(["get_gym_info"]);
    catalog.add([{ name: "get_forecast", description: "Forecast", category: "weather" }]);
    expect(select("what's the weather forecast?").tools).toEqual(["get_gym_info", "get_forecast"]);
    catalog.remove(["get_forecast", "get_gym_info"]);
    // A core tool whose source went away is skipped, not an error.
    expect(select("what's the weather forecast?").tools).toEqual([]);
  });

  it("retrieval selectors update their index incrementally through add/remove", async () => {
    const catalog = baseCatalog();
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false });
    expect((await select("storm alert")).ranked).toEqual([]);
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [forecast(), alert()] });
    expect((await select("storm alert")).ranked?.[0]?.name).toBe("mcp_weather_send_alert");
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [] });
    expect((await select("storm alert")).ranked).toEqual([]);
  });

  it("a selection in flight sees the old catalog or the new one, never a mix", async () => {
    const catalog = baseCatalog();
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false, topK: 20 });
    const results = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        if (index % 2 === 0)
          catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: index % 4 === 0 ? [forecast(), alert()] : [] });
        const selection = await select("weather forecast storm alert");
        return selection.tools.filter((name) => name.startsWith("mcp_")).length;
      }),
    );
    for (const count of results) expect([0, 2]).toContain(count);
  });

  it("keeps declarations of source tools pending until the tool arrives; typos stay UNKNOWN_TOOL", () => {
    const catalog = baseCatalog({ declarations: [{ name: "mcp_weather_send_alert", permission: "dangerous", searchable: false }] });
    expect(catalog.pendingNames()).toEqual(["mcp_weather_send_alert"]);
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [alert()] });
    expect(catalog.get("mcp_weather_send_alert")).toMatchObject({ permission: "dangerous", searchable: false, sourceId: "weather" });
    expect(catalog.pendingNames()).toEqual([]);
    expect(() => baseCatalog({ declarations: [{ name: "book_clas", category: "classes" }] })).toThrow(
      /book_clas.*Did you mean: book_class/,
    );
  });
});

describe("ToolCatalog live updates: required tools and consistency", () => {
  it("a pending required source tool joins core when its server connects and leaves when it goes; selectors made before follow", async () => {
    const catalog = baseCatalog({ declarations: [{ name: "mcp_weather_send_alert", required: true }] });
    const keyword = keywordSelector(catalog, { countTokens: false });
    const retrieval = createToolSelector(catalog, { strategy: "bm25", autoCut: false, countTokens: false });
    expect(catalog.settings.core).toEqual(["get_gym_info"]);
    const event = catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [forecast(), alert()] });
    expect(event.added.map((tool) => tool.name)).toEqual(["mcp_weather_get_forecast", "mcp_weather_send_alert"]);
    expect(catalog.settings.core).toEqual(["get_gym_info", "mcp_weather_send_alert"]);
    expect(keyword("hello").tools).toEqual(["get_gym_info", "mcp_weather_send_alert"]);
    expect((await retrieval("hello")).core).toEqual(["get_gym_info", "mcp_weather_send_alert"]);
    catalog.replaceSource({ source: "mcp", sourceId: "weather", tools: [] });
    expect(catalog.settings.core).toEqual(["get_gym_info"]);
    expect(keyword("hello").tools).toEqual(["get_gym_info"]);
    expect((await retrieval("hello")).core).toEqual(["get_gym_info"]);
  });

  it("a tool added with required: true joins core after the declared core, in catalog order, and leaves when removed", () => {
    const catalog = baseCatalog();
    catalog.add([{ name: "check_in", description: "Check a member in", required: true }]);
    catalog.add([{ name: "who_is_here", description: "Members in the gym now", required: true }]);
    expect(catalog.settings.core).toEqual(["get_gym_info", "check_in", "who_is_here"]);
    // Adding a tool again moves it to the end of the catalog, and of the required tools.
    catalog.add([{ name: "check_in", description: "Check a member in by card", required: true }]);
    expect(catalog.settings.core).toEqual(["get_gym_info", "who_is_here", "check_in"]);
    // A declared core tool that is also required is not listed twice.
    catalog.add([{ name: "get_gym_info", description: "Gym name, address and opening hours", required: true }]);
    expect(catalog.settings.core).toEqual(["get_gym_info", "who_is_here", "check_in"]);
    catalog.remove(["who_is_here"]);
    expect(catalog.settings.core).toEqual(["get_gym_info", "check_in"]);
    catalog.add([{ name: "check_in", description: "Check a member in" }]);
    expect(catalog.settings.core).toEqual(["get_gym_info"]);
    expect(keywordSelector(catalog)("hello").tools).toEqual(["get_gym_info"]);
  });

  it("rejects an update whose required tools would exceed maxTools, and leaves the catalog unchanged", () => {
    const catalog = baseCatalog({ maxTools: 2 });
    const events: CatalogChange[] = [];
    catalog.on("toolsUpdated", (event) => events.push(event));
    const keywords = CatalogKeywords.of(catalog);
    const matched = (text: string) => keywords.match(text).map((match) => match.target.name);
    const before = matched("class check in who is here");
    let caught: unknown;
    try {
      catalog.add([
        { name: "check_in", description: "Check a member in", required: true, category: "classes" },
        { name: "who_is_here", description: "Members in the gym now", required: true },
      ]);
    } catch (error) {
      caught = error;
    }
    expect(DynamicToolsError.isInstance(caught) && caught.code).toBe("CORE_EXCEEDS_BUDGET");
    expect(String((caught as Error).message)).toMatch(
      /required tools \(check_in, who_is_here\) the catalog would have 3 core tools, over maxTools \(2\)/,
    );
    expect(catalog.version).toBe(0);
    expect(events).toEqual([]);
    expect(catalog.names()).toEqual(["get_gym_info", "book_class"]);
    expect(catalog.category("classes")!.tools).toEqual(["book_class"]);
    expect(matched("class check in who is here")).toEqual(before);
    expect(catalog.settings.core).toEqual(["get_gym_info"]);
    // The catalog still takes a valid update afterwards.
    catalog.add([{ name: "check_in", description: "Check a member in", required: true }]);
    expect(catalog.settings.core).toEqual(["get_gym_info", "check_in"]);
  });

  it("readers holding the previous categories keep seeing them; the keyword index catches up on the next match", () => {
    const catalog = baseCatalog({ categories: { classes: { keywords: ["class", "booking"] }, weather: { keywords: ["weather"] } } });
    catalog.add([{ name: "get_forecast", description: "Forecast", category: "weather", keywords: ["forecast"] }]);
    const keywords = CatalogKeywords.of(catalog);
    const weather = catalog.category("weather")!;
    const matched = (text: string) => keywords.match(text).map((match) => match.target.name);
    expect(matched("weather forecast")).toEqual(["weather", "get_forecast"]);
    catalog.remove(["get_forecast"]);
    catalog.add([{ name: "get_radar", description: "Rain radar", category: "weather", keywords: ["radar"] }]);
    expect(weather.tools).toEqual(["get_forecast"]);
    expect(matched("weather forecast radar")).toEqual(["weather", "get_radar"]);
    expect(catalog.category("weather")!.tools).toEqual(["get_radar"]);
  });

  it("re-derives zero-config keywords only for the categories an update touches", () => {
    const tools: ToolDeclaration[] = [
      { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
      { name: "get_staff_list", description: "Everyone on staff", category: "staff" },
      { name: "move_lead_stage", description: "Move a lead along the pipeline", category: "leads" },
    ];
    const added: ToolDeclaration = { name: "get_salary_report", description: "Monthly salaries paid", category: "salary" };
    const catalog = new ToolCatalog({ tools });
    const staff = catalog.category("staff");
    catalog.add([added]);
    // Untouched: the very same object. Touched: what a fresh build of the same tools gives.
    expect(catalog.category("staff")).toBe(staff);
    expect(catalog.category("salary")).toEqual(new ToolCatalog({ tools: [...tools, added] }).category("salary"));
  });
});
