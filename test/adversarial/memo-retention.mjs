// Prints the heap a catalog keeps after 300 selections of distinct 1 MB messages (the keyword memo's retention):
//   node --expose-gc test/adversarial/memo-retention.mjs   (DYNAMIC_TOOLS_CORE=path/to/dist/index.js for another build)
const { ToolCatalog, createToolSelector } = await import(process.env.DYNAMIC_TOOLS_CORE ?? "@dynamic-tools/core");
const catalog = new ToolCatalog({
  tools: [{ name: "get_salary", description: "pending salary", category: "salary" }],
  categories: { salary: { keywords: ["salary"] } },
});
const select = createToolSelector(catalog, { strategy: "keyword" });
select("salary");
const held = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const before = held();
for (let index = 0; index < 300; index++) select(`${index} ${"pending salary ".repeat(70_000)}`);
console.log(`heap kept after 300 selections of 1 MB messages: ${(held() - before).toFixed(1)} MB`);
