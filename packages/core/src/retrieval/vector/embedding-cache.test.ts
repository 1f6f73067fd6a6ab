import { describe, expect, it } from "vitest";
import { CountingEmbeddings } from "./__fixtures__/fake-embeddings.js";
import { EmbeddingCache, textHash } from "./embedding-cache.js";

describe("EmbeddingCache", () => {
  it("embeds each distinct text once, in one batch, and reuses it after", async () => {
    const embeddings = new CountingEmbeddings();
    const cache = new EmbeddingCache();
    cache.model = embeddings.model;
    const first = await cache.embed(embeddings, ["edit image", "send email", "edit image"]);
    expect(embeddings.embedded).toEqual(["edit image", "send email"]);
    expect(first[0]).toBe(first[2]);
    await cache.embed(embeddings, ["send email", "book class"]);
    expect(embeddings.embedded).toEqual(["edit image", "send email", "book class"]);
    expect({ embedded: cache.embedded, reused: cache.reused }).toEqual({ embedded: 3, reused: 2 });
  });

  it("keys by the exact text's sha256 and empties on a model change", async () => {
    expect(textHash("a")).toBe("ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb");
    expect(textHash("a ")).not.toBe(textHash("a"));
    const embeddings = new CountingEmbeddings();
    const cache = new EmbeddingCache();
    cache.model = "one";
    await cache.embed(embeddings, ["edit image"]);
    cache.model = "one";
    expect(cache.size).toBe(1);
    cache.model = "two";
    expect(cache.size).toBe(0);
  });

  it("forgets texts no longer in use", async () => {
    const cache = new EmbeddingCache();
    await cache.embed(new CountingEmbeddings(), ["a", "b"]);
    cache.retain(new Set([textHash("b")]));
    expect(cache.get(textHash("a"))).toBeUndefined();
    expect(cache.get(textHash("b"))).toBeDefined();
  });
});
