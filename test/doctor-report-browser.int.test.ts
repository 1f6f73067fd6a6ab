/**
 * The doctor's HTML report in a real browser (headless Chromium, Debian's `chromium` package; .ci/run installs it):
 * the page's script runs, filters the findings by check and by tool name, and the page renders to a screenshot.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ToolCatalog } from "../packages/core/src/catalog/tool-catalog.js";
import { doctorReportHtml } from "../packages/core/src/doctor/doctor-report-html.js";
import { runDoctor } from "../packages/core/src/doctor/run-doctor.js";

/** The Chromium binary: $CHROMIUM, else the first of the usual names found. */
function chromium(): string {
  const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  const found = candidates.find((candidate) => candidate !== undefined && existsSync(candidate));
  if (found === undefined) throw new Error("No headless Chromium found: apt-get install chromium (or set CHROMIUM=/path/to/chrome).");
  return found;
}

const folder = mkdtempSync(join(tmpdir(), "doctor-browser-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function browse(url: string, ...flags: string[]): string {
  return execFileSync(
    chromium(),
    ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", `--user-data-dir=${join(folder, "profile")}`, ...flags, url],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 60_000 },
  );
}

describe("the doctor's HTML report in headless Chromium", () => {
  it("runs its script: filters by check and by tool, and renders", async () => {
    const catalog = new ToolCatalog({
      tools: [
        ...["user", "team", "project", "invoice", "order", "device", "meeting", "ticket"].map((thing) => ({
          name: `get_${thing}_info`,
          description: `Get all the information about a ${thing}`,
        })),
        { name: "fetch_account_card", description: "Get all the information about it" },
        { name: "ping", description: "" },
        { name: "9lives", description: "Counts the lives a cat has left, with the reason for each one lost" },
      ],
    });
    const report = await runDoctor(catalog);
    const page = join(folder, "doctor.html");
    writeFileSync(page, doctorReportHtml(report));
    const url = pathToFileURL(page).href;

    const all = browse(url, "--dump-dom");
    expect(all).toContain('data-ready="true"');
    expect(all).toMatch(new RegExp(`<span id="shown">${report.findings.length}</span>`));

    const selfRetrieval = report.findings.filter((finding) => finding.check === "self-retrieval").length;
    expect(selfRetrieval).toBeGreaterThan(0);
    expect(browse(`${url}?check=self-retrieval`, "--dump-dom")).toMatch(new RegExp(`<span id="shown">${selfRetrieval}</span>`));
    const ping = report.findings.filter((finding) => finding.tools.includes("ping")).length;
    expect(browse(`${url}?tool=ping`, "--dump-dom")).toMatch(new RegExp(`<span id="shown">${ping}</span>`));

    const screenshot = join(folder, "doctor.png");
    browse(url, `--screenshot=${screenshot}`, "--window-size=1280,900");
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);
  });
});
