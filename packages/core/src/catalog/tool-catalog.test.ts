import { tool } from "@langchain/core/tools";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DynamicToolsError, type DynamicToolsErrorCode } from "../errors/dynamic-tools-error.js";
import { parseCatalogConfig } from "./parse-config.js";
import { OPENAI_MAX_TOOLS, ToolCatalog, type ToolCatalogOptions } from "./tool-catalog.js";
import type { ToolDeclaration } from "./tool-metadata.js";
import { selectByKeywords } from "../__fixtures__/select-by-keywords.js";

/** Runs `build`, expects a DynamicToolsError with `code`, and returns it. */
function failure(build: () => unknown, code: DynamicToolsErrorCode): DynamicToolsError {
  let caught: unknown;
  try {
    build();
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected ${code}`).toBeDefined();
  expect(DynamicToolsError.isInstance(caught)).toBe(true);
  const error = caught as DynamicToolsError;
  expect(error.code).toBe(code);
  return error;
}

const base: ToolDeclaration[] = [
  { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
  { name: "get_staff_list", description: "Everyone on staff", category: "staff" },
  { name: "book_class", description: "Book a place in a class", category: "classes" },
  { name: "get_gym_info", description: "Name, address and hours of the gym" },
];

const catalogOf = (options: Partial<ToolCatalogOptions> = {}) => new ToolCatalog({ tools: base, ...options });

describe("ToolCatalog: construction and accessors", () => {
  it("exposes tools in catalog order with defaults filled in", () => {
    const catalog = catalogOf({ categories: { salary: { keywords: ["salary"], related: ["staff"], description: "Payroll" } } });
    expect(catalog.size).toBe(4);
    expect(catalog.names()).toEqual(["get_pending_salaries", "get_staff_list", "book_class", "get_gym_info"]);
    expect(catalog.has("book_class")).toBe(true);
    expect(catalog.has("book_clas")).toBe(false);
    expect(catalog.get("get_gym_info")).toEqual({
      name: "get_gym_info",
      description: "Name, address and hours of the gym",
      parameters: { type: "object", properties: {} },
      category: undefined,
      tags: [],
      keywords: [],
      source: "builtin",
      sourceId: undefined,
      permission: "execute", // undeclared: never the least restrictive kind
      searchable: true,
      platforms: "all",
      enabled: true,
      namespace: undefined,
      whenToUse: undefined,
      display: {},
      desc: {},
      required: false,
    });
    expect(catalog.getTool("get_gym_info")).toBeUndefined();
    expect(catalog.executableTools()).toEqual([]);
    expect(catalog.category("salary")).toEqual({
      name: "salary",
      description: "Payroll",
      keywords: ["salary"],
      derivedKeywords: false,
      related: ["staff"],
      tools: ["get_pending_salaries"],
    });
    expect(catalog.categories().map((category) => category.name)).toEqual(["salary", "staff", "classes"]);
    expect(catalog.settings).toEqual({
      core: [],
      defaults: [],
      maxTools: OPENAI_MAX_TOOLS,
      maxTokens: undefined,
      historyMessages: 4,
      historyWindow: 8,
      relatedDepth: 1,
    });
    expect(OPENAI_MAX_TOOLS).toBe(128);
  });

  it("creates declared categories with no tools", () => {
    const catalog = catalogOf({ categories: { surveys: { keywords: ["survey"] } } });
    expect(catalog.category("surveys")).toMatchObject({ tools: [], keywords: ["survey"] });
    expect(catalog.categories().map((category) => category.name)).toEqual(["surveys", "salary", "staff", "classes"]);
  });

  it("selects with the documented example", () => {
    const catalog = new ToolCatalog({
      tools: [
        { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
        { name: "get_staff_list", description: "Everyone on staff", category: "staff" },
        { name: "get_gym_info", description: "Name, address and hours of the gym" },
      ],
      categories: { salary: { keywords: ["salary", "payroll"], related: ["staff"] } },
      core: ["get_gym_info"],
    });
    expect(selectByKeywords(catalog, "what is pending salary?").tools).toEqual(["get_gym_info", "get_pending_salaries", "get_staff_list"]);
  });

  it("builds definitions in the OpenAI function format", () => {
    const catalog = catalogOf();
    expect(catalog.definitions(["get_gym_info"])).toEqual([
      {
        type: "function",
        function: {
          name: "get_gym_info",
          description: "Name, address and hours of the gym",
          parameters: { type: "object", properties: {} },
        },
      },
    ]);
    const error = failure(() => catalog.definitions(["get_gym_inf"]), "UNKNOWN_TOOL");
    expect(error.message).toContain('"get_gym_inf"');
    expect(error.message).toContain("Did you mean: get_gym_info?");
  });

  it("counts tokens per tool and in total over enabled tools", () => {
    const catalog = new ToolCatalog({ tools: [...base, { name: "old_tool", description: "Retired", enabled: false }] });
    const each = base.map((declaration) => catalog.tokensOf(declaration.name));
    for (const tokens of each) expect(tokens).toBeGreaterThan(10);
    expect(catalog.totalTokens()).toBe(each.reduce((sum, tokens) => sum + tokens, 0));
    expect(catalog.tokensOf("get_gym_info")).toBe(each[3]);
  });

  it("suggests close tool names", () => {
    expect(catalogOf().suggest("boko_class")).toBe(" Did you mean: book_class?");
    expect(catalogOf().suggest("qqqqqqqq")).toBe("");
  });
});

describe("ToolCatalog: validation", () => {
  it("rejects an invalid tool name (space)", () => {
    const error = failure(() => new ToolCatalog({ tools: [{ name: "bad name", description: "x" }] }), "INVALID_TOOL_NAME");
    expect(error.message).toContain('"bad name"');
    expect(error.message).toContain("tools[0]");
    expect(error.path).toEqual(["tools", 0, "name"]);
  });

  it("rejects a tool name over 64 characters and accepts exactly 64", () => {
    const long = "a".repeat(65);
    const error = failure(() => new ToolCatalog({ tools: [{ name: "ok" }, { name: long }] }), "INVALID_TOOL_NAME");
    expect(error.message).toContain(`"${long}"`);
    expect(error.message).toContain("tools[1]");
    expect(new ToolCatalog({ tools: [{ name: "a".repeat(64) }] }).size).toBe(1);
  });

  it("rejects duplicate tools", () => {
    const error = failure(() => new ToolCatalog({ tools: [{ name: "get_x" }, { name: "get_y" }, { name: "get_x" }] }), "DUPLICATE_TOOL");
    expect(error.message).toContain('"get_x"');
    expect(error.message).toContain("tools[2]");
  });

  it("rejects a related category that does not exist, listing close matches and valid categories", () => {
    const error = failure(() => catalogOf({ categories: { salary: { related: ["staf"] } } }), "UNKNOWN_CATEGORY");
    expect(error.message).toContain("categories.salary.related[0]");
    expect(error.message).toContain('"staf"');
    expect(error.message).toContain("Did you mean: staff?");
    expect(error.message).toContain("Categories: salary, staff, classes");
    expect(error.path).toEqual(["categories", "salary", "related", 0]);
  });

  it("rejects a default category that does not exist", () => {
    const error = failure(() => catalogOf({ defaults: ["staff", "clases"] }), "UNKNOWN_CATEGORY");
    expect(error.message).toContain("defaults[1]");
    expect(error.message).toContain('"clases"');
    expect(error.message).toContain("Did you mean: classes?");
    expect(error.message).toContain("Categories: salary, staff, classes");
  });

  it("rejects a core tool that does not exist, with a suggestion", () => {
    const error = failure(() => catalogOf({ core: ["get_gym_info", "get_gym_infoo"] }), "UNKNOWN_TOOL");
    expect(error.message).toContain("core[1]");
    expect(error.message).toContain('"get_gym_infoo"');
    expect(error.message).toContain("Did you mean: get_gym_info?");
    expect(error.path).toEqual(["core", 1]);
  });

  it("rejects a declaration that names no passed tool", () => {
    const error = failure(() => catalogOf({ declarations: [{ name: "book_clas", category: "classes" }] }), "UNKNOWN_TOOL");
    expect(error.message).toContain('"book_clas"');
    expect(error.message).toContain("Did you mean: book_class?");
  });

  it("rejects 9 core tools with maxTools 8", () => {
    const tools = Array.from({ length: 9 }, (_, index) => ({ name: `core_${index}` }));
    const error = failure(() => new ToolCatalog({ tools, core: tools.map((t) => t.name), maxTools: 8 }), "CORE_EXCEEDS_BUDGET");
    expect(error.message).toContain("9 core tools");
    expect(error.message).toContain("maxTools (8)");
    expect(new ToolCatalog({ tools, core: tools.map((t) => t.name), maxTools: 9 }).settings.maxTools).toBe(9);
  });

  it("rejects core tools whose definitions exceed maxTokens", () => {
    const probe = catalogOf();
    const coreTokens = probe.tokensOf("get_gym_info") + probe.tokensOf("book_class");
    const error = failure(() => catalogOf({ core: ["get_gym_info", "book_class"], maxTokens: coreTokens - 1 }), "CORE_EXCEEDS_BUDGET");
    expect(error.message).toContain(`take ${coreTokens} tokens`);
    expect(error.message).toContain(`maxTokens (${coreTokens - 1})`);
    expect(catalogOf({ core: ["get_gym_info", "book_class"], maxTokens: coreTokens }).settings.maxTokens).toBe(coreTokens);
  });

  it("rejects invalid numeric options", () => {
    const error = failure(() => catalogOf({ maxTools: 0 }), "INVALID_OPTION");
    expect(error.message).toContain("maxTools");
    expect(error.message).toContain("got 0");
    expect(failure(() => catalogOf({ maxTools: 2.5 }), "INVALID_OPTION").message).toContain("maxTools");
    expect(failure(() => catalogOf({ maxTokens: 0 }), "INVALID_OPTION").message).toContain("maxTokens");
    expect(failure(() => catalogOf({ relatedDepth: -1 }), "INVALID_OPTION").message).toContain("relatedDepth");
    expect(failure(() => catalogOf({ history: { messages: -1 } }), "INVALID_OPTION").message).toContain("history.messages");
    expect(failure(() => catalogOf({ history: { window: 1.5 } }), "INVALID_OPTION").message).toContain("history.window");
  });

  it("rejects an unknown declaration key, suggesting the right one", () => {
    const tools = [{ name: "get_x", catgory: "salary" }] as unknown as ToolDeclaration[];
    const error = failure(() => new ToolCatalog({ tools }), "INVALID_DECLARATION");
    expect(error.message).toContain('unknown key "catgory"');
    expect(error.message).toContain("Did you mean: category?");
    expect(error.message).toContain("tools[0].catgory");
  });

  it("rejects a category keyword made only of punctuation", () => {
    const error = failure(() => catalogOf({ categories: { salary: { keywords: ["salary", "!!!"] } } }), "INVALID_DECLARATION");
    expect(error.message).toContain("categories.salary.keywords[1]");
    expect(error.message).toContain('"!!!"');
  });

  it("rejects a tool keyword made only of punctuation", () => {
    const error = failure(() => new ToolCatalog({ tools: [{ name: "a" }, { name: "b", keywords: ["ok", "--"] }] }), "INVALID_DECLARATION");
    expect(error.message).toContain("tools[1].keywords[1]");
    expect(error.message).toContain('"--"');
  });

  it("rejects badly typed declaration values", () => {
    const bad = (declaration: Record<string, unknown>) => () => new ToolCatalog({ tools: [declaration as unknown as ToolDeclaration] });
    expect(failure(bad({ name: "a", enabled: "yes" }), "INVALID_DECLARATION").message).toContain("tools[0].enabled");
    expect(failure(bad({ name: "a", permission: "root" }), "INVALID_DECLARATION").message).toContain("tools[0].permission");
    expect(failure(bad({ description: "no name" }), "INVALID_DECLARATION").message).toContain("tools[0].name");
    expect(failure(bad({ name: "a", parameters: { type: "string" } }), "INVALID_DECLARATION").message).toContain("tools[0].parameters");
  });

  it("validates per-call overrides in resolveSettings", () => {
    const catalog = catalogOf({ core: ["get_gym_info"] });
    expect(failure(() => catalog.resolveSettings({ maxTools: 0 }), "INVALID_OPTION").message).toContain("maxTools");
    expect(failure(() => catalog.resolveSettings({ defaults: ["nope"] }), "UNKNOWN_CATEGORY").message).toContain('"nope"');
    expect(catalog.resolveSettings({ relatedDepth: 2 })).toMatchObject({ core: ["get_gym_info"], relatedDepth: 2, maxTools: 128 });
  });
});

describe("ToolCatalog: options checked at construction", () => {
  /** A catalog file's error for the same catalog, to compare messages with (a file's message has no file prefix here). */
  const fileFailure = (config: Record<string, unknown>) =>
    failure(() => parseCatalogConfig({ tools: base, ...config }), "INVALID_DECLARATION");

  it.each([
    ["declaratons", "declarations"],
    ["catagories", "categories"],
    ["cor", "core"],
    ["maxTool", "maxTools"],
  ])("refuses the misspelled option %s (INVALID_OPTION), suggesting %s and listing every option", (key, suggested) => {
    const error = failure(() => new ToolCatalog({ tools: base, [key]: [] } as unknown as ToolCatalogOptions), "INVALID_OPTION");
    expect(error.message).toBe(
      `ToolCatalog: unknown option "${key}". Did you mean: ${suggested}? Valid options: tools, declarations, categories, namespaces, defaultPermission, derived, core, defaults, maxTools, maxTokens, history, relatedDepth.`,
    );
    expect(error.path).toEqual([key]);
  });

  it("refuses a misspelled declarations option instead of dropping what it declares (a dangerous tool's permission)", () => {
    const options = { tools: [{ name: "drop_database" }], declaratons: [{ name: "drop_database", permission: "dangerous" }] };
    expect(failure(() => new ToolCatalog(options as unknown as ToolCatalogOptions), "INVALID_OPTION").message).toContain('"declaratons"');
    const { declaratons: declarations, ...rest } = options;
    expect(new ToolCatalog({ ...rest, declarations } as ToolCatalogOptions).get("drop_database")!.permission).toBe("dangerous");
  });

  it.each([
    [undefined, "ToolCatalog: options must be an object with a list of tools (new ToolCatalog({ tools: [...] })), got nothing."],
    [null, "ToolCatalog: options must be an object with a list of tools (new ToolCatalog({ tools: [...] })), got null."],
    [[], "ToolCatalog: options must be an object with a list of tools (new ToolCatalog({ tools: [...] })), got an array."],
    [{}, "tools must be a list of tools (LangChain tools or declarations such as { name, description }; [] for none), got nothing."],
    [
      { tools: "a" },
      'tools must be a list of tools (LangChain tools or declarations such as { name, description }; [] for none), got "a".',
    ],
    [{ tools: [], declarations: "x" }, 'declarations must be a list of tool declarations, got "x".'],
    [{ tools: [], core: 5 }, "core must be a list of tool names, got number 5."],
  ])("rejects the options %j with a typed error naming the bad value and what is valid", (options, message) => {
    const error = failure(() => new ToolCatalog(options as unknown as ToolCatalogOptions), "INVALID_OPTION");
    expect(error.message).toBe(message);
  });

  it("builds an empty catalog from { tools: [] } (its tools may come later)", () => {
    const catalog = new ToolCatalog({ tools: [] });
    expect(catalog.size).toBe(0);
    catalog.add([{ name: "later", description: "Added later" }]);
    expect(catalog.names()).toEqual(["later"]);
  });

  it.each([
    [{ categories: { salary: { keywords: "pay" } } }, 'categories.salary.keywords: expected a list of strings, got "pay"'],
    [{ categories: { salary: { related: "staff" } } }, 'categories.salary.related: expected a list of strings, got "staff"'],
    [
      { categories: { salary: { keywordz: ["wage"] } } },
      'categories.salary.keywordz: unknown key "keywordz". Did you mean: keywords? Valid keys: description, keywords, related, deriveKeywords',
    ],
    [{ categories: [{ keywords: ["pay"] }] }, "categories: expected an object, got an array"],
    [{ categories: { salary: "payroll" } }, 'categories.salary: expected an object, got "payroll"'],
    [
      { namespaces: { github: { maxsize: 2 } } },
      'namespaces.github.maxsize: unknown key "maxsize". Did you mean: maxSize? Valid keys: description, maxSize',
    ],
  ])("rejects the in-code catalog %j with a catalog file's error", (config, message) => {
    const error = failure(() => catalogOf(config as unknown as Partial<ToolCatalogOptions>), "INVALID_DECLARATION");
    expect(error.message).toBe(message);
    expect(fileFailure(config).message).toBe(message);
  });

  it("accepts a category or namespace declared as null, as a file does (an empty declaration)", () => {
    const catalog = catalogOf({ categories: { salary: null, staff: { related: ["salary"] } }, namespaces: { github: null } } as never);
    expect(catalog.category("salary")).toMatchObject({ description: "", keywords: [], tools: ["get_pending_salaries"] });
    expect(catalog.namespace("github")).toMatchObject({ description: "", tools: [] });
  });

  it.each([
    [{ history: { mesages: 1 } }, "history.mesages is not a setting of history; valid: messages, window. Did you mean: messages?"],
    [{ history: "x" }, 'history must be { messages, window }, got "x".'],
    [{ history: null }, "history must be { messages, window }, got null."],
  ])("rejects the history setting %j (INVALID_OPTION) at construction and per call", (settings, message) => {
    expect(failure(() => catalogOf(settings as never), "INVALID_OPTION").message).toBe(message);
    expect(failure(() => catalogOf().resolveSettings(settings as never), "INVALID_OPTION").message).toBe(message);
  });
});

describe("ToolCatalog: LangChain tools", () => {
  const getClients = tool(async ({ name }: { name?: string }) => `clients named ${name ?? "any"}`, {
    name: "get_clients_list",
    description: "List the gym's clients",
    schema: z.object({ name: z.string().optional().describe("Filter by name"), limit: z.number().int().default(20) }),
  });
  const freeze = tool(async ({ clientId }: { clientId: number }) => `frozen ${clientId}`, {
    name: "freeze_membership",
    description: "Freeze a membership",
    schema: z.object({ clientId: z.number().describe("The client's id") }),
  });

  it("accepts tools built with tool() and zod, converting the schema to JSON Schema", () => {
    const catalog = new ToolCatalog({ tools: [getClients, freeze] });
    expect(catalog.names()).toEqual(["get_clients_list", "freeze_membership"]);
    const parameters = catalog.get("freeze_membership")!.parameters as {
      type: string;
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(parameters.type).toBe("object");
    expect(parameters.properties).toEqual({ clientId: { type: "number", description: "The client's id" } });
    expect(parameters.required).toEqual(["clientId"]);
    expect("$schema" in parameters).toBe(false);
    const clientParameters = catalog.get("get_clients_list")!.parameters as {
      properties: Record<string, { type: string; description?: string }>;
    };
    expect(Object.keys(clientParameters.properties)).toEqual(["name", "limit"]);
    expect(clientParameters.properties.name).toMatchObject({ type: "string", description: "Filter by name" });
    expect(catalog.get("freeze_membership")!.description).toBe("Freeze a membership");
  });

  it("returns the executable tool by name", async () => {
    const catalog = new ToolCatalog({ tools: [getClients, freeze, { name: "plain_declaration" }] });
    expect(catalog.getTool("freeze_membership")).toBe(freeze);
    expect(catalog.getTool("plain_declaration")).toBeUndefined();
    expect(catalog.executableTools()).toEqual([getClients, freeze]);
    expect(await catalog.getTool("freeze_membership")!.invoke({ clientId: 5 })).toBe("frozen 5");
  });

  it("merges declarations over tools by name; declared fields override", () => {
    const catalog = new ToolCatalog({
      tools: [getClients, freeze],
      declarations: [
        { name: "freeze_membership", description: "Pause a membership for a while", category: "memberships", keywords: ["pause"] },
      ],
      categories: { memberships: { keywords: ["freeze"] } },
    });
    const metadata = catalog.get("freeze_membership")!;
    expect(metadata.description).toBe("Pause a membership for a while");
    expect(metadata.category).toBe("memberships");
    expect(metadata.keywords).toEqual(["pause"]);
    expect((metadata.parameters as { properties: unknown }).properties).toEqual({
      clientId: { type: "number", description: "The client's id" },
    });
    expect(catalog.getTool("freeze_membership")).toBe(freeze);
    expect(catalog.get("get_clients_list")!.description).toBe("List the gym's clients");
    expect(catalog.category("memberships")!.tools).toEqual(["freeze_membership"]);
  });

  it("rejects a declaration repeated for the same tool", () => {
    const error = failure(
      () =>
        new ToolCatalog({ tools: [getClients], declarations: [{ name: "get_clients_list" }, { name: "get_clients_list", category: "x" }] }),
      "DUPLICATE_TOOL",
    );
    expect(error.message).toContain('"get_clients_list"');
  });

  it("keeps a LangChain tool whose name OpenAI would reject as executable but never bindable, and says why", () => {
    const bad = tool(async () => "x", { name: "get clients", description: "x", schema: z.object({}) });
    const catalog = new ToolCatalog({ tools: [bad] });
    expect(catalog.getTool("get clients")).toBe(bad);
    expect(catalog.get("get clients")?.unbindable).toBe(
      'Tool "get clients" is never bound to a model: its name does not match ^[a-zA-Z0-9_-]{1,64}$, which model APIs require.',
    );
  });

  it("still rejects a declaration whose name OpenAI would reject (declarations are configuration)", () => {
    expect(failure(() => new ToolCatalog({ tools: [{ name: "get clients" }] }), "INVALID_TOOL_NAME").message).toContain('"get clients"');
  });

  it("keeps a tool whose schema has no JSON Schema form, naming the tool in the reason it is never bound", () => {
    const when = tool(async () => "x", { name: "when", description: "x", schema: z.object({ at: z.coerce.date() }) });
    const catalog = new ToolCatalog({ tools: [when] });
    expect(catalog.getTool("when")).toBe(when);
    expect(catalog.get("when")?.unbindable).toMatch(/^Tool "when" is never bound to a model: its schema has no JSON Schema form \(.+\)\.$/);
    expect(catalog.tokensOf("when")).toBeGreaterThan(0);
  });

  it("keeps the first of two LangChain tools of one name, with one warning for all the ignored ones", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const make = (name: string, text: string) => tool(async () => text, { name, description: text, schema: z.object({}) });
      const first = make("a", "first");
      const catalog = new ToolCatalog({ tools: [first, make("a", "second"), make("b", "b"), make("b", "b2")] });
      expect(catalog.getTool("a")).toBe(first);
      expect(catalog.size).toBe(2);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('tools[1] ("a"), tools[3] ("b")');
    } finally {
      warn.mockRestore();
    }
  });

  it("still rejects a declaration repeated in the tools list", () => {
    failure(() => new ToolCatalog({ tools: [{ name: "a" }, { name: "a" }] }), "DUPLICATE_TOOL");
  });
});

describe("ToolCatalog: namespaces", () => {
  const namespaced: ToolDeclaration[] = [
    { name: "create_issue", description: "Open a GitHub issue", namespace: "github" },
    { name: "get_weather", description: "Weather for a city" },
    { name: "list_pulls", description: "List pull requests", namespace: "github" },
    { name: "send_message", description: "Post to a Slack channel", namespace: "slack" },
  ];

  it("groups tools by their namespace field, declared namespaces first with their description and maxSize", () => {
    const catalog = new ToolCatalog({
      tools: namespaced,
      namespaces: { slack: { description: "Slack workspace", maxSize: 3 }, empty: {} },
    });
    expect(catalog.namespaces()).toEqual([
      { name: "slack", description: "Slack workspace", maxSize: 3, tools: ["send_message"] },
      { name: "empty", description: "", maxSize: undefined, tools: [] },
      { name: "github", description: "", maxSize: undefined, tools: ["create_issue", "list_pulls"] },
    ]);
    expect(catalog.namespace("github")?.tools).toEqual(["create_issue", "list_pulls"]);
    expect(catalog.namespace("gitlab")).toBeUndefined();
  });

  it("has no namespaces when no tool declares one", () => {
    expect(catalogOf().namespaces()).toEqual([]);
  });

  it("rejects a maxSize below 1 (INVALID_DECLARATION)", () => {
    const error = failure(() => new ToolCatalog({ tools: namespaced, namespaces: { github: { maxSize: 0 } } }), "INVALID_DECLARATION");
    expect(error.message).toContain("namespaces.github.maxSize");
  });
});
