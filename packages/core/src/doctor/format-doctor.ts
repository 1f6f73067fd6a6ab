/**
 * @module The doctor's report as text for a terminal: a summary, then each finding with its fix. Pure.
 */
import { countOf } from "../text/count-of.js";
import type { DoctorReport } from "./run-doctor.js";

/**
 * The report as text: one summary line, then the findings grouped by check (at most `perCheck` of each; `--json`
 * and `--html` hold all).
 * @example
 * ```ts
 * console.log(formatDoctorReport(await runDoctor(catalog)));
 * ```
 */
export function formatDoctorReport(report: DoctorReport, perCheck = 10): string {
  const { checked, inTop } = report.selfRetrieval;
  const lines = [
    `${report.tools} tools; ${inTop} of ${checked} ${report.strategy === "keyword" ? "are selected" : `find themselves in the top ${report.top}`} by their own description (${report.strategy}); ` +
      `${report.findings.length} finding${report.findings.length === 1 ? "" : "s"}.`,
  ];
  if (report.usage !== undefined) {
    const usage = report.usage;
    const unknown =
      usage.unknownToolObservations === undefined
        ? ""
        : ` (${usage.unknownToolObservations.toLocaleString("en-US")} name only tools the catalog does not have, such as ${usage.unknownTools!.slice(0, 3).join(", ")}: not checked)`;
    lines.push(
      `Usage: ${countOf(usage.observations, "observation")}${unknown}, ${usage.checkedMessages.toLocaleString("en-US")} of ` +
        `${countOf(usage.distinctMessages, "distinct message")} ranked, ${usage.missedMessages} missed their tool.`,
    );
  }
  const checks = Object.entries(report.counts);
  if (checks.length > 0) lines.push(checks.map(([check, count]) => `${check} ${count}`).join(", "));
  for (const [check, count] of checks) {
    lines.push("", `${check} (${count}):`);
    const shown = report.findings.filter((finding) => finding.check === check).slice(0, perCheck);
    for (const finding of shown) lines.push(`  ${finding.severity === "error" ? "✗" : "-"} ${finding.message}`, `    fix: ${finding.fix}`);
    if (count > shown.length) lines.push(`  … and ${count - shown.length} more (--json or --html for all)`);
  }
  return lines.join("\n");
}
