// The README's "Performance in brief" block and docs/performance.md's targets block, rendered from what
// `dynamic-tools bench --targets --json` printed (kept in docs/performance-results.json by
// scripts/record-performance.mjs). test/performance-figures.test.ts checks that both blocks are these renderings.

/** The strategies the README's table shows, in its order. */
const SHOWN = ["hybrid", "bm25", "vector", "fuzzy", "keyword"];

const count = (tools) => tools.toLocaleString("en-US");
const seconds = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const micro = (us) => (us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${Math.round(us)} µs`);

/** The README block (between `<!-- performance -->` markers) for a recorded bench run. */
export function renderReadmeBlock(recorded) {
  const { results, peers, targets } = recorded.output;
  const rows = results
    .filter((row) => row.tools >= 10_000 && SHOWN.includes(row.strategy))
    .sort((a, b) => a.tools - b.tools || SHOWN.indexOf(a.strategy) - SHOWN.indexOf(b.strategy));
  const table = [
    "| tools | strategy | new process to first selection | from a snapshot | p50 | p99 | heap |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${count(row.tools)} | ${row.strategy} | ${seconds(row.firstSelectionMs)} | ${seconds(row.snapshotFirstSelectionMs)} | ` +
        `${micro(row.p50Us)} | ${micro(row.p99Us)} | ${Math.round(row.memoryMb)} MB |`,
    ),
  ];
  const store = peers.map(
    (peer) =>
      `${micro(peer.ours.p50Us)} / ${micro(peer.ours.p99Us)} against ${micro(peer.peer.p50Us)} / ${micro(peer.peer.p99Us)} at ` +
      `${count(peer.tools)} tools (recall@10 of the exact top 10: ${peer.recallAt10.ours} against ${peer.recallAt10.peer})`,
  );
  const met = targets.filter((target) => target.met).length;
  return [
    ...table,
    "",
    `Seal-Tools tools copied to each size; p50/p99: one selection in process, the query's embedding apart; heap: what the`,
    `strategy's index holds. The vector strategy against LangChain's HNSWLib store on the same embeddings (p50 / p99,`,
    `query embedding included): ${store.join("; ") || "not measured"}. ${met} of ${targets.length} speed targets met`,
    `([docs/performance.md](docs/performance.md#speed-targets)). Recorded ${recorded.measuredAt.slice(0, 10)} on ${recorded.cpus} cores`,
    `with \`${recorded.command}\`.`,
  ].join("\n");
}

/** The docs/performance.md block (between `<!-- speed-targets -->` markers): every target and its measurement. */
export function renderTargetsBlock(recorded) {
  return [
    "| target | measured | met |",
    "|---|---|---|",
    ...recorded.output.targets.map((target) => `| ${target.target} | ${target.measured} | ${target.met ? "yes" : "no"} |`),
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
