import type { DocumentInterface } from "@langchain/core/documents";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { VectorStore } from "@langchain/core/vectorstores";
import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../../catalog/tool-metadata.js";
import { CountingEmbeddings } from "./__fixtures__/fake-embeddings.js";
import { createVectorStoreStrategy } from "./vector-store-strategy.js";

/** The smallest real LangChain VectorStore: exact cosine over an array (what MemoryVectorStore does). */
class TinyVectorStore extends VectorStore {
  declare FilterType: (document: DocumentInterface) => boolean;
  readonly rows: Array<{ vector: number[]; document: DocumentInterface }> = [];
  searches: number[] = [];

  constructor(
    embeddings: EmbeddingsInterface,
    readonly distances = false,
  ) {
    super(embeddings, {});
  }

  _vectorstoreType(): string {
    return "tiny";
  }

  async addDocuments(documents: DocumentInterface[]): Promise<void> {
    await this.addVectors(await this.embeddings.embedDocuments(documents.map((document) => document.pageContent)), documents);
  }

  async addVectors(vectors: number[][], documents: DocumentInterface[]): Promise<void> {
    vectors.forEach((vector, index) => this.rows.push({ vector, document: documents[index]! }));
  }

  async similaritySearchVectorWithScore(query: number[], k: number): Promise<Array<[DocumentInterface, number]>> {
    this.searches.push(k);
    const cosine = (vector: number[]) => {
      const norm = Math.hypot(...vector) * Math.hypot(...query);
      return norm === 0 ? 0 : vector.reduce((sum, value, index) => sum + value * query[index]!, 0) / norm;
    };
    return this.rows
      .map(({ vector, document }) => [document, cosine(vector)] as [DocumentInterface, number])
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([document, score]) => [document, this.distances ? 1 - score : score]);
  }
}

const TOOLS: ToolDeclaration[] = [
  { name: "generate_image", description: "Create or edit an image" },
  { name: "get_pending_salaries", description: "Salaries not yet paid" },
  { name: "send_email", description: "Send an email to staff" },
  { name: "book_class", description: "Book a yoga class" },
];
const catalogOf = (tools: ToolDeclaration[]) => new ToolCatalog({ tools });

describe("createVectorStoreStrategy", () => {
  it("adds one document per tool and ranks with the store's similarity search", async () => {
    const embeddings = new CountingEmbeddings();
    const vectorStore = new TinyVectorStore(embeddings);
    const strategy = createVectorStoreStrategy({ vectorStore });
    await strategy.index(catalogOf(TOOLS));
    expect(vectorStore.rows.map((row) => row.document.metadata.name)).toEqual(TOOLS.map((tool) => tool.name));
    expect(vectorStore.rows[0]!.document.pageContent).toBe("generate image\nCreate or edit an image");
    const ranked = await strategy.rank({ query: "edit my photo", limit: 2 });
    expect(ranked[0]).toEqual({ name: "generate_image", score: expect.any(Number), signals: { vector: ranked[0]!.score } });
    expect(ranked[0]!.score).toBeGreaterThan(0.5);
    expect(ranked).toHaveLength(1); // the one tool with a positive cosine
    expect(vectorStore.searches).toEqual([2]);
    expect((await strategy.rank({ query: "send email to book a class", limit: 2 })).map((tool) => tool.name).sort()).toEqual([
      "book_class",
      "send_email",
    ]);
  });

  it("reads cosine distances as similarities", async () => {
    const vectorStore = new TinyVectorStore(new CountingEmbeddings(), true);
    const strategy = createVectorStoreStrategy({ vectorStore, scores: "cosine-distance" });
    await strategy.index(catalogOf(TOOLS));
    const [best] = await strategy.rank({ query: "edit my photo", limit: 1 });
    expect(best).toMatchObject({ name: "generate_image" });
    expect(best!.score).toBeGreaterThan(0.5);
  });

  it("filters, skips stale documents, and does not re-add unchanged tools", async () => {
    const embeddings = new CountingEmbeddings();
    const vectorStore = new TinyVectorStore(embeddings);
    const strategy = createVectorStoreStrategy({ vectorStore });
    await strategy.index(catalogOf(TOOLS));
    const filtered = await strategy.rank({ query: "edit my photo", limit: 2, filter: (name) => name !== "generate_image" });
    expect(filtered.map((tool) => tool.name)).not.toContain("generate_image");

    await strategy.index(
      catalogOf(TOOLS.map((tool) => (tool.name === "generate_image" ? { ...tool, description: "Book a spinning class" } : tool))),
    );
    expect(embeddings.embedded).toHaveLength(TOOLS.length + 1);
    // Only the stale document says "edit".
    expect(await strategy.rank({ query: "edit", limit: 4 })).toEqual([]);

    strategy.remove(["send_email"]);
    expect((await strategy.rank({ query: "send email", limit: 4 })).map((tool) => tool.name)).not.toContain("send_email");
    await strategy.add([catalogOf([{ name: "weather_now", description: "Current weather" }]).get("weather_now")!]);
    expect((await strategy.rank({ query: "weather", limit: 1 }))[0]!.name).toBe("weather_now");
  });
});
