import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { thrownError as failure } from "../__fixtures__/thrown-error.js";
import { loadCatalogFile, type CatalogWarning } from "./catalog-file.js";

const dir = mkdtempSync(join(tmpdir(), "dynamic-tools-hostile-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function write(extension: string, text: string): string {
  const file = join(dir, `catalog-${counter++}.${extension}`);
  writeFileSync(file, text);
  return file;
}

describe("hostile catalog files", () => {
  it.each([
    ["json", '"hello"', '"hello"'],
    ["json", "42", "number 42"],
    ["json", "null", "null"],
    ["yaml", "just text", '"just text"'],
    ["yaml", "", "null"],
  ])("a %s catalog whose top level is %s is CATALOG_FILE_MALFORMED naming the file and what it holds", (extension, text, what) => {
    const file = write(extension, text);
    const error = failure(() => loadCatalogFile(file));
    expect(error.code).toBe("CATALOG_FILE_MALFORMED");
    expect(error.message).toBe(`${file}: a catalog file holds a list of tool declarations or an object with "tools", got ${what}.`);
  });

  it("a YAML alias bomb is CATALOG_FILE_MALFORMED naming the file, not a raw ReferenceError", () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 9; level++)
      lines.push(
        `${String.fromCharCode(97 + level)}: &${String.fromCharCode(97 + level)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + level)}`)
          .join(",")}]`,
      );
    lines.push("tools: [{ name: boom, description: boom }]");
    const file = write("yaml", lines.join("\n"));
    const error = failure(() => loadCatalogFile(file));
    expect(error.code).toBe("CATALOG_FILE_MALFORMED");
    expect(error.message).toContain(file);
    expect(error.message).toMatch(/alias/i);
  });

  it("a 10 KB JSON catalog with parameters nested 5,000 deep fails at load naming the tool and the limit", () => {
    const levels = 2_500; // two JSON levels each: 5,000 deep
    const text = `{"tools":[{"name":"deep","description":"deep tool","parameters":${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${"}}".repeat(levels)}}]}`;
    const error = failure(() => loadCatalogFile(write("json", text)));
    expect(error.code).toBe("INVALID_DECLARATION");
    expect(error.message).toContain('tool "deep"');
    expect(error.message).toContain("deeper than 64 levels");
    expect(error.message.length).toBeLessThan(2_000);
  });

  it("a JSON key written twice is rejected naming the key, the object and the file", () => {
    const file = write("json", '{\n  "tools": [\n    { "name": "pay", "permission": "dangerous",\n      "permission": "read" }\n  ]\n}\n');
    const error = failure(() => loadCatalogFile(file));
    expect(error.code).toBe("CATALOG_FILE_MALFORMED");
    expect(error.message).toBe(`${file}:4: key "permission" appears twice in tools[0]; JSON would silently keep only the last.`);
    expect(error.problems).toEqual([{ code: "CATALOG_FILE_MALFORMED", message: error.message, file, line: 4 }]);
  });

  it("keys that only look alike, or repeat in different objects, are fine", () => {
    const file = write(
      "json",
      '{"tools":[{"name":"a","description":"x \\"name\\": y"},{"name":"b","description":"{\\"name\\""}],"categories":{"a":{},"b":{}}}',
    );
    expect(loadCatalogFile(file).names()).toEqual(["a", "b"]);
  });

  it("a YAML key written twice is rejected with its line", () => {
    const file = write("yaml", "tools:\n  - name: a\n    name: b\n");
    const error = failure(() => loadCatalogFile(file));
    expect(error.code).toBe("CATALOG_FILE_MALFORMED");
    expect(error.message).toContain(`${file}:3`);
  });

  it("reports every problem of a file at once, each with its line, and lists them on the error", () => {
    const file = write(
      "yaml",
      [
        "tools:",
        "  - name: bad name", // 2: invalid name
        "    description: x",
        "  - name: typo",
        "    catgory: salary", // 5: unknown key
        "  - name: other",
        "    description: fine",
        "  - name: perm",
        "    permission: root", // 9: bad permission
        "    enabled: maybe", // 10: and a bad flag in the same tool
        "  - name: other", // 11: duplicate of line 6
        "maxTools: 0", // 12: bad setting
      ].join("\n"),
    );
    const error = failure(() => loadCatalogFile(file));
    expect(error.code).toBe("INVALID_TOOL_NAME");
    expect(error.problems.map((problem) => [problem.code, problem.line])).toEqual([
      ["INVALID_TOOL_NAME", 2],
      ["INVALID_DECLARATION", 5],
      ["INVALID_DECLARATION", 9],
      ["INVALID_DECLARATION", 10],
      ["DUPLICATE_TOOL", 11],
      ["INVALID_DECLARATION", 12],
    ]);
    const lines = error.message.split("\n");
    expect(lines[0]).toBe(`${file}: 6 problems:`);
    expect(lines.slice(1).every((line, index) => line.startsWith(`  - ${file}:${error.problems[index]!.line}: `))).toBe(true);
    expect(error.message).toContain('unknown key "catgory". Did you mean: category?');
  });

  it("a single problem keeps the one-line message", () => {
    const file = write("yaml", "tools:\n  - name: a\n    permission: root\n");
    const error = failure(() => loadCatalogFile(file));
    expect(error.message.split("\n")).toHaveLength(1);
    expect(error.message).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3: tools\\[0\\]\\.permission: expected one of`),
    );
    expect(error.problems).toHaveLength(1);
  });

  it("warns, with a suggestion, about a tool category one edit away from a declared one", () => {
    const file = write(
      "yaml",
      [
        "categories:",
        "  staff: { keywords: [staff] }",
        "tools:",
        "  - name: list_staff",
        "    category: staf",
        "  - name: pay",
        "    category: payroll",
      ].join("\n"),
    );
    const warnings: CatalogWarning[] = [];
    const catalog = loadCatalogFile(file, { onWarning: (warning) => warnings.push(warning) });
    expect(catalog.category("staf")?.tools).toEqual(["list_staff"]); // still valid: the category is created
    expect(warnings).toEqual([
      {
        message: `${file}:5: tool "list_staff" has category "staf", which is not declared, so it makes a new category. Did you mean: staff?`,
        path: ["tools", 0, "category"],
      },
    ]);
  });
});
