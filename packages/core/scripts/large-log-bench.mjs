#!/usr/bin/env node
// A JSONL usage log larger than the largest string Node makes (512 MiB), synced (built package; run `pnpm build`):
//   node packages/core/scripts/large-log-bench.mjs [--mib 600] [--file /tmp/usage-large.jsonl]
// Writes a log of --mib MiB (observations with a long history, so the file is large while the observations are
// few; one bad line in every 1,000), then syncs a UsageRecorder from it: prints the time, the observations learned,
// the bad lines reported, and the largest heap seen. Deletes the file afterwards.
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { parseArgs } from "node:util";
import { JsonlUsageStore, ToolCatalog, UsageModel, UsageRecorder } from "../dist/index.js";

const { values } = parseArgs({
  options: { mib: { type: "string", default: "600" }, file: { type: "string", default: "/tmp/usage-large.jsonl" } },
});
const target = Number(values.mib) * 2 ** 20;
const catalog = new ToolCatalog({
  tools: [
    { name: "get_weather", description: "Weather" },
    { name: "send_email", description: "Email" },
  ],
});
const history = Array.from({ length: 200 }, (_, index) => `earlier message number ${index} about the weather and the mail`);
let written = 0;
let lines = 0;
let bad = 0;
const fd = openSync(values.file, "w");
try {
  while (written < target) {
    const line =
      lines % 1000 === 999
        ? "{not json\n"
        : `${JSON.stringify({ message: `weather in city ${lines}`, history, tools: [lines % 2 ? "get_weather" : "send_email"], at: 1_700_000_000_000 + lines })}\n`;
    if (lines % 1000 === 999) bad++;
    written += writeSync(fd, line);
    lines++;
  }
} finally {
  closeSync(fd);
}
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 50);
const skipped = [];
const recorder = new UsageRecorder({
  model: new UsageModel({ catalog }),
  store: new JsonlUsageStore(values.file),
  onSkipped: (record) => skipped.push(record.line),
});
const begin = performance.now();
const learned = await recorder.sync();
const seconds = (performance.now() - begin) / 1000;
clearInterval(sample);
rmSync(values.file, { force: true });
console.log(
  `${(written / 2 ** 20).toFixed(0)} MiB log (${lines} lines, ${bad} bad): synced in ${seconds.toFixed(1)} s, ${learned} observations learned, ${skipped.length} bad lines reported (first at line ${skipped[0]}), peak heap ${(peak / 2 ** 20).toFixed(0)} MiB`,
);
