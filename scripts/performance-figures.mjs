// The README's "Performance in brief" block and docs/performance.md's targets block, rendered from what
// `dynamic-tools bench --targets --json` printed (kept in docs/performance-results.json by
// scripts/record-performance.mjs). test/performance-figures.test.ts checks that both blocks are these renderings.

/** The strategies of the tables, in their order; the README shows the two a selector picks by default. */
const ORDER = ["hybrid", "keyword", "bm25", "vector", "fuzzy", "sequence-matcher"];
const README_STRATEGIES = ["hybrid", "keyword"];

const count = (tools) => tools.toLocaleString("en-US");
const seconds = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const micro = (us) => (us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${Math.round(us)} µs`);

/** The rows of the scaled catalogs for `strategies`, by size then in {@link ORDER}, as a markdown table. */
function rowsTable(results, strategies) {
  const rows = results
    .filter((row) => row.tools >= 10_000 && strategies.includes(row.strategy))
    .sort((a, b) => a.tools - b.tools || ORDER.indexOf(a.strategy) - ORDER.indexOf(b.strategy));
  return [
    "| tools | strategy | new process to first selection | from a snapshot | p50 | p99 | heap |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${count(row.tools)} | ${row.strategy} | ${seconds(row.firstSelectionMs)} | ${seconds(row.snapshotFirstSelectionMs)} | ` +
        `${micro(row.p50Us)} | ${micro(row.p99Us)} | ${Math.round(row.memoryMb)} MB |`,
    ),
  ];
}

/** The vector strategy against the store, one clause per size. */
function storeClauses(peers) {
  return peers.map(
    (peer) =>
      `${micro(peer.ours.p50Us)} / ${micro(peer.ours.p99Us)} against ${micro(peer.peer.p50Us)} / ${micro(peer.peer.p99Us)} at ` +
      `${count(peer.tools)} tools (recall@10 ${peer.recallAt10.ours} against ${peer.recallAt10.peer})`,
  );
}

/** The README block (between `<!-- performance -->` markers) for a recorded bench run. */
export function renderReadmeBlock(recorded) {
  const { results, targets } = recorded.output;
  const met = targets.filter((target) => target.met).length;
  return [
    ...rowsTable(results, README_STRATEGIES),
    "",
    `p50/p99: one selection in process, the query's embedding apart (medians of the timed loop's rounds); heap: what the`,
    `index holds. ${met} of ${targets.length} speed targets met; every strategy, the vector strategy against LangChain's HNSWLib store and`,
    `each target in [docs/performance.md](docs/performance.md#speed-targets). Recorded ${recorded.measuredAt.slice(0, 10)} on ${recorded.cpus} cores with`,
    `\`${recorded.command}\`.`,
  ].join("\n");
}

/** The docs/performance.md block (between `<!-- speed-targets -->` markers): every row and target of the run. */
export function renderTargetsBlock(recorded) {
  const { results, peers, targets } = recorded.output;
  return [
    ...rowsTable(results, ORDER),
    "",
    `The vector strategy against LangChain's HNSWLib store on the same embeddings (p50 / p99, query embedding included;`,
    `recall@10: of the exact top 10, by each side's index): ${storeClauses(peers).join("; ") || "not measured"}.`,
    "",
    "| target | measured | met |",
    "|---|---|---|",
    ...targets.map((target) => `| ${target.target} | ${target.measured} | ${target.met ? "yes" : "no"} |`),
    "",
    `Recorded ${recorded.measuredAt.slice(0, 10)} on ${recorded.cpus} cores (Node ${recorded.node}) with \`${recorded.command}\`.`,
  ].join("\n");
}

/** `markdown` with the text between `<!-- name -->` and `<!-- /name -->` replaced by `block`. */
export function replaceBlock(markdown, name, block) {
  const pattern = new RegExp(`(<!-- ${name} -->\\n)[\\s\\S]*?(<!-- /${name} -->)`);
  if (!pattern.test(markdown)) throw new Error(`No <!-- ${name} --> … <!-- /${name} --> block found.`);
  return markdown.replace(pattern, (_, open, close) => `${open}${block}\n${close}`);
}

/** The text between `<!-- name -->` and `<!-- /name -->`, or undefined. */
export function readBlock(markdown, name) {
  return new RegExp(`<!-- ${name} -->\\n([\\s\\S]*?)\\n<!-- /${name} -->`).exec(markdown)?.[1];
}
