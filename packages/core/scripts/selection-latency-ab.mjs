#!/usr/bin/env node
/**
 * Selection latency of two built trees (a worktree of an older commit, and this one), in one process, so both share
 * the machine's drift. By blocks (the default): each tree's selector answers every request of the set, then the
 * other's, alternately, and each block's p50 is paired with its neighbour's; each tree's caches stay warm. By request
 * (`--by request`): the trees answer each request in turn (in alternating order), and each pass's p50s are paired:
 * tighter pairs on a noisy machine, but each tree evicts the other's caches, which narrows the ratio. The requests are
 * the bench's: message arrays whose current message carries a running turn number, so nothing is memoised across
 * them; token accounting off.
 *
 *   node packages/core/scripts/selection-latency-ab.mjs --a . --b ../old-worktree --strategy bm25 --set metatool
 *
 * --a, --b      repository roots whose packages/core/dist is built (A is the one measured, B the yardstick)
 * --strategy    keyword, bm25, hybrid, … (default bm25)
 * --set         gym (its catalog and the bench's eight turns with a 4-message history), metatool, sealtools-dev, or
 *               seal<N> (the Seal-Tools dev catalog scaled to N tools as the bench scales it, its first 200 requests)
 * --pairs       pairs of blocks (or passes) timed after one of warm-up (default 6)
 * --by          block or request (default block)
 *
 * Prints { set, strategy, aP50Us, bP50Us, ratio, ratios }: the medians of the blocks' p50s and of the pairs' ratios.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string" },
    strategy: { type: "string", default: "bm25" },
    set: { type: "string", default: "metatool" },
    pairs: { type: "string", default: "6" },
    by: { type: "string", default: "block" },
  },
});
if (values.a === undefined || values.b === undefined || !["block", "request"].includes(values.by)) {
  console.error(
    "usage: selection-latency-ab.mjs --a <repository> --b <repository> [--strategy S] [--set gym|metatool|sealtools-dev|seal<N>] [--pairs N] [--by block|request]",
  );
  process.exit(2);
}
const datasets = resolve(dirname(fileURLToPath(import.meta.url)), "../../../datasets");
let turn = 0;

/** The set's requests as the bench builds them (its gym turns and scaled catalogs, from this tree's build). */
const bench = await import("../dist/internal.js");
const scaled = /^seal\d+$/.test(values.set)
  ? bench.scaledBenchCatalogs(`${datasets}/sealtools-dev`, [Number(values.set.slice(4))])[0]
  : undefined;
const setRequests = (() => {
  const { set } = values;
  if (scaled !== undefined) return scaled.queries;
  if (set === "gym") {
    const { queries } = bench.smallBenchCatalog(resolve(datasets, "../examples/gym-agent/catalog.yaml"));
    return Array.from({ length: 50 }, () => queries).flat();
  }
  return readFileSync(`${datasets}/${set}/queries.jsonl`, "utf8")
    .trim()
    .split("\n")
    .map((line) => ({ current: JSON.parse(line).query, history: [] }));
})();
/** The requests once more, each current message with a new turn number (nothing is memoised across them). */
const requests = () => setRequests.map(({ current, history }) => [...history, `${current} (${turn++})`]);

/** The tree's selector over the set (the tree's own catalog code), warmed up once, and a timer of one selection. */
async function setUp(root) {
  const core = await import(resolve(root, "packages/core/dist/index.js"));
  const { set, strategy } = values;
  const catalog =
    scaled !== undefined
      ? new core.ToolCatalog(scaled.file())
      : core.loadCatalogFile(set === "gym" ? resolve(root, "examples/gym-agent/catalog.yaml") : `${datasets}/${set}/catalog.json`);
  const select = core.createToolSelector(catalog, { strategy, countTokens: false });
  const asMessages = (texts) => texts.map((content) => ({ role: "user", content }));
  for (const texts of requests()) await select(asMessages(texts));
  /** Times one selection of `texts` (µs). */
  const timed = async (texts) => {
    const messages = asMessages(texts);
    const started = process.hrtime.bigint();
    await select(messages);
    return Number(process.hrtime.bigint() - started) / 1000;
  };
  return { timed };
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[sorted.length >> 1];
}

const treeA = await setUp(values.a);
const treeB = await setUp(values.b);
/** One block: every request of the set once; its p50. */
const block = async ({ timed }) => {
  const times = [];
  for (const texts of requests()) times.push(await timed(texts));
  return median(times);
};
/** One pass by request: each request to both trees, in alternating order; each tree's p50. */
const pass = async (pair) => {
  const [listA, listB] = [requests(), requests()];
  const times = [[], []];
  for (let index = 0; index < listA.length; index++) {
    if ((index + pair) % 2 === 0) {
      times[0].push(await treeA.timed(listA[index]));
      times[1].push(await treeB.timed(listB[index]));
    } else {
      times[1].push(await treeB.timed(listB[index]));
      times[0].push(await treeA.timed(listA[index]));
    }
  }
  return times.map(median);
};
const a = [];
const b = [];
const pairs = Number(values.pairs);
for (let pair = 0; pair <= pairs; pair++) {
  let timesA;
  let timesB;
  if (values.by === "request") [timesA, timesB] = await pass(pair);
  else if (pair % 2 === 0) [timesA, timesB] = [await block(treeA), await block(treeB)];
  // Each pair of blocks in the other order than the one before, so neither tree always runs right after the other.
  else [timesB, timesA] = [await block(treeB), await block(treeA)];
  if (pair === 0) continue;
  a.push(timesA);
  b.push(timesB);
}
const ratios = a.map((value, index) => value / b[index]);
const round = (value, digits) => Number(value.toFixed(digits));
console.log(
  JSON.stringify({
    set: values.set,
    strategy: values.strategy,
    by: values.by,
    aP50Us: round(median(a), 1),
    bP50Us: round(median(b), 1),
    ratio: round(median(ratios), 3),
    ratios: ratios.map((ratio) => round(ratio, 2)),
  }),
);
