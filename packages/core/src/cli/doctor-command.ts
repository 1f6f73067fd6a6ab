/**
 * @module `dynamic-tools doctor`: what makes a catalog's tools hard to find or easy to confuse, and what to add to
 * the catalog file.
 */
import { writeFileSync } from "node:fs";
import { doctorReportHtml } from "../doctor/doctor-report-html.js";
import { formatDoctorReport } from "../doctor/format-doctor.js";
import { runDoctor } from "../doctor/run-doctor.js";
import { BUILTIN_STRATEGY_NAMES } from "../retrieval/strategy-registry.js";
import { loadObservationsFile } from "../usage/observations-file.js";
import { CATALOG_OPTIONS_USAGE, loadCliCatalog } from "./load-cli-catalog.js";
import { checkOutputPath, writeOutputFile } from "./output-file.js";
import { checkChoice, EXIT_CODES, HELP_OPTION, parseCommandLine, parseCount, STRATEGY } from "./usage-error.js";

export const DOCTOR_USAGE = `dynamic-tools doctor --catalog <file> | --mcp <servers.json> [--json] [--html <out>] [--usage <file>]
                     [--strategy <name>] [--top N] [--max-definition-tokens N]

${CATALOG_OPTIONS_USAGE}
  --json               print the report as one JSON object: { tools, strategy, top, selfRetrieval, counts,
                       findings: [{ check, severity, tools, group?, message, fix, patch? }], usage?, ms }
  --html <out>         also write the report as a self-contained HTML page (filter by check, search by tool)
  --usage <file>       past usage (JSON Lines, as for eval --usage): also report tools never called and the
                       messages whose ranking did not find the tool they led to
  --strategy <name>    the ranking to check against (${BUILTIN_STRATEGY_NAMES.join(", ")}; default: the one
                       select uses for the catalog, keyword for a catalog of keyword categories, else hybrid);
                       with keyword, a tool finds itself when a selection of its own text binds it
  --top N              a tool should find itself within the top N (default 5)
  --max-definition-tokens N  report definitions over N tokens (default 1000)
  -h, --help           print this help

Checks: self-retrieval (each tool searched by its own description and whenToUse), confusable tools (the same
description; texts that rank each other above themselves; embeddings nearly the same), empty or one-line descriptions, parameters without
a description, names a provider rejects (OpenAI, Anthropic, Gemini), definitions over the token size, categories
or namespaces that alone exceed maxTools / maxTokens; with --usage, never-called tools and missed messages. Each
finding says what to add or change in the catalog file (with --mcp: a catalog file passed with --catalog next to it,
whose tools: entries name the mcp_{server}_{tool} tools).`;

/** Runs `doctor`; resolves to the exit code (0 whatever it finds: findings are advice, not failures). */
export async function doctorCommand(argv: string[], out: (text: string) => void, err: (text: string) => void = () => {}): Promise<number> {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        catalog: { type: "string" },
        mcp: { type: "string" },
        json: { type: "boolean", default: false },
        html: { type: "string" },
        usage: { type: "string" },
        strategy: { type: "string" },
        top: { type: "string" },
        "max-definition-tokens": { type: "string" },
        help: HELP_OPTION,
      },
    },
    DOCTOR_USAGE,
  );
  if (values.help) {
    out(`${DOCTOR_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  const top = parseCount(values.top, "--top", DOCTOR_USAGE);
  checkOutputPath("--html", values.html);
  const maxDefinitionTokens = parseCount(values["max-definition-tokens"], "--max-definition-tokens", DOCTOR_USAGE);
  if (values.strategy !== undefined) checkChoice(values.strategy, BUILTIN_STRATEGY_NAMES, STRATEGY, DOCTOR_USAGE);
  const catalog = await loadCliCatalog(
    { catalog: values.catalog, mcp: values.mcp, onWarning: (warning) => err(warning.message) },
    DOCTOR_USAGE,
    "doctor",
  );
  if (values.catalog !== undefined && catalog.size > 0 && catalog.tools().every((tool) => tool.description.trim() === "")) {
    // A file that declares metadata for tools whose descriptions live in code: the file alone is not what selects.
    err(
      `doctor: no tool in ${values.catalog} has a description. If your tools are LangChain tools in code, check the catalog they ` +
        "make: await runDoctor(loadCatalogFile(file, { tools })) from @dynamic-tools/core (docs/cli.md).",
    );
  }
  const observations = values.usage === undefined ? undefined : loadObservationsFile(values.usage);
  const report = await runDoctor(catalog, {
    ...(values.strategy === undefined ? {} : { strategy: values.strategy }),
    ...(top === undefined ? {} : { top }),
    ...(maxDefinitionTokens === undefined ? {} : { maxDefinitionTokens }),
    ...(observations === undefined ? {} : { observations }),
  });
  if (values.html !== undefined) {
    const html = values.html;
    await writeOutputFile("--html", html, () => writeFileSync(html, doctorReportHtml(report)));
    err(`doctor: wrote ${values.html}`);
  }
  out(values.json ? JSON.stringify(report) : formatDoctorReport(report));
  return 0;
}
