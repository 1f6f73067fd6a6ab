import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tool } from "@langchain/core/tools";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DynamicToolsError, type DynamicToolsErrorCode } from "../errors/dynamic-tools-error.js";
import { loadCatalogFile } from "./catalog-file.js";
import { selectByKeywords } from "../__fixtures__/select-by-keywords.js";

const dir = mkdtempSync(join(tmpdir(), "dynamic-tools-catalog-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function write(extension: string, text: string): string {
  const file = join(dir, `catalog-${counter++}.${extension}`);
  writeFileSync(file, text);
  return file;
}

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

const FORM_B_YAML = `# gym catalog
tools:
  - name: get_pending_salaries
    description: Salaries not yet paid
    category: salary
  - name: get_staff_list
    description: Everyone on staff
    category: staff
  - name: get_gym_info
    description: Name, address and hours of the gym
categories:
  salary:
    description: Payroll
    keywords: [salary, payroll]
    related: [staff]
  staff:
    keywords: [staff, employee]
core: [get_gym_info]
defaults: [staff]
maxTools: 20
relatedDepth: 2
history:
  messages: 2
  window: 6
`;

describe("loadCatalogFile", () => {
  it("loads form (a): a JSON array of tool declarations", () => {
    const file = write(
      "json",
      JSON.stringify([
        { name: "get_pending_salaries", description: "Salaries not yet paid", category: "salary" },
        { name: "get_staff_list", description: "Everyone on staff", category: "staff", enabled: false },
      ]),
    );
    const catalog = loadCatalogFile(file);
    expect(catalog.names()).toEqual(["get_pending_salaries", "get_staff_list"]);
    expect(catalog.get("get_staff_list")).toMatchObject({ category: "staff", enabled: false, description: "Everyone on staff" });
    expect(catalog.categories().map((category) => category.name)).toEqual(["salary", "staff"]);
    expect(catalog.settings.maxTools).toBe(128);
  });

  it("loads form (b): a YAML object with categories and settings", () => {
    const catalog = loadCatalogFile(write("yaml", FORM_B_YAML));
    expect(catalog.names()).toEqual(["get_pending_salaries", "get_staff_list", "get_gym_info"]);
    expect(catalog.category("salary")).toEqual({
      name: "salary",
      description: "Payroll",
      keywords: ["salary", "payroll"],
      derivedKeywords: false,
      related: ["staff"],
      tools: ["get_pending_salaries"],
    });
    expect(catalog.settings).toEqual({
      core: ["get_gym_info"],
      defaults: ["staff"],
      maxTools: 20,
      maxTokens: undefined,
      historyMessages: 2,
      historyWindow: 6,
      relatedDepth: 2,
    });
    expect(selectByKeywords(catalog, "what is pending salary?", { countTokens: false }).tools).toEqual([
      "get_gym_info",
      "get_pending_salaries",
      "get_staff_list",
    ]);
  });

  it("loads .yml files and lets passed settings override the file's", () => {
    const catalog = loadCatalogFile(write("yml", FORM_B_YAML), { maxTools: 5, relatedDepth: 0 });
    expect(catalog.settings).toMatchObject({ maxTools: 5, relatedDepth: 0, core: ["get_gym_info"] });
  });

  it("reports malformed YAML as CATALOG_FILE_MALFORMED with file:line", () => {
    const file = write("yaml", "tools:\n  - name: a\n    description: x\n   category: salary\n");
    const error = failure(() => loadCatalogFile(file), "CATALOG_FILE_MALFORMED");
    expect(error.message).toContain(`${file}:4:`);
    expect(error.message).toContain("not valid YAML");
  });

  it("reports malformed JSON as CATALOG_FILE_MALFORMED naming the file and line", () => {
    const file = write("json", '{\n  "tools": [\n    { "name": "a", }\n  ]\n}\n');
    const error = failure(() => loadCatalogFile(file), "CATALOG_FILE_MALFORMED");
    expect(error.message).toContain(`${file}:3:`);
    expect(error.message).toContain("not valid JSON");
  });

  it("reads a JSON file that opens with a byte-order mark", () => {
    const file = write("json", '\uFEFF[{ "name": "get_weather", "description": "Weather for a city" }]');
    expect(loadCatalogFile(file).names()).toEqual(["get_weather"]);
  });

  it("refuses an empty category name", () => {
    const file = write("json", '[{ "name": "get_weather", "description": "Weather", "category": " " }]');
    expect(failure(() => loadCatalogFile(file), "INVALID_DECLARATION").message).toContain("expected a non-empty name");
  });

  it("reports a missing file as CATALOG_FILE_UNREADABLE", () => {
    const file = join(dir, "does-not-exist.yaml");
    const error = failure(() => loadCatalogFile(file), "CATALOG_FILE_UNREADABLE");
    expect(error.message).toContain(`Cannot read catalog file ${file}`);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("reports an unknown related category with the file and the line of the culprit", () => {
    const text = FORM_B_YAML.replace("    related: [staff]\n", "    related:\n      - staff\n      - stafff\n");
    const file = write("yaml", text);
    const line = text.split("\n").findIndex((row) => row.includes("- stafff")) + 1;
    expect(line).toBe(17);
    const error = failure(() => loadCatalogFile(file), "UNKNOWN_CATEGORY");
    expect(error.message).toContain(`${file}:${line}: categories.salary.related[1]: category "stafff" does not exist.`);
    expect(error.message).toContain("Did you mean: staff?");
    expect(error.path).toEqual(["categories", "salary", "related", 1]);
  });

  it("reports an unknown declaration key with the line and a suggestion", () => {
    const file = write("yaml", "tools:\n  - name: a\n  - name: b\n    catgory: salary\n");
    const error = failure(() => loadCatalogFile(file), "INVALID_DECLARATION");
    expect(error.message).toContain(`${file}:4:`);
    expect(error.message).toContain("Did you mean: category?");
  });

  it("reports catalog errors in JSON files with the key path", () => {
    const file = write("json", JSON.stringify({ tools: [{ name: "a", category: "x" }], categories: { x: { related: ["y"] } } }));
    const error = failure(() => loadCatalogFile(file), "UNKNOWN_CATEGORY");
    expect(error.message).toContain(`${file} (at categories.x.related[0])`);
  });

  it("reports a form (a) YAML catalog error at the culprit's line", () => {
    const file = write("yaml", "- name: a\n  description: first\n- name: b\n- name: a\n");
    const error = failure(() => loadCatalogFile(file), "DUPLICATE_TOOL");
    expect(error.message).toContain(`${file}:4:`);
  });

  describe("with executable tools", () => {
    const getStaff = tool(async () => "staff", {
      name: "get_staff_list",
      description: "Staff from code",
      schema: z.object({ role: z.string() }),
    });
    const getSalaries = tool(async () => "salaries", { name: "get_pending_salaries", description: "From code", schema: z.object({}) });

    it("merges the file's declarations over the tools by name", () => {
      const file = write(
        "yaml",
        "tools:\n  - name: get_staff_list\n    description: Everyone on staff\n    category: staff\ncategories:\n  staff:\n    keywords: [staff]\n",
      );
      const catalog = loadCatalogFile(file, { tools: [getStaff, getSalaries] });
      expect(catalog.names()).toEqual(["get_staff_list", "get_pending_salaries"]);
      expect(catalog.get("get_staff_list")).toMatchObject({ description: "Everyone on staff", category: "staff" });
      expect(Object.keys((catalog.get("get_staff_list")!.parameters as { properties: object }).properties)).toEqual(["role"]);
      expect(catalog.get("get_pending_salaries")!.description).toBe("From code");
      expect(catalog.getTool("get_staff_list")).toBe(getStaff);
    });

    it("rejects a declared tool that is not among them (UNKNOWN_TOOL)", () => {
      const file = write("yaml", "tools:\n  - name: get_staff_list\n  - name: get_pending_salaris\n    category: salary\n");
      const error = failure(() => loadCatalogFile(file, { tools: [getStaff, getSalaries] }), "UNKNOWN_TOOL");
      expect(error.message).toContain(`${file}:3: tools[1]: "get_pending_salaris" is declared but no tool of that name was passed`);
      expect(error.message).toContain("Did you mean: get_pending_salaries?");
    });
  });
});

describe("loadCatalogFile: namespaces", () => {
  it("reads a top-level namespaces map", () => {
    const file = write(
      "yaml",
      `tools:\n  - { name: create_issue, description: Open an issue, namespace: github }\n  - { name: get_weather, description: Weather }\nnamespaces:\n  github: { description: GitHub issues and pull requests, maxSize: 5 }\n`,
    );
    expect(loadCatalogFile(file).namespaces()).toEqual([
      { name: "github", description: "GitHub issues and pull requests", maxSize: 5, tools: ["create_issue"] },
    ]);
  });

  it("rejects an unknown namespace key and a bad maxSize with the line", () => {
    const unknownKey = write("yaml", `tools:\n  - { name: a, namespace: n }\nnamespaces:\n  n: { descripton: typo }\n`);
    expect(failure(() => loadCatalogFile(unknownKey), "INVALID_DECLARATION").message).toMatch(
      /:4: namespaces\.n\.descripton: unknown key .*Did you mean: description/,
    );
    const badSize = write("yaml", `tools:\n  - { name: a, namespace: n }\nnamespaces:\n  n: { maxSize: 0 }\n`);
    expect(failure(() => loadCatalogFile(badSize), "INVALID_DECLARATION").message).toContain(
      "namespaces.n.maxSize: expected a whole number ≥ 1",
    );
  });
});

describe("loadCatalogFile: options", () => {
  it("refuses an unknown option (INVALID_OPTION) before reading the file, suggesting the right one", () => {
    const error = failure(() => loadCatalogFile(write("yaml", FORM_B_YAML), { maxTool: 5 } as never), "INVALID_OPTION");
    expect(error.message).toBe(
      'loadCatalogFile: unknown option "maxTool". Did you mean: maxTools? Valid options: tools, onWarning, derived, core, defaults, maxTools, maxTokens, history, relatedDepth.',
    );
    expect(failure(() => loadCatalogFile(join(dir, "missing.yaml"), { tool: [] } as never), "INVALID_OPTION").message).toContain('"tool"');
  });

  it("rejects in-code settings of the wrong shape as the catalog does", () => {
    expect(
      failure(() => loadCatalogFile(write("yaml", FORM_B_YAML), { history: { mesages: 1 } } as never), "INVALID_OPTION").message,
    ).toContain("history.mesages is not a setting of history; valid: messages, window. Did you mean: messages?");
  });
});
