/**
 * @module The usage report as one self-contained HTML page: inline SVG charts (category share, most used tools,
 * used vs never called, co-used pairs) and keyword suggestions sized by how often users say them. Pure.
 */
import type { UsageReport } from "./usage-report.js";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const PALETTE = ["#4f7cff", "#22b07d", "#f5a524", "#e5484d", "#8e4ec6", "#12a4c5", "#d6409f", "#7c8a99"];

/** A horizontal bar chart: one labelled bar per item, the value printed at its end. */
function barChart(
  items: ReadonlyArray<{ label: string; value: number; text: string }>,
  { width = 560, color = PALETTE[0]!, labelWidth = 200 } = {},
): string {
  const row = 22;
  const max = Math.max(...items.map((item) => item.value), 1e-9);
  const bars = items
    .map((item, index) => {
      const y = index * row;
      // Room on the right for the printed value.
      const length = Math.max(1, ((width - labelWidth - 130) * item.value) / max);
      return `<text x="${labelWidth - 8}" y="${y + 15}" text-anchor="end" class="label">${escapeHtml(item.label)}</text>
<rect x="${labelWidth}" y="${y + 4}" width="${length.toFixed(1)}" height="${row - 8}" rx="3" fill="${color}"><title>${escapeHtml(item.label)}: ${escapeHtml(item.text)}</title></rect>
<text x="${(labelWidth + length + 6).toFixed(1)}" y="${y + 15}" class="value">${escapeHtml(item.text)}</text>`;
    })
    .join("\n");
  return `<svg viewBox="0 0 ${width} ${Math.max(row, items.length * row)}" width="100%" style="max-width:${width}px" role="img">${bars}</svg>`;
}

/** A donut of used vs never-called tools. */
function donut(used: number, total: number): string {
  const radius = 60;
  const circumference = 2 * Math.PI * radius;
  const share = total === 0 ? 0 : used / total;
  return `<svg viewBox="0 0 160 190" width="160" role="img">
<circle cx="80" cy="80" r="${radius}" fill="none" stroke="#e8ebf0" stroke-width="22"/>
<circle cx="80" cy="80" r="${radius}" fill="none" stroke="${PALETTE[1]}" stroke-width="22" stroke-dasharray="${(circumference * share).toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 80 80)"/>
<text x="80" y="89" text-anchor="middle" class="big">${Math.round(share * 100)}%</text>
<text x="80" y="182" text-anchor="middle" class="label">${used} of ${total} tools used</text></svg>`;
}

/** The report as a complete HTML document (no external resources). */
export function usageReportHtml(report: UsageReport, title = "Tool usage report"): string {
  const categoryBars = barChart(
    report.categories
      .filter((category) => category.calls > 0)
      .slice(0, 25)
      .map((category) => ({
        label: category.name,
        value: category.share,
        text: `${(category.share * 100).toFixed(1)}% · ${category.calls} calls`,
      })),
  );
  const toolBars = barChart(
    report.toolUsage.slice(0, 20).map((tool) => ({ label: tool.name, value: tool.calls, text: String(tool.calls) })),
    { color: PALETTE[4]! },
  );
  const pairBars = barChart(
    report.coUsedPairs.slice(0, 12).map((pair) => ({ label: `${pair.a} + ${pair.b}`, value: pair.weight, text: pair.weight.toFixed(1) })),
    { width: 1000, color: PALETTE[2]!, labelWidth: 460 },
  );
  const suggestions = report.categories
    .filter((category) => category.suggestedKeywords.length > 0)
    .map((category, index) => {
      const chips = category.suggestedKeywords
        .map(
          (keyword) =>
            `<span class="chip" style="font-size:${(12 + 14 * Math.sqrt(keyword.share)).toFixed(1)}px;border-color:${PALETTE[index % PALETTE.length]}" title="said in ${(keyword.share * 100).toFixed(0)}% of its requests">${escapeHtml(keyword.word)}</span>`,
        )
        .join(" ");
      return `<div class="suggest"><div class="cat">${escapeHtml(category.name)}</div><div>${chips}</div></div>`;
    })
    .join("\n");
  const defaults =
    report.suggestedDefaults.length === 0
      ? "<p>No change suggested.</p>"
      : `<p>Add to <code>defaults</code>: ${report.suggestedDefaults.map((item) => `<b>${escapeHtml(item.category)}</b> (${(item.share * 100).toFixed(1)}% of requests)`).join(", ")}.</p>`;
  const never = report.neverCalled.map((name) => `<span class="chip muted">${escapeHtml(name)}</span>`).join(" ");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:32px auto;max-width:1100px;color:#1c2024;background:#fafbfc}
h1{font-size:24px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px}
.sub{color:#60646c}.cards{display:flex;gap:16px;flex-wrap:wrap}.card{background:#fff;border:1px solid #e4e7ec;border-radius:10px;padding:16px 20px}
.kpi{font-size:28px;font-weight:600}.label{font-size:12px;fill:#3b4049}.value{font-size:12px;fill:#60646c}.big{font-size:26px;font-weight:600;fill:#1c2024}
.grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px;margin-top:16px}.chip{display:inline-block;border:1.5px solid #4f7cff;border-radius:14px;padding:1px 9px;margin:3px;background:#fff}
.chip.muted{border-color:#d0d5dd;color:#60646c;font-size:12px}.suggest{display:flex;gap:12px;align-items:baseline;margin:6px 0}.cat{min-width:180px;font-weight:600}
.note{color:#60646c;font-size:12px}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
<div class="sub">${report.observations} observations · ${report.tools} tools · suggestions only, nothing in the catalog was changed</div>
<div class="cards" style="margin-top:16px">
<div class="card">${donut(report.toolUsage.length, report.tools)}</div>
<div class="card"><div class="kpi">${report.observations}</div><div class="sub">observations learned</div><div class="kpi" style="margin-top:10px">${report.categories.filter((category) => category.calls > 0).length}</div><div class="sub">categories in use</div></div>
<div class="card" style="flex:1"><h2 style="margin-top:0">Suggested defaults</h2>${defaults}<div class="note">Categories used when nothing matches; now: ${escapeHtml(report.defaults.join(", ") || "none")}.</div></div>
</div>
<div class="grid">
<div class="card"><h2>Where requests go (share by category)</h2>${categoryBars}</div>
<div class="card"><h2>Most called tools</h2>${toolBars}</div>
</div>
<div class="card" style="margin-top:16px"><h2>Words users say that the catalog's keywords lack</h2>${suggestions || "<p>None.</p>"}<div class="note">Larger words are said more often in that category's requests.</div></div>
<div class="card" style="margin-top:16px"><h2>Often used together</h2>${report.coUsedPairs.length === 0 ? "<p>No tools were called together.</p>" : pairBars}</div>
<div class="card" style="margin-top:16px"><h2>Never called (${report.neverCalled.length})</h2>${never || "<p>Every tool was called.</p>"}</div>
</body></html>
`;
}
