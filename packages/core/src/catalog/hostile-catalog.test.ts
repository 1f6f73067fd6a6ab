import { tool } from "@langchain/core/tools";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { thrownError as thrown } from "../__fixtures__/thrown-error.js";
import { definePolicy } from "../permissions/permission-policy.js";
import { MAX_PARAMETERS_DEPTH } from "./parameters-schema.js";
import { ToolCatalog } from "./tool-catalog.js";
import { selectByKeywords } from "../__fixtures__/select-by-keywords.js";

/** A `parameters` object nested `levels` deep (an object schema inside each `properties`). */
function deepParameters(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let level = 0; level < levels; level++) schema = { type: "object", properties: { inner: schema } };
  return schema;
}

describe("categories and namespaces named like Object.prototype keys", () => {
  const names = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf"];

  it.each(names)("a tool of category %s can be removed, added back and replaced", (category) => {
    const catalog = new ToolCatalog({
      tools: [
        { name: "odd", description: "odd one", category },
        { name: "pay", description: "pay salaries", category: "salary" },
        { name: "list", description: "list staff", category: "staff" },
      ],
    });
    catalog.remove(["odd"]);
    expect(catalog.names()).toEqual(["pay", "list"]);
    expect(catalog.categories().map((info) => info.name)).toEqual(["salary", "staff"]);
    catalog.add([{ name: "odd", description: "odd again", category }]);
    expect(catalog.category(category)?.tools).toEqual(["odd"]);
    catalog.replaceSource({ source: "sdk", sourceId: "app", tools: [] });
    catalog.remove(["odd"]);
    expect(catalog.category(category)).toBeUndefined();
  });

  it.each(names)("a namespace named %s keeps its declared description through updates", (namespace) => {
    const catalog = new ToolCatalog({
      tools: [{ name: "a", description: "a tool", namespace }],
      namespaces: { [namespace]: { description: "Declared here" } },
    });
    expect(catalog.namespace(namespace)?.description).toBe("Declared here");
    catalog.add([{ name: "b", description: "b tool", namespace }]);
    expect(catalog.namespace(namespace)).toMatchObject({ description: "Declared here", tools: ["a", "b"] });
  });

  it.each(["toString", "constructor"])("a source's namespace named %s keeps the description the source gives it", (namespace) => {
    const sourceTool = tool(async () => "ok", { name: "mcp_x_ping", description: "Ping", schema: z.object({}) });
    Object.assign(sourceTool, { metadata: { dynamicTools: { source: "mcp", sourceId: "x", namespace } } });
    const catalog = new ToolCatalog({ tools: [{ name: "local", description: "a local tool" }] });
    catalog.replaceSource({ source: "mcp", sourceId: "x", tools: [sourceTool], namespace, namespaceDescription: "Tools of the x server" });
    expect(catalog.namespace(namespace)).toMatchObject({ description: "Tools of the x server", tools: ["mcp_x_ping"] });
  });

  it("an undeclared namespace named toString gets no description from Object.prototype", () => {
    const catalog = new ToolCatalog({ tools: [{ name: "a", description: "a tool", namespace: "toString" }] });
    catalog.add([{ name: "b", description: "b tool", namespace: "constructor" }]);
    expect(catalog.namespace("toString")?.description).toBe("");
    expect(catalog.namespace("constructor")?.description).toBe("");
  });
});

describe("parameters depth and JSON Schema shape", () => {
  it("rejects parameters nested deeper than the limit, naming the tool and the limit", () => {
    const error = thrown(() => new ToolCatalog({ tools: [{ name: "deep", description: "x", parameters: deepParameters(5_000) }] }));
    expect(error.code).toBe("INVALID_DECLARATION");
    expect(error.message).toContain('tool "deep"');
    expect(error.message).toContain(`deeper than ${MAX_PARAMETERS_DEPTH} levels`);
    expect(error.message.length).toBeLessThan(2_000);
  });

  it("rejects a code tool whose schema nests deeper than the limit, and accepts a reasonable one", () => {
    const deep = tool(async () => "ok", { name: "deep_code", description: "x", schema: deepParameters(200) });
    expect(thrown(() => new ToolCatalog({ tools: [deep] })).message).toContain('tool "deep_code"');
    const fine = tool(async () => "ok", { name: "fine", description: "x", schema: z.object({ a: z.object({ b: z.array(z.string()) }) }) });
    expect(new ToolCatalog({ tools: [fine] }).names()).toEqual(["fine"]);
  });

  it("rejects parameters nested too deep in a live update too, leaving the catalog as it was", () => {
    const catalog = new ToolCatalog({ tools: [{ name: "get_weather", description: "weather forecast" }] });
    expect(thrown(() => catalog.add([{ name: "deep", parameters: deepParameters(1_000) }])).code).toBe("INVALID_DECLARATION");
    expect(catalog.names()).toEqual(["get_weather"]);
    expect(selectByKeywords(catalog, "weather please").tools).toEqual(["get_weather"]);
  });

  it.each([
    [{ type: "object", properties: 5 }, "parameters.properties", "expected an object of schemas by name"],
    [{ type: "object", properties: { x: { type: "float" } } }, "parameters.properties.x.type", "expected one of object | array"],
    [{ type: "object", properties: { x: "a string" } }, "parameters.properties.x", "expected a JSON Schema"],
    [{ type: "object", required: "x" }, "parameters.required", "expected a list of property names"],
    [{ type: "object", properties: { x: { type: "array", items: 3 } } }, "parameters.properties.x.items", "expected a schema"],
    [{ type: "object", anyOf: {} }, "parameters.anyOf", "expected a list of schemas"],
    [{ type: "object", properties: { x: { enum: "a" } } }, "parameters.properties.x.enum", "expected a list of values"],
    [{ type: "object", properties: { x: { description: 7 } } }, "parameters.properties.x.description", "expected a string"],
  ])("rejects the malformed JSON Schema %j at construction", (parameters, where, what) => {
    const error = thrown(() => new ToolCatalog({ tools: [{ name: "t", description: "x", parameters }] }));
    expect(error.code).toBe("INVALID_DECLARATION");
    expect(error.message).toContain(`tools[0].${where}: tool "t": ${what}`);
  });

  it("accepts well-formed schemas with nested objects, arrays, unions, refs, enums and defaults", () => {
    const parameters = {
      type: "object",
      properties: {
        when: { type: "string", format: "date-time", description: "When" },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 1 },
        where: { anyOf: [{ type: "string" }, { type: "null" }] },
        nested: { type: "object", properties: { deep: { $ref: "#/$defs/thing" } }, additionalProperties: false },
        options: { type: ["string", "number"], default: { any: ["data", { here: true }] } },
      },
      required: ["when"],
      $defs: { thing: { type: "integer", minimum: 0 } },
    };
    expect(new ToolCatalog({ tools: [{ name: "t", description: "x", parameters }] }).get("t")!.parameters).toEqual(parameters);
  });
});

describe("error messages quote bounded values", () => {
  it("a 1 MB tool name makes a short message", () => {
    const error = thrown(() => new ToolCatalog({ tools: [{ name: "x".repeat(1_000_000), description: "x" }] }));
    expect(error.code).toBe("INVALID_TOOL_NAME");
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).toContain("(1000000 characters)");
  });

  it("a 1 MB unknown key, category or value makes a short message", () => {
    const hugeKey = thrown(() => new ToolCatalog({ tools: [{ name: "a", ["k".repeat(1_000_000)]: 1 } as never] }));
    expect(hugeKey.message.length).toBeLessThan(1_000);
    const hugeValue = thrown(
      () => new ToolCatalog({ tools: [{ name: "a", description: 5, category: "c" } as never], defaults: ["d".repeat(1_000_000)] }),
    );
    expect(hugeValue.message.length).toBeLessThan(1_000);
    const catalog = new ToolCatalog({ tools: [{ name: "a", description: "a" }] });
    const unknown = thrown(() => catalog.definitions(["n".repeat(1_000_000)]));
    expect(unknown.code).toBe("UNKNOWN_TOOL");
    expect(unknown.message.length).toBeLessThan(400);
  });
});

describe("undeclared permissions", () => {
  const shell = tool(async () => "ran", {
    name: "shell_exec",
    description: "Run a shell command",
    schema: z.object({ command: z.string() }),
  });
  const readOnly = definePolicy({ roles: { viewer: { allow: [{ permission: "read" }] } } });

  it("a tool that declares no permission is not read, so a read-only role cannot use it", () => {
    const catalog = new ToolCatalog({ tools: [shell, { name: "get_report", description: "Read the report", permission: "read" }] });
    expect(catalog.get("shell_exec")!.permission).toBe("execute");
    expect(readOnly(catalog.get("shell_exec")!, { role: "viewer" })).toBe("deny");
    expect(readOnly(catalog.get("get_report")!, { role: "viewer" })).toBe("allow");
  });

  it("the default is configurable, and a bad one fails at construction", () => {
    const strict = new ToolCatalog({ tools: [shell], defaultPermission: "dangerous" });
    expect(strict.get("shell_exec")!.permission).toBe("dangerous");
    strict.add([{ name: "later", description: "added later" }]);
    expect(strict.get("later")!.permission).toBe("dangerous");
    const error = thrown(() => new ToolCatalog({ tools: [shell], defaultPermission: "root" as never }));
    expect(error).toMatchObject({ code: "INVALID_OPTION", path: ["defaultPermission"] });
    expect(error.message).toContain("read | write | execute | network | dangerous");
  });
});
