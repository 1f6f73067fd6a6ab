import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli as run } from "./__fixtures__/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "dynamic-tools-cli-hostile-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("CLI on hostile input", () => {
  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])("treats %s as an unknown command", async (command) => {
    const { code, err } = await run(command);
    expect(code).toBe(2);
    expect(err).toContain("nknown command");
  });

  it("prints every problem of a bad catalog file, each with its line, and exits 1", async () => {
    const file = join(dir, "bad.yaml");
    writeFileSync(file, "tools:\n  - name: bad name\n  - name: ok\n    permission: root\n");
    const { code, err } = await run("select", "--catalog", file, "hello");
    expect(code).toBe(1);
    expect(err).toContain(`${file}: 2 problems:`);
    expect(err).toContain(`${file}:2: tools[0]: tool name "bad name" is not valid`);
    expect(err).toContain(`${file}:4: tools[1].permission: expected one of`);
  });

  it("names the file whose top level is not a catalog, and exits 1", async () => {
    const file = join(dir, "scalar.json");
    writeFileSync(file, '"tools"');
    const { code, err } = await run("select", "--catalog", file, "hello");
    expect(code).toBe(1);
    expect(err).toContain(
      `CATALOG_FILE_MALFORMED: ${file}: a catalog file holds a list of tool declarations or an object with "tools", got "tools".`,
    );
  });

  it("reports a YAML alias bomb as a malformed file naming it, and exits 1", async () => {
    const file = join(dir, "bomb.yaml");
    const lines = ["a: &a [x,x,x,x,x,x,x,x,x]"];
    for (let level = 1; level < 9; level++)
      lines.push(
        `${"abcdefghi"[level]}: &${"abcdefghi"[level]} [${Array(9)
          .fill(`*${"abcdefghi"[level - 1]}`)
          .join(",")}]`,
      );
    lines.push("tools: [{ name: t }]");
    writeFileSync(file, lines.join("\n"));
    const { code, err } = await run("select", "--catalog", file, "hello");
    expect(code).toBe(1);
    expect(err).toMatch(/^CATALOG_FILE_MALFORMED: /);
    expect(err).toContain(file);
  });
});
