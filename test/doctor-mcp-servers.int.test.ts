/**
 * `dynamic-tools doctor`, `select` and `eval` on real MCP servers installed from npm (everything, filesystem,
 * memory), read through `--mcp <servers.json>`: the findings a maintainer would act on, and applying the suggested
 * fix through a catalog file next to the servers moves the missed tool into the top 5.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../packages/core/src/cli/main.js";
import { writeNpmServersFile } from "./support/npm-mcp-servers.js";

const USAGE = new URL("./__fixtures__/doctor/usage.jsonl", import.meta.url).pathname;

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await main(
    argv,
    (text) => (out += `${text}\n`),
    (text) => (err += `${text}\n`),
  );
  return { code, out, err };
}

interface Report {
  tools: number;
  selfRetrieval: { checked: number; inTop: number };
  findings: { check: string; tools: string[]; message: string; fix: string }[];
  usage: { missedMessages: number };
}

let servers: { file: string; folder: string };
beforeAll(() => {
  servers = writeNpmServersFile();
});
afterAll(() => rmSync(servers.folder, { recursive: true, force: true }));

describe("doctor --mcp on real MCP servers from npm", () => {
  it("lists every server's tools and reports what a maintainer would fix, in catalog-file terms", { timeout: 60_000 }, async () => {
    const { code, out, err } = await run("doctor", "--mcp", servers.file, "--usage", USAGE, "--json");
    expect(err).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(out) as Report;
    expect(report.tools).toBeGreaterThanOrEqual(25);
    const of = (check: string) => report.findings.filter((finding) => finding.check === check);
    // The filesystem server's paths have no description: the fix points at the server's schema or whenToUse.
    const readFile = of("parameter-description").find((finding) => finding.tools[0] === "mcp_filesystem_read_file")!;
    expect(readFile.fix).toMatch(/its MCP server: add the description there \(inputSchema\.properties\.path\)/);
    // The case: "Remember that Acme's CFO is Jane Doe" never reached the memory server's create_entities.
    const remember = of("missed-message").find((finding) => finding.tools[0] === "mcp_memory_create_entities")!;
    expect(remember.message).toContain("Remember that Acme's CFO is Jane Doe");
    expect(remember.fix).toBe(
      "tools: - name: mcp_memory_create_entities: add keywords: [remember] (words these messages use that its text lacks), or say it in whenToUse.",
    );
    expect(of("never-called").length).toBeGreaterThan(0);
  });

  it("applying the suggested keywords in a catalog file next to the servers moves the tool into the top 5", {
    timeout: 60_000,
  }, async () => {
    const overrides = join(servers.folder, "catalog.yaml");
    writeFileSync(overrides, "tools:\n  - name: mcp_memory_create_entities\n    keywords: [remember]\n");
    const doctor = JSON.parse(
      (await run("doctor", "--mcp", servers.file, "--catalog", overrides, "--usage", USAGE, "--json")).out,
    ) as Report;
    expect(doctor.findings.some((finding) => finding.check === "missed-message" && finding.tools[0] === "mcp_memory_create_entities")).toBe(
      false,
    );
    const select = await run("select", "--mcp", servers.file, "--catalog", overrides, "--json", "Remember that Acme's CFO is Jane Doe");
    expect(select.code).toBe(0);
    expect((JSON.parse(select.out) as { tools: string[] }).tools.slice(0, 5)).toContain("mcp_memory_create_entities");
  });

  it("eval scores a queries file against the servers' tools", { timeout: 60_000 }, async () => {
    const queries = join(servers.folder, "queries.jsonl");
    writeFileSync(
      queries,
      `${JSON.stringify({ id: "1", query: "read the contents of a file", relevant: ["mcp_filesystem_read_text_file"] })}\n`,
    );
    const { code, out } = await run("eval", "--mcp", servers.file, "--queries", queries, "--strategy", "bm25", "--json");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ strategy: "bm25", queries: 1 });
  });

  it("fails with exit code 1 naming the file and the server for a bad servers file", async () => {
    const bad = join(servers.folder, "bad.json");
    writeFileSync(bad, JSON.stringify({ servers: { files: { transport: "stdoi", command: "node" } } }));
    const { code, err } = await run("doctor", "--mcp", bad);
    expect(code).toBe(1);
    expect(err).toMatch(/INVALID_OPTION: .*bad\.json: .*MCP server "files": transport "stdoi" is not supported\. Did you mean: stdio\?/);
  });
});
