/**
 * @module The doctor's report as one self-contained HTML page: a summary, a chart of each tool's own rank, and the
 * findings as a table that filters by check and searches by tool name (inline script, no external resources). Pure.
 */
import type { DoctorReport } from "./run-doctor.js";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** How many checked tools found themselves at each rank (1 … top, then "lower"), as an inline SVG bar chart. */
function rankChart(report: DoctorReport): string {
  const buckets = Array.from({ length: report.top + 1 }, () => 0);
  for (const { rank } of report.selfRetrieval.ranks) buckets[rank === null || rank > report.top ? report.top : rank - 1]! += 1;
  const max = Math.max(1, ...buckets);
  const width = 40;
  const height = 120;
  const bars = buckets
    .map((count, index) => {
      const barHeight = Math.max(1, (height * count) / max);
      const x = index * (width + 8);
      const label = index === report.top ? `>${report.top}` : String(index + 1);
      const color = index === report.top ? "#e5484d" : "#22b07d";
      return `<rect x="${x}" y="${height - barHeight + 16}" width="${width}" height="${barHeight.toFixed(1)}" fill="${color}" rx="3"><title>rank ${label}: ${count} tools</title></rect>
<text x="${x + width / 2}" y="${height - barHeight + 12}" text-anchor="middle" class="value">${count}</text>
<text x="${x + width / 2}" y="${height + 32}" text-anchor="middle" class="label">${label}</text>`;
    })
    .join("\n");
  const total = (report.top + 1) * (width + 8);
  return `<svg viewBox="0 0 ${total} ${height + 40}" width="${total}" role="img" aria-label="tools by own rank">${bars}</svg>`;
}

/**
 * The report as a complete HTML document.
 * @example
 * ```ts
 * writeFileSync("doctor.html", doctorReportHtml(await runDoctor(catalog)));
 * ```
 */
export function doctorReportHtml(report: DoctorReport, title = "Catalog doctor"): string {
  const checks = Object.entries(report.counts);
  const filters = checks
    .map(
      ([check, count]) =>
        `<label><input type="checkbox" class="check" value="${escapeHtml(check)}" checked> ${escapeHtml(check)} <b>${count}</b></label>`,
    )
    .join("\n");
  const rows = report.findings
    .map(
      (finding) =>
        `<tr data-check="${escapeHtml(finding.check)}" data-tools="${escapeHtml([...finding.tools, finding.group ?? ""].join(" ").toLowerCase())}" class="${finding.severity}">` +
        `<td>${escapeHtml(finding.check)}</td><td>${escapeHtml(finding.severity)}</td>` +
        `<td>${finding.tools.map((tool) => `<code>${escapeHtml(tool)}</code>`).join("<br>") || escapeHtml(finding.group ?? "")}</td>` +
        `<td>${escapeHtml(finding.message)}</td><td>${escapeHtml(finding.fix)}</td></tr>`,
    )
    .join("\n");
  const usage =
    report.usage === undefined
      ? ""
      : `<p>Usage: ${report.usage.observations} observations; ${report.usage.checkedMessages} of ${report.usage.distinctMessages} distinct messages ranked; ${report.usage.missedMessages} did not find their tool in the top ${report.top}.</p>`;
  const { checked, inTop } = report.selfRetrieval;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1200px;padding:0 16px;color:#1c2024}
h1{font-size:22px}.summary{display:flex;gap:32px;align-items:flex-end;flex-wrap:wrap}
.big{font-size:34px;font-weight:600}.label{font-size:12px;fill:#60646c}.value{font-size:12px;fill:#1c2024}
table{border-collapse:collapse;width:100%;margin-top:12px}td,th{border-bottom:1px solid #e8ebf0;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa;position:sticky;top:0}tr.error td:first-child{border-left:4px solid #e5484d}tr.warning td:first-child{border-left:4px solid #f5a524}
tr.info td:first-child{border-left:4px solid #7c8a99}.filters label{margin-right:14px;white-space:nowrap}code{font-size:12px}
input[type=search]{padding:4px 8px;width:260px}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<div class="summary">
<div><div class="big" id="in-top">${inTop} / ${checked}</div><div>tools found by their own description in the top ${report.top} (${escapeHtml(report.strategy)}, ${report.tools} tools)</div></div>
<div>${rankChart(report)}<div class="label">tools by the rank their own description gives them</div></div>
</div>
${usage}
<h2>Findings: <span id="shown">${report.findings.length}</span> of ${report.findings.length}</h2>
<div class="filters">${filters}</div>
<p><input type="search" id="search" placeholder="filter by tool name"></p>
<table><thead><tr><th>check</th><th>severity</th><th>tools</th><th>what</th><th>fix</th></tr></thead>
<tbody id="findings">
${rows}
</tbody></table>
<script>
(function () {
  var boxes = Array.prototype.slice.call(document.querySelectorAll("input.check"));
  var search = document.getElementById("search");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#findings tr"));
  function apply() {
    var on = {};
    boxes.forEach(function (box) { on[box.value] = box.checked; });
    var text = search.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var visible = on[row.getAttribute("data-check")] && (text === "" || row.getAttribute("data-tools").indexOf(text) !== -1);
      row.style.display = visible ? "" : "none";
      if (visible) shown++;
    });
    document.getElementById("shown").textContent = String(shown);
  }
  boxes.forEach(function (box) { box.addEventListener("change", apply); });
  search.addEventListener("input", apply);
  var initial = new URLSearchParams(location.search);
  if (initial.get("tool")) search.value = initial.get("tool");
  if (initial.get("check")) boxes.forEach(function (box) { box.checked = box.value === initial.get("check"); });
  apply();
  document.body.setAttribute("data-ready", "true");
})();
</script>
</body></html>
`;
}
