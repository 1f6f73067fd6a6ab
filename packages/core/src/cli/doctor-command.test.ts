import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli as run } from "./__fixtures__/run-cli.js";

const CATALOG = fileURLToPath(new URL("../eval/__fixtures__/catalog.json", import.meta.url));

describe("dynamic-tools doctor", () => {
  it("prints a summary and each finding with its fix; --json holds every finding; --html writes the page", async () => {
    const folder = mkdtempSync(join(tmpdir(), "doctor-"));
    const catalog = join(folder, "catalog.json");
    writeFileSync(
      catalog,
      JSON.stringify([
        ...["user", "team", "project", "invoice", "order", "device", "meeting", "ticket"].map((thing) => ({
          name: `get_${thing}_info`,
          description: `Get all the information about a ${thing}`,
        })),
        { name: "fetch_account_card", description: "Get all the information about it" },
        { name: "ping", description: "" },
      ]),
    );
    const html = join(folder, "doctor.html");
    const text = await run("doctor", "--catalog", catalog, "--html", html);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^10 tools; 8 of 9 find themselves in the top 5 by their own description \(hybrid\); \d+ findings\./);
    expect(text.out).toContain("fetch_account_card: its own description finds it at rank 9 (top 5 wanted)");
    expect(text.out).toContain('add whenToUse: "When the request is about fetch account card."');
    expect(text.out).toContain("ping has no description");
    expect(readFileSync(html, "utf8")).toMatch(/^<!doctype html>[\s\S]*fetch_account_card/);

    const json = JSON.parse((await run("doctor", "--catalog", catalog, "--json")).out);
    expect(Object.keys(json)).toEqual(["tools", "strategy", "top", "selfRetrieval", "counts", "findings", "ms"]);
    expect(json.findings.find((finding: { check: string }) => finding.check === "self-retrieval").patch).toEqual({
      whenToUse: "When the request is about fetch account card.",
    });
  });

  it("says how to check tools whose descriptions live in code when the file declares none", async () => {
    const catalog = join(mkdtempSync(join(tmpdir(), "doctor-")), "catalog.json");
    writeFileSync(catalog, JSON.stringify([{ name: "get_invoice" }, { name: "send_invoice", category: "billing" }]));
    const { code, err } = await run("doctor", "--catalog", catalog);
    expect(code).toBe(0);
    expect(err).toContain(`doctor: no tool in ${catalog} has a description. If your tools are LangChain tools in code`);
    expect((await run("doctor", "--catalog", CATALOG)).err).not.toContain("has a description");
  });

  it("takes --strategy, --top and --max-definition-tokens", async () => {
    const { code, out } = await run(
      "doctor",
      "--catalog",
      CATALOG,
      "--strategy",
      "bm25",
      "--top",
      "1",
      "--max-definition-tokens",
      "5",
      "--json",
    );
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ strategy: "bm25", top: 1 });
    expect(report.counts["definition-size"]).toBe(report.tools);
  });

  it("exits 2 for a bad command line and 1 for a bad file", async () => {
    expect((await run("doctor")).err).toMatch(/^doctor needs --catalog <file> or --mcp <servers\.json>\./);
    expect((await run("doctor", "--catalog", CATALOG, "--top", "0")).code).toBe(2);
    expect((await run("doctor", "--catalog", CATALOG, "--strategy", "hybird")).err).toMatch(/Did you mean: hybrid\?/);
    const missing = await run("doctor", "--mcp", "/nope/servers.json");
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^CATALOG_FILE_UNREADABLE: Cannot read the MCP servers file \/nope\/servers\.json/);
  });
});
