// What keeping a retrieval index current over a live 10,000-tool catalog costs: a selection in the steady state (no
// update since the last), the first selection after 1 and after 10 updates, per strategy; then the memory held by 20
// selectors made and forgotten, and by the catalog after 1,024 updates. It uses only the public selector API, so the
// same file measures another build of the library (CORE=path/to/dist/index.js).
// Run: node test/adversarial/live-update-cost.mjs [runs]   (after building @dynamic-tools/core)
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const { ToolCatalog, createBm25Strategy, createVectorStrategy, createToolSelector, createCatalogIndex } = await import(
  process.env.CORE ?? "@dynamic-tools/core"
);

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

const W =
  "salary client yoga class staff invoice report photo email calendar weather search file read write delete list create update booking".split(
    " ",
  );
const VERBS = ["get", "create", "update", "delete", "list", "search", "export", "sync"];

/** 10,000 tools over 300 categories with keywords, deterministic. */
function catalogConfig() {
  const word = (i) => W[i % W.length];
  const tools = Array.from({ length: 10_000 }, (_, i) => ({
    name: `${VERBS[i % 8]}_${word(i * 7)}_${word(i * 13)}_${i}`,
    description: `${VERBS[i % 8]} the ${word(i * 3)} ${word(i * 7)} of a ${word(i * 11)} (record ${i})`,
    category: `category_${i % 300}`,
  }));
  const categories = Object.fromEntries(
    Array.from({ length: 300 }, (_, c) => [`category_${c}`, { keywords: [`${word(c)}${c}`, word(c * 7)] }]),
  );
  return { tools, categories };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length / 2) - 1];

const QUERIES = ["export the invoice list", "sync my calendar", "search staff records", "update a booking"];

async function timed(work) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

let serial = 0;
/** One catalog update: a new tool added. */
function update(catalog) {
  serial++;
  catalog.add([{ name: `live_tool_${serial}`, description: `sync the live invoice number ${serial}` }]);
}

/** Heap plus external memory after full collections (twice, a turn apart, so weak callbacks have run). */
async function heldMb() {
  for (let round = 0; round < 3; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const { heapUsed, external } = process.memoryUsage();
  return (heapUsed + external) / 2 ** 20;
}

const ms = (values) => median(values).toFixed(median(values) < 10 ? 2 : 0);

async function measureStrategy(label, make, config, runs) {
  const catalog = new ToolCatalog(config);
  const select = createToolSelector(catalog, { strategy: make(), countTokens: false });
  await select(QUERIES[0]); // builds the index
  const steady = [];
  const afterOne = [];
  const afterTen = [];
  for (let run = 0; run < runs; run++) {
    for (const query of QUERIES) steady.push(await timed(() => select(query)));
    update(catalog);
    afterOne.push(await timed(() => select(QUERIES[run % QUERIES.length])));
    for (let count = 0; count < 10; count++) update(catalog);
    afterTen.push(await timed(() => select(QUERIES[(run + 1) % QUERIES.length])));
  }
  const columns = [
    `steady ${ms(steady).padStart(7)} ms`,
    `first after 1 update ${ms(afterOne).padStart(6)} ms`,
    `after 10 updates ${ms(afterTen).padStart(6)} ms`,
  ];
  console.log(`${label.padEnd(32)} ${columns.join("   ")}`);
}

/** Makes `count` bm25 selectors over the catalog, selects once with each, and keeps none. */
async function forget(catalog, count) {
  for (let index = 0; index < count; index++) {
    const select = createToolSelector(catalog, { strategy: createBm25Strategy(), countTokens: false });
    await select(QUERIES[index % QUERIES.length]);
  }
}

async function measureForgottenSelectors(config) {
  const catalog = new ToolCatalog(config);
  // Ten first, so what the catalog and module caches hold after first selections is not counted; then twenty more.
  await forget(catalog, 10);
  const before = await heldMb();
  await forget(catalog, 20);
  const after = await heldMb();
  // Updates after the selectors were forgotten: nothing should apply them any more.
  const updating = await timed(() => {
    for (let count = 0; count < 10; count++) update(catalog);
  });
  const held = `${(after - before).toFixed(1)} MB more held`;
  console.log(`20 more forgotten bm25 selectors (10,000 tools): ${held}; 10 updates afterwards ${updating.toFixed(1)} ms`);
}

async function measureLog(config) {
  const catalog = new ToolCatalog(config);
  const names = catalog.names();
  const before = await heldMb();
  // 1,024 updates, each changing 10 tools' descriptions: the catalog keeps only the latest metadata, a log keeps more.
  for (let round = 0; round < 1_024; round++) {
    const from = (round * 10) % 9_990;
    catalog.add(names.slice(from, from + 10).map((name) => ({ name, description: `changed ${round} ${name}` })));
  }
  const after = await heldMb();
  console.log(`catalog of 10,000 tools after 1,024 updates of 10 changed tools: ${(after - before).toFixed(1)} MB more held`);
}

/** The catch-up check alone, with no update to apply (only in builds that have createCatalogIndex). */
async function measureCurrentCall(config) {
  if (createCatalogIndex === undefined) return;
  const index = createCatalogIndex(new ToolCatalog(config), createBm25Strategy());
  await index.current();
  const runs = [];
  for (let run = 0; run < 7; run++) {
    const calls = 200_000;
    const elapsed = await timed(async () => {
      for (let call = 0; call < calls; call++) await index.current();
    });
    runs.push((elapsed * 1e6) / calls);
  }
  console.log(`await index.current() with no update to apply: ${median(runs).toFixed(0)} ns a call`);
}

async function main() {
  const runs = Number(process.argv[2] ?? 7);
  const config = catalogConfig();
  console.log(`Live updates over a 10,000-tool catalog, medians of ${runs} runs (steady: ${runs * QUERIES.length} selections)`);
  await measureStrategy("bm25", () => createBm25Strategy(), config, runs);
  await measureStrategy("vector (refit on update)", () => createVectorStrategy(), config, runs);
  await measureStrategy("vector (refitOnUpdate: false)", () => createVectorStrategy({ refitOnUpdate: false }), config, runs);
  await measureForgottenSelectors(config);
  await measureLog(config);
  await measureCurrentCall(config);
}

await main();
