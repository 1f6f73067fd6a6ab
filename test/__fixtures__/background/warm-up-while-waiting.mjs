// Run by test/background-warm-up.test.ts in a process of its own: a hybrid strategy over 2,000 tools whose words
// each have a vector (about 30 µs a lookup), indexed, then one timer awaited, as an agent awaits a model's answer.
// Prints how many word vectors were looked up by then, and after a request with one word of its own to expand, and
// whether the catalog's exact token total (counted in the background once an estimate is asked for) was known by then.
const { createHybridStrategy, ToolCatalog } = await import(process.argv[2]);
const waitMs = Number(process.argv[3]);
const word = (n) => `w${String.fromCharCode(97 + (n % 26), 97 + (Math.floor(n / 26) % 26), 97 + Math.floor(n / 676))}`;
let lookups = 0;
const embeddings = {
  embedQuery: async () => [1, 0, 0],
  embedDocuments: async (texts) => texts.map(() => [0, 1, 0]),
  wordVector: (text) => {
    lookups++;
    const until = performance.now() + 0.03;
    while (performance.now() < until);
    return [Math.sin(text.length + text.charCodeAt(1)), Math.cos(text.charCodeAt(2)), Math.sin(text.charCodeAt(text.length - 1))];
  },
};
const tools = Array.from({ length: 2000 }, (_, tool) => ({
  name: `tool_${tool}`,
  description: Array.from({ length: 12 }, (_, at) => word((tool * 7 + at * 251) % 3000)).join(" "),
}));
const strategy = createHybridStrategy({ embeddings });
await strategy.index(new ToolCatalog({ tools }));
const indexed = lookups;
await new Promise((resolve) => setTimeout(resolve, waitMs));
const waited = lookups;
await strategy.rank({ query: "settle this", limit: 3 });
const ranked = lookups;
// Then, with nothing else in the background, another catalog's exact token total.
const catalog = new ToolCatalog({ tools: tools.map((tool) => ({ ...tool, name: `other_${tool.name}` })) });
catalog.estimatedTotalTokens();
await new Promise((resolve) => setTimeout(resolve, waitMs));
const totalKnown = catalog.knowsTotalTokens();
process.stdout.write(`${JSON.stringify({ indexed, waited, ranked, totalKnown })}\n`);
