/**
 * @module The doctor's report as text for a terminal: a summary, then each finding with its fix. Pure.
 */
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
    `${report.tools} tools; ${inTop} of ${checked} find themselves in the top ${report.top} by their own description (${report.strategy}); ` +
      `${report.findings.length} finding${report.findings.length === 1 ? "" : "s"}.`,
  ];
  if (report.usage !== undefined) {
    const usage = report.usage;
    lines.push(
      `Usage: ${usage.observations.toLocaleString("en-US")} observation${usage.observations === 1 ? "" : "s"}, ${usage.checkedMessages.toLocaleString("en-US")} of ` +
        `${usage.distinctMessages.toLocaleString("en-US")} distinct messages ranked, ${usage.missedMessages} missed their tool.`,
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
