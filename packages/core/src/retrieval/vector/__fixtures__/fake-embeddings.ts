/**
 * A deterministic bag-of-words embedder for tests: each known word adds its own axis, so texts sharing words are
 * close. Counts the texts it embeds.
 */
import { Embeddings } from "@langchain/core/embeddings";
import { splitWords } from "../../../text/tokenize.js";

export const FAKE_VOCABULARY = ["image", "photo", "edit", "salary", "paid", "staff", "email", "send", "class", "book", "weather"];

export class CountingEmbeddings extends Embeddings {
  readonly embedded: string[] = [];
  readonly model: string;

  constructor(model = "fake-bag-of-words") {
    super({});
    this.model = model;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    this.embedded.push(...texts);
    return texts.map(vectorOf);
  }

  async embedQuery(text: string): Promise<number[]> {
    return vectorOf(text);
  }
}

/** {@link CountingEmbeddings} that can also embed documents synchronously (as `OfflineEmbeddings` can). */
export class SyncCountingEmbeddings extends CountingEmbeddings {
  /** The texts of each `embedDocumentsSync` call. */
  readonly syncCalls: string[][] = [];

  embedDocumentsSync(texts: readonly string[]): number[][] {
    this.syncCalls.push([...texts]);
    return texts.map(vectorOf);
  }
}

function vectorOf(text: string): number[] {
  const vector = new Array<number>(FAKE_VOCABULARY.length).fill(0);
  for (const word of splitWords(text)) {
    // "photo" and "image" share an axis: the fake's one synonym.
    const axis = FAKE_VOCABULARY.indexOf(word === "photo" ? "image" : word);
    if (axis !== -1) vector[axis]! += 1;
  }
  return vector;
}
