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
    expect(cache.vector(first[0]!)).toEqual(cache.get(textHash("edit image")));
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

  it("keeps vectors as 32-bit floats in rows, reuses a forgotten row with a new stamp, and grows one vector at a time", () => {
    const cache = new EmbeddingCache();
    const first = cache.set("a", [0.1, 0.2, 0.3]);
    expect(Array.from(cache.get("a")!)).toEqual([Math.fround(0.1), Math.fround(0.2), Math.fround(0.3)]);
    const stamp = cache.stamp(first);
    cache.set("b", [1, 2, 3]);
    cache.retain(new Set(["b"]));
    const reused = cache.set("c", [4, 5, 6]);
    expect(reused).toBe(first);
    expect(cache.stamp(reused)).not.toBe(stamp);
    expect(cache.size).toBe(2);
    expect(Array.from(cache.get("c")!)).toEqual([4, 5, 6]);
    expect(Array.from(cache.get("b")!)).toEqual([1, 2, 3]);
    for (let index = 0; index < 100; index++) cache.set(`v${index}`, [index, index, index]);
    for (let index = 0; index < 100; index++) expect(Array.from(cache.get(`v${index}`)!)).toEqual([index, index, index]);
    expect(() => cache.set("long", [1, 2, 3, 4])).toThrow(/4 numbers/);
  });

  it("starts over with other dimensions once every vector is forgotten", () => {
    const cache = new EmbeddingCache();
    cache.set("a", [1, 2]);
    cache.retain(new Set());
    cache.set("b", [1, 2, 3]);
    expect(Array.from(cache.get("b")!)).toEqual([1, 2, 3]);
  });
});
