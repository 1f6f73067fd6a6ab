/**
 * The README's install-size figures are what `npm run install-size` measures now: the packed packages installed with
 * plain npm into a new LangGraph project (needs the npm registry), then @dynamic-tools/mcp on top. Sizes are the files'
 * bytes, the same on every file system. Our own set (its one dependency, `yaml`, included) must match to the tenth;
 * the MCP set is the registry's newest MCP SDK and its ~100 dependencies, which move between releases, so it must
 * match within 10% (a README figure from a different dependency tree, e.g. a new direct dependency, still fails).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readmeInstallFigures } from "./support/readme-install-figures.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the README's install size", () => {
  it("matches what scripts/measure-install-size.mjs measures now (core set, then MCP on top)", { timeout: 900_000 }, () => {
    const measured = JSON.parse(
      execFileSync(process.execPath, ["scripts/measure-install-size.mjs", "--json"], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 })
        .trim()
        .split("\n")
        .at(-1)!,
    ) as { added: { megabytes: number; packages: number }; mcp: { megabytes: number; packages: number } };
    const [core, mcp] = readmeInstallFigures(readFileSync(join(root, "README.md"), "utf8"));
    expect(core, "the README's first figure (langgraph + core + offline-embeddings)").toEqual(measured.added);
    const near = (readme: number, now: number) => Math.abs(readme - now) <= 0.1 * now;
    expect(
      near(mcp.megabytes, measured.mcp.megabytes) && near(mcp.packages, measured.mcp.packages),
      `the README's second figure (@dynamic-tools/mcp on top) ${JSON.stringify(mcp)} is within 10% of ${JSON.stringify(measured.mcp)}`,
    ).toBe(true);
  });
});
