import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli as run } from "./__fixtures__/run-cli.js";
import { writeOutputFile } from "./output-file.js";

const CATALOG = fileURLToPath(new URL("../eval/__fixtures__/catalog.json", import.meta.url));
const USAGE = fileURLToPath(new URL("../usage/__fixtures__/usage.jsonl", import.meta.url));
const MISSING = join(mkdtempSync(join(tmpdir(), "cli-output-")), "no-such-folder");

/** The command lines of every CLI option that writes a file, with the file given as `path`. */
const WRITERS: [option: string, argv: (path: string) => string[]][] = [
  ["--snapshot", (path) => ["select", "--catalog", CATALOG, "--snapshot", path, "weather"]],
  ["--html", (path) => ["doctor", "--catalog", CATALOG, "--html", path]],
  ["--html", (path) => ["usage", "report", "--catalog", CATALOG, "--usage", USAGE, "--html", path]],
];

describe("CLI output files", () => {
  it.each(WRITERS)("%s into a missing folder exits 1 with one typed line naming the file as given", async (option, argv) => {
    const path = join(MISSING, "out.file");
    const { code, err } = await run(...argv(path));
    expect(code).toBe(1);
    expect(err.split("\n")).toHaveLength(1);
    expect(err).toMatch(/^[A-Z_]+: Cannot write /);
    expect(err).toContain(path);
    expect(err).toMatch(option === "--html" ? /^INVALID_OPTION: Cannot write --html .*: ENOENT/ : /ENOENT/);
    expect(err).not.toMatch(/\.tmp|\n\s+at /);
  });

  it.each(WRITERS)("%s with an empty path exits 1 before any work, as an empty input path does", async (option, argv) => {
    const { code, err } = await run(...argv(""));
    expect(code).toBe(1);
    expect(err).toBe(`INVALID_OPTION: Cannot write ${option} "": the path is empty; give a file path.`);
  });

  it("never names the temporary file a failed write used", async () => {
    const rename = Object.assign(new Error("ENOENT: no such file or directory, rename 'x.snap.1.2.tmp' -> '/no/x.snap'"), {
      code: "ENOENT",
    });
    await expect(
      writeOutputFile("--snapshot", "/no/x.snap", () => {
        throw rename;
      }),
    ).rejects.toThrow(/^Cannot write --snapshot \/no\/x\.snap: ENOENT: no such file or directory$/);
  });
});
