import { createHash } from "node:crypto";
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import { describe, expect, it } from "vitest";
import { OfflineEmbeddings } from "./offline-embeddings.js";
import { DEFAULT_TABLE_PATH, loadWordVectorTable } from "./word-vector-table.js";

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, value, index) => sum + value * b[index]!, 0);

const IMAGE_TOOL = "generate image\nCreate or edit an image from a text prompt.\nParameters: prompt (what to draw)";
const SALARY_TOOL = "get pending salaries\nSalaries of staff that are not yet paid this month.";
const CATALOG = [
  IMAGE_TOOL,
  SALARY_TOOL,
  "get staff list\nEveryone on staff, with their roles.",
  "get gym info\nName, address and opening hours of the gym.",
  "book class\nBook a member into a yoga or spinning class.",
  "send email\nSend an email message to a member.",
];

describe("the shipped word-vector table", () => {
  it("loads in well under a second, once per process", () => {
    const started = performance.now();
    const table = loadWordVectorTable();
    const elapsed = performance.now() - started;
    console.log(`word-vector table: ${table.size} words × ${table.dimensions} d, loaded in ${elapsed.toFixed(0)} ms`);
    expect(table.dimensions).toBe(100);
    expect(table.size).toBeGreaterThanOrEqual(50_000);
    expect(loadWordVectorTable(DEFAULT_TABLE_PATH)).toBe(table);
  });

  it("ranks words by source frequency", () => {
    const table = loadWordVectorTable();
    expect(table.rank(table.lookup("the")!)).toBe(1);
    expect(table.rank(table.lookup("photo")!)).toBeLessThan(table.rank(table.lookup("bibliography")!));
  });
});

describe("OfflineEmbeddings", () => {
  const embeddings = new OfflineEmbeddings();

  it("is LangChain embeddings (EmbeddingsInterface) with 100-d unit vectors", async () => {
    const asLangChain: EmbeddingsInterface = embeddings;
    expect(typeof asLangChain.embedQuery).toBe("function");
    const vector = await embeddings.embedQuery("edit my photo");
    expect(vector).toHaveLength(100);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 6);
    expect(await embeddings.embedDocuments(["a photo", "a salary"])).toHaveLength(2);
  });

  it("puts similar words closer than unrelated ones", () => {
    const [photo, image, salary, payroll] = embeddings.embedDocumentsSync(["photo", "image", "salary", "payroll"]) as number[][];
    expect(cosine(photo!, image!)).toBeGreaterThan(cosine(photo!, salary!));
    expect(cosine(salary!, payroll!)).toBeGreaterThan(cosine(salary!, image!));
  });

  it("matches a paraphrase to the right tool text", () => {
    const [query, image, salary] = embeddings.embedDocumentsSync(["edit photo", IMAGE_TOOL, SALARY_TOOL]) as number[][];
    expect(cosine(query!, image!)).toBeGreaterThan(cosine(query!, salary!));
  });

  it("splits identifiers and falls back on suffixes and letter/digit runs", () => {
    expect(cosine(embeddings.embedQuerySync("getPendingSalaries"), embeddings.embedQuerySync("get pending salaries"))).toBeCloseTo(1, 6);
    expect(embeddings.embedQuerySync("photographies").some((value) => value !== 0)).toBe(true);
    expect(embeddings.embedQuerySync("xqzv").every((value) => value === 0)).toBe(true);
    expect(embeddings.embedQuerySync("").every((value) => value === 0)).toBe(true);
  });

  it("is deterministic", async () => {
    const again = new OfflineEmbeddings();
    expect(await again.embedQuery("book a yoga class")).toEqual(await embeddings.embedQuery("book a yoga class"));
  });

  it("fit() changes the embedding deterministically, and still matches the paraphrase", () => {
    const fitted = new OfflineEmbeddings();
    const before = fitted.embedQuerySync("edit photo");
    const modelBefore = fitted.model;
    fitted.fit(CATALOG);
    const after = fitted.embedQuerySync("edit photo");
    expect(after).not.toEqual(before);
    expect(fitted.model).not.toBe(modelBefore);
    expect(fitted.model).toMatch(/\+fit:[0-9a-f]{16}$/);

    const twin = new OfflineEmbeddings();
    twin.fit(CATALOG);
    expect(twin.embedQuerySync("edit photo")).toEqual(after);
    expect(twin.model).toBe(fitted.model);

    const [image, salary] = fitted.embedDocumentsSync([IMAGE_TOOL, SALARY_TOOL]) as number[][];
    expect(cosine(after, image!)).toBeGreaterThan(cosine(after, salary!));

    fitted.fit([]);
    expect(fitted.embedQuerySync("edit photo")).toEqual(before);
    expect(fitted.model).toBe(modelBefore);
  });

  // Pinned from the table's first reader (a Map of decoded words, every weight computed up front): a faster load or
  // lazier weights must give these very numbers, bit for bit.
  it("gives exactly the vectors it always gave: fitted and unfitted, odd words, table lookups (pinned)", async () => {
    const documents = [
      "generate image\nCreate or edit an image from a text prompt.",
      "get pending salaries\nSalaries of staff that are not yet paid this month.",
      "send email\nSend an email to a client",
      "book class\nBook a client into a yoga class",
      "naïve café résumé 東京 x2y3 getHTTPStatus",
    ];
    const fitted = new OfflineEmbeddings();
    fitted.fit(documents);
    const texts = [...documents, "edit my photo", "who has not been paid?", "unknownwordzz", "Running runners ran quickly 2024 covid19"];
    const table = loadWordVectorTable();
    const words = ["the", "photo", "bibliography", "zzz", "café", "covid", "2024"].map((word) => {
      const entry = table.lookup(word);
      return [word, entry, entry === undefined ? null : table.vector(entry)];
    });
    const all = [await fitted.embedDocuments(texts), await new OfflineEmbeddings().embedDocuments(texts), words, fitted.model];
    const hash = createHash("sha256").update(JSON.stringify(all)).digest("hex");
    expect(hash).toBe("b2d1f64b9aa7a8f216773a3769e8c3d74ca4e7557d91ff756c25035651f6c60d");
  });

  it("rejects a non-positive sifA", () => {
    expect(() => new OfflineEmbeddings({ sifA: 0 })).toThrow(/sifA/);
  });
});

describe("OfflineEmbeddings.wordVector", () => {
  const embeddings = new OfflineEmbeddings();
  const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let d = 0; d < a.length; d++) {
      dot += a[d]! * b[d]!;
      na += a[d]! * a[d]!;
      nb += b[d]! * b[d]!;
    }
    return dot / Math.sqrt(na * nb);
  };

  it("gives a known word's vector (and a suffixed form's), undefined for an unknown word", () => {
    const remember = embeddings.wordVector("remember")!;
    expect(remember).toHaveLength(embeddings.dimensions);
    expect(embeddings.wordVector("reminders")).toBeDefined();
    expect(embeddings.wordVector("qzxqzxqzx")).toBeUndefined();
    // Related words are nearer than unrelated ones.
    expect(cosine(remember, embeddings.wordVector("remind")!)).toBeGreaterThan(cosine(remember, embeddings.wordVector("weather")!));
  });
});
