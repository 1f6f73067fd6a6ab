// Prints what a live update costs the vector strategy (offline embeddings, fitted to the catalog): the first rank
// after an update fits again and re-embeds every tool (refitOnUpdate). Run: node test/adversarial/refit-cost.mjs
import { ToolCatalog, createVectorStrategy } from "@dynamic-tools/core";
import { createCatalogIndex } from "@dynamic-tools/core/internal";
const W =
  "salary client yoga class staff invoice report photo email calendar weather search file read write delete list create update booking".split(
    " ",
  );
for (const size of [1000, 10000]) {
  const tools = Array.from({ length: size }, (_, i) => ({
    name: `t${i}_${W[i % 20]}`,
    description: `${W[i % 20]} ${W[(i * 3) % 20]} ${W[(i * 7) % 20]} ${W[(i * 11) % 20]} number ${i}`,
  }));
  const catalog = new ToolCatalog({ tools });
  const vector = createVectorStrategy();
  const index = createCatalogIndex(catalog, vector);
  let t = performance.now();
  await index.current();
  const built = performance.now() - t;
  await vector.rank({ query: "salary report", limit: 5 });
  t = performance.now();
  await vector.rank({ query: "yoga class", limit: 5 });
  const plain = performance.now() - t;
  catalog.remove([`t0_${W[0]}`]);
  catalog.add([{ name: "new_tool", description: "new payroll tool" }]);
  await index.current();
  t = performance.now();
  await vector.rank({ query: "salary report", limit: 5 });
  const refit = performance.now() - t;
  t = performance.now();
  await vector.rank({ query: "email calendar", limit: 5 });
  const after = performance.now() - t;
  console.log(
    `${size} tools: index ${built.toFixed(0)} ms; rank ${plain.toFixed(1)} ms; first rank after an update (refit) ${refit.toFixed(0)} ms; next rank ${after.toFixed(1)} ms`,
  );
}
