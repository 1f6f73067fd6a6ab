// Prints the time of each worst input the hardening work bounds, against the built @dynamic-tools/core:
//   pnpm exec turbo run build --filter=@dynamic-tools/core && node test/adversarial/worst-inputs.mjs [--quick]
// --quick uses smaller inputs for the super-linear cases (for comparing with a build that does not bound them);
// --case TEXT runs only the cases whose label contains TEXT.
// DYNAMIC_TOOLS_CORE: another build of the core to measure (a path to its dist/index.js), e.g. an older commit.
const { ToolCatalog, createToolSelector } = await import(process.env.DYNAMIC_TOOLS_CORE ?? "@dynamic-tools/core");

const quick = process.argv.includes("--quick");
const only = process.argv.includes("--case") ? process.argv[process.argv.indexOf("--case") + 1] : undefined;
const time = async (label, run) => {
  if (only !== undefined && !label.includes(only)) return;
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  console.log(`${label.padEnd(64)} ${ms.toFixed(1).padStart(9)} ms`);
};
const words = ["salary", "client", "yoga", "class", "staff", "invoice", "report", "photo", "email", "calendar"];
const tools = Array.from({ length: 1000 }, (_, index) => ({
  name: `tool_${index}_${words[index % words.length]}`,
  description: `${words[index % 10]} ${words[(index * 3) % 10]} ${words[(index * 7) % 10]} tool number ${index}`,
  category: `category_${index % 40}`,
}));
const catalog = new ToolCatalog({ tools, categories: { category_0: { keywords: ["salary", "payroll"] } } });
const select = createToolSelector(catalog, { strategy: "keyword" });
const longWord = quick ? 10_000 : 100_000;
select("warm up");
await time(`select: one vowel-less word of ${longWord} letters ("qqq…")`, () => select("q".repeat(longWord)));
await time("select: 1 MB message of ordinary words", () => select("show me the pending salary please ".repeat(32_000)));
await time("select: 1 MB message of one unbroken word", () => select("x".repeat(1_000_000)));
await time("select: 200 KB of control characters and zero-width joiners", () => select("\u0000\u0007\u200d\u202e".repeat(50_000)));
await time("select: 200 KB of mixed scripts (CJK, Arabic, emoji, combining)", () =>
  select("工资会员 مرحبا 👩‍👩‍👧 e\u0301 ".repeat(10_000)),
);
await time("select: 300 history messages of 1 MB each", () =>
  select([
    ...Array.from({ length: 300 }, (_, index) => ({ role: "user", content: `${index} ${"z".repeat(1_000_000)}` })),
    { role: "user", content: "salary" },
  ]),
);
const longName = quick ? 2_000 : 20_000;
await time(`did you mean: a ${longName}-character name against 1,000 tools`, () => catalog.suggest("a".repeat(longName)));
await time("did you mean: a 64-character near miss against 1,000 tools", () => catalog.suggest(`tool_1_salar${"y".repeat(52)}`));
for (const strategy of ["bm25", "fuzzy", "hybrid"]) {
  if (only !== undefined && !`${strategy} select`.includes(only) && !only.startsWith(strategy)) continue;
  const ranked = createToolSelector(catalog, { strategy });
  await ranked("warm up");
  await time(`${strategy} select: one vowel-less word of ${longWord} letters`, () => ranked("q".repeat(longWord)));
  await time(`${strategy} select: 1 MB message of ordinary words`, () => ranked("show me the pending salary please ".repeat(32_000)));
  // Sentence ends and chaining words: what the bm25 strategy splits a request of several steps at.
  await time(`${strategy} select: 1 MB of dots, and of "?!"`, () =>
    Promise.all([ranked(".".repeat(1_000_000)), ranked("?!".repeat(500_000))]),
  );
  await time(`${strategy} select: 1 MB of ". " and of "then "`, () =>
    Promise.all([ranked(". ".repeat(500_000)), ranked("then ".repeat(200_000))]),
  );
  await time(`${strategy} select: 16 requests of several steps`, () =>
    ranked(Array.from({ length: 16 }, (_, index) => `Then check the ${words[index % 10]} report of ${words[(index + 3) % 10]}.`).join(" ")),
  );
  ranked.close?.();
}
