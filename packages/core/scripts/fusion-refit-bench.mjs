#!/usr/bin/env node
// The cost of learning one observation in a learning hybrid, fusion refits included (built package; run `pnpm build`
// first):
//   node packages/core/scripts/fusion-refit-bench.mjs --catalog <file> --usage <file.jsonl> [--rounds 3] [--separate-learned-field]
// Each round: a fresh UsageModel and `createHybridStrategy({ usage })` indexed over the catalog, then every observation
// of --usage in order, one at a time: `observe()`, the strategy's catch-up with it (bm25's in-place update, the vector
// source's re-embedding of the observed tool: an empty `add` flushes it) and `refitFusion()` (which fits when one is
// due: from 256 observations, again each time they have doubled). Prints per round the total, the amortised cost per
// observation, the refits (when, how long) and their share, the amortised cost up to each refit; then the median of the rounds against the target
// (≤ 1 ms per observation, amortised).
import { parseArgs } from "node:util";
import { createHybridStrategy, loadCatalogFile, UsageModel } from "../dist/index.js";
import { loadObservationsFile } from "../dist/internal.js";

const { values } = parseArgs({
  options: {
    catalog: { type: "string" },
    usage: { type: "string" },
    rounds: { type: "string", default: "3" },
    "separate-learned-field": { type: "boolean", default: false },
  },
});
if (!values.catalog || !values.usage) {
  console.error("usage: node fusion-refit-bench.mjs --catalog <file> --usage <file.jsonl> [--rounds 3] [--separate-learned-field]");
  process.exit(2);
}
const TARGET_MS = 1;
const catalog = loadCatalogFile(values.catalog);
const observations = loadObservationsFile(values.usage);
const rounds = Number(values.rounds);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const results = [];
for (let round = 0; round < rounds; round++) {
  const usage = new UsageModel({ catalog });
  const hybrid = createHybridStrategy({ usage, separateLearnedField: values["separate-learned-field"] });
  await hybrid.index(catalog);
  const refits = [];
  let learning = 0;
  let total = 0;
  let fitted = hybrid.fittedFusion()?.observations;
  for (const observation of observations) {
    const start = performance.now();
    usage.observe(observation);
    await hybrid.add([]);
    const learned = performance.now();
    await hybrid.refitFusion();
    const end = performance.now();
    learning += learned - start;
    total += end - start;
    const now = hybrid.fittedFusion()?.observations;
    if (now !== fitted) {
      refits.push({ at: now, ms: end - learned, soFar: total / now });
      fitted = now;
    }
  }
  const refitMs = refits.reduce((sum, refit) => sum + refit.ms, 0);
  results.push(total / observations.length);
  console.log(
    `round ${round + 1}: ${observations.length} observations in ${total.toFixed(0)} ms: ${(total / observations.length).toFixed(4)} ms each ` +
      `(learning ${(learning / observations.length).toFixed(4)} ms, refits ${(refitMs / observations.length).toFixed(4)} ms: ` +
      `${refits.length} refits, ${((100 * refitMs) / total).toFixed(0)}% of the time: ${refits.map(({ at, ms }) => `${at}: ${ms.toFixed(0)} ms`).join(", ")})`,
  );
  // Amortised over the stream so far, just after each refit (the worst moments of the doubling schedule).
  console.log(`  amortised up to each refit: ${refits.map(({ at, soFar }) => `${at}: ${soFar.toFixed(3)} ms`).join(", ")}`);
}
const amortised = median(results);
console.log(
  `amortised per observation, median of ${rounds} rounds: ${amortised.toFixed(4)} ms (target ≤ ${TARGET_MS} ms: ${amortised <= TARGET_MS ? "met" : "missed"})`,
);
