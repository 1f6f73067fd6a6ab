import { Embeddings } from "@langchain/core/embeddings";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import { measureSelector } from "./measure-selector.js";
import { timeEmbeddings } from "./timed-embeddings.js";

const TOOLS = [
  { name: "generate_image", description: "Create or edit an image" },
  { name: "get_pending_salaries", description: "Salaries not yet paid" },
  { name: "send_email", description: "Send an email to staff" },
];
const QUERIES = [
  { current: "edit my photo", history: [] },
  { current: "email the staff", history: ["what is pending salary?"] },
];

/** Spins for `ms` milliseconds: a slow query embedding. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

class SlowEmbeddings extends Embeddings {
  readonly model = "slow";
  fitted: string[] = [];
  constructor() {
    super({});
  }
  fit(documents: string[]): void {
    this.fitted = documents;
  }
  embedQuerySync(_text?: string): number[] {
    busy(2);
    return [1, 0];
  }
  async embedQuery(_text?: string): Promise<number[]> {
    busy(2);
    return [1, 0];
  }
  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map(() => [0, 1]);
  }
}

describe("timeEmbeddings", () => {
  it("times query embeddings (sync and async) and passes everything else through", async () => {
    const slow = new SlowEmbeddings();
    const timer = timeEmbeddings(slow);
    const embeddings = timer.embeddings as SlowEmbeddings;
    embeddings.fit(["a document"]);
    expect(slow.fitted).toEqual(["a document"]);
    expect(embeddings.model).toBe("slow");
    await embeddings.embedDocuments(["x"]);
    expect(timer.elapsedUs).toBe(0);
    embeddings.embedQuerySync();
    await embeddings.embedQuery("y");
    expect(timer.elapsedUs).toBeGreaterThanOrEqual(4000);
    timer.reset();
    expect(timer.elapsedUs).toBe(0);
  });
});

describe("measureSelector", () => {
  it("reports index time, latency percentiles and memory; embedding apart for strategies that embed", async () => {
    const build = () => new ToolCatalog({ tools: TOOLS });
    const lexical = await measureSelector({ strategy: "bm25", label: "tiny", build, queries: QUERIES, iterations: 30, budgetMs: 500 });
    expect(lexical).toMatchObject({ strategy: "bm25", catalog: "tiny", tools: 3 });
    expect(lexical.samples).toBeGreaterThan(0);
    expect(lexical.p99Us).toBeGreaterThanOrEqual(lexical.p50Us);
    expect(lexical.embedP50Us).toBeUndefined();

    const hybrid = await measureSelector({ strategy: "hybrid", label: "tiny", build, queries: QUERIES, iterations: 30, budgetMs: 500 });
    expect(hybrid.embedP50Us).toBeGreaterThan(0);
    expect(hybrid.embedP99Us).toBeGreaterThanOrEqual(hybrid.embedP50Us!);
    expect(hybrid.p50Us).toBeGreaterThan(0);
  });
});
