/**
 * @module `dynamic-tools usage report`: what past usage says about a catalog, as text, JSON or an HTML page.
 */
import { writeFileSync } from "node:fs";
import { loadCatalogFile } from "../catalog/catalog-file.js";
import { usageReportHtml } from "../usage/usage-report-html.js";
import { countOf } from "../text/count-of.js";
import { learnFrom } from "../usage/learn-from-file.js";
import { loadObservationsFile } from "../usage/observations-file.js";
import { unknownToolObservations } from "../usage/unknown-tools.js";
import { formatUsageReport, usageReport } from "../usage/usage-report.js";
import { checkOutputPath, writeOutputFile } from "./output-file.js";
import { EXIT_CODES, HELP_OPTION, parseCommandLine, UsageError } from "./usage-error.js";

export const USAGE_USAGE = `dynamic-tools usage report --catalog <file> --usage <file.jsonl> [--json] [--html <out.html>]

  --catalog <file>     catalog file (JSON or YAML)
  --usage <file>       JSON Lines of observations { "message", "tools", "ok"? } or labelled queries { "query", "relevant" }
  --json               print the report as one JSON object
  --html <out.html>    also write a self-contained HTML page with charts
  -h, --help           print this help

Per-category and per-tool usage, tools never called, suggested keywords and defaults, top co-used pairs.
Suggestions only: the catalog file is never changed.`;

/**
 * Runs `usage <subcommand>`; resolves to the exit code.
 * @example
 * ```ts
 * await usageCommand(["report", "--catalog", "catalog.json", "--usage", "usage.jsonl", "--html", "report.html"], console.log);
 * ```
 */
export async function usageCommand(argv: string[], out: (text: string) => void): Promise<number> {
  const [subcommand, ...rest] = argv;
  if (subcommand === "--help" || subcommand === "-h") {
    out(`${USAGE_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  if (subcommand !== "report")
    throw new UsageError(
      subcommand === undefined ? "usage needs a subcommand: report." : `Unknown usage subcommand "${subcommand}". Subcommands: report.`,
      USAGE_USAGE,
    );
  const { values } = parseCommandLine(
    {
      args: rest,
      options: {
        catalog: { type: "string" },
        usage: { type: "string" },
        json: { type: "boolean", default: false },
        html: { type: "string" },
        help: HELP_OPTION,
      },
    },
    USAGE_USAGE,
  );
  if (values.help) {
    out(`${USAGE_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  if (values.catalog === undefined) throw new UsageError("usage report needs --catalog <file>.", USAGE_USAGE);
  checkOutputPath("--html", values.html);
  if (values.usage === undefined) throw new UsageError("usage report needs --usage <file.jsonl>.", USAGE_USAGE);
  const catalog = loadCatalogFile(values.catalog);
  const observations = loadObservationsFile(values.usage);
  const report = usageReport(learnFrom(catalog, observations));
  // Observations that name only tools the catalog lacks teach it nothing: said, so the counts add up.
  const unlearned = unknownToolObservations(observations, (name) => catalog.has(name));
  const notLearned =
    unlearned.observations === 0
      ? ""
      : `\nNot learned: ${countOf(unlearned.observations, "observation")} of the file name only tools the catalog does not have (${unlearned.tools.slice(0, 5).join(", ")}${unlearned.tools.length > 5 ? ", …" : ""}).`;
  if (values.html !== undefined) {
    const html = values.html;
    await writeOutputFile("--html", html, () => writeFileSync(html, usageReportHtml(report)));
  }
  out(
    values.json
      ? JSON.stringify(unlearned.observations === 0 ? report : { ...report, notLearned: unlearned })
      : `${formatUsageReport(report)}${notLearned}${values.html === undefined ? "" : `\nWrote ${values.html}.`}`,
  );
  return 0;
}
