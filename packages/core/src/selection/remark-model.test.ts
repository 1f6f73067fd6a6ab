import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { OFFLINE_EMBEDDINGS_MODEL, OfflineEmbeddings } from "@dynamic-tools/offline-embeddings";
import { ABSTENTION_DEFAULTS } from "./abstention.js";
import { cachedWordVectors, canReadRemark, loadRemarkReader, remarkFeatures, remarkProbability } from "./remark-model.js";
import { REMARK_MODEL } from "./remark-model-weights.js";

/** Two-dimensional word vectors for three words; any other word is unknown. */
const vectors = {
  wordVector: (word: string) => ({ snow: [3, 4], day: [0, 2], kids: [-1, 0] })[word],
};

describe("remarkFeatures", () => {
  it("is the mean and the opening at unit length, the extremes, then the message's form", () => {
    const read = remarkFeatures("Snow day!! kids 🎉", vectors, 2);
    expect(read).toMatchObject({ words: 3, known: 3 });
    const features = Array.from(read.features);
    // Known words snow, day, kids: sum (2, 6); the first two, snow and day: (3, 6); max (3, 4), min (-1, 0).
    const unit = (x: number, y: number) => [x / Math.hypot(x, y), y / Math.hypot(x, y)];
    const expected = [...unit(2, 6), ...unit(3, 6), 3, 4, -1, 0, 0, 1, 1, 3 / 20];
    expect(features).toHaveLength(2 * 4 + 4);
    features.forEach((value, index) => expect(value).toBeCloseTo(expected[index]!, 12));
  });

  it("ends with 1 for each marked word the message has and 0 for the others, in the marked words' order", () => {
    const plain = Array.from(remarkFeatures("Snow day!! kids 🎉 snow", vectors, 2).features);
    const marked = Array.from(remarkFeatures("Snow day!! kids 🎉 snow", vectors, 2, ["kids", "zzz", "snow"]).features);
    expect(marked).toEqual([...plain, 1, 0, 1]);
  });

  it("is zeros but the form when no word is known, and counts at most 20 words", () => {
    const read = remarkFeatures(`what ${"zzz ".repeat(30)}?`, vectors, 2);
    expect(read).toMatchObject({ words: 31, known: 0 });
    const features = Array.from(read.features);
    expect(features).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1]);
  });

  it("writes into a given array of its length what it would return in a new one, whatever the array held", () => {
    const into = new Float64Array(2 * 4 + 4 + 1).fill(7);
    for (const message of ["Snow day!! kids 🎉", "kids kids snow", "zzz only?"]) {
      const read = remarkFeatures(message, vectors, 2, ["kids"], into);
      expect(read.features).toBe(into);
      expect(Array.from(into)).toEqual(Array.from(remarkFeatures(message, vectors, 2, ["kids"]).features));
    }
    // Of another length, it is left alone and a new array is returned.
    const short = new Float64Array(3).fill(7);
    expect(remarkFeatures("Snow day", vectors, 2, [], short).features).not.toBe(short);
    expect(Array.from(short)).toEqual([7, 7, 7]);
  });
});

describe("canReadRemark", () => {
  it("reads messages of four words or more, two thirds of them known, that ask no question", () => {
    expect(canReadRemark("snow day kids again", { words: 4, known: 3 })).toBe(true);
    expect(canReadRemark("snow day kids", { words: 3, known: 3 })).toBe(false);
    expect(canReadRemark("snow day kids zzz zzz", { words: 5, known: 3 })).toBe(false);
    expect(canReadRemark("zzz yyy xxx", remarkFeatures("zzz yyy xxx", vectors, 2))).toBe(false);
    for (const question of ["snow day kids?", "how many are frozen", "ok, is it snowing"])
      expect(canReadRemark(question, { words: 5, known: 5 })).toBe(false);
  });
});

describe("remarkProbability", () => {
  it("is the logistic of the weighted sum and the bias", () => {
    expect(remarkProbability([2, 1], { vectors: "test", weights: [1, -1], bias: 0.5 })).toBeCloseTo(1 / (1 + Math.exp(-1.5)), 12);
    expect(remarkProbability([0, 0], { vectors: "test", weights: [1, -1], bias: 0 })).toBe(0.5);
  });
});

describe("the trained remark model", () => {
  it("weighs the features of the offline word vectors it was trained on", () => {
    expect(REMARK_MODEL.vectors).toBe(OFFLINE_EMBEDDINGS_MODEL);
    expect(REMARK_MODEL.words).toHaveLength(300);
    expect(REMARK_MODEL.weights).toHaveLength(4 * 100 + 4 + 300);
    expect(REMARK_MODEL.weights.every(Number.isFinite) && Number.isFinite(REMARK_MODEL.bias)).toBe(true);
  });

  it("loads once, and fits the lists it was trained on; a message it cannot read gets no opinion", async () => {
    const read = await loadRemarkReader();
    expect(await loadRemarkReader()).toBe(read);
    const lists = (names: string[]) =>
      names.flatMap((name) =>
        readFileSync(fileURLToPath(new URL(`../../../../datasets/small-talk/${name}.jsonl`, import.meta.url)), "utf8")
          .trim()
          .split("\n")
          .map((line) => (JSON.parse(line) as { query: string }).query),
      );
    const { remarkThreshold } = ABSTENTION_DEFAULTS;
    const share = (messages: string[]) => {
      const probabilities = messages.map((message) => read!(message)).filter((probability) => probability > 0);
      return probabilities.filter((probability) => probability >= remarkThreshold).length / probabilities.length;
    };
    // How far it carries to lists it was not trained on is measured with `eval --off-topic` (docs/selection.md).
    const smallTalk = ["dev", "check", "independent-1", "independent-2", "unseen", "unseen-2", "unseen-3", "unseen-4", "unseen-5"];
    expect(share(lists([...smallTalk, "remarks", "remarks-2", "remarks-3"]))).toBeGreaterThan(0.5);
    expect(share(lists(["requests", "requests-2", "requests-3", "requests-4", "requests-5", "requests-6"]))).toBeLessThan(0.05);
    for (const unread of ["open", "网页搜索", "thx!", "how many are frozen", "snow day kids?"]) expect(read!(unread)).toBe(0);
  });

  it("is undefined over embeddings that are not the model's, or whose table cannot be read: the rules read alone", async () => {
    expect(await loadRemarkReader(async () => ({ embedQuery: async () => [] }))).toBeUndefined();
    expect(await loadRemarkReader(async () => new OfflineEmbeddings({ sifA: 0.01 }))).toBeTypeOf("function");
    expect(await loadRemarkReader(async () => new OfflineEmbeddings({ tablePath: "/nonexistent/word-vectors.bin" }))).toBeUndefined();
    expect(
      await loadRemarkReader(async () => {
        throw new Error("not installed");
      }),
    ).toBeUndefined();
  });
});

describe("cachedWordVectors", () => {
  it("looks a recurring word up once while one-off words flow past, and lets one-off words age out", () => {
    const lookups = new Map<string, number>();
    const cached = cachedWordVectors({
      wordVector: (word) => {
        lookups.set(word, (lookups.get(word) ?? 0) + 1);
        return word.startsWith("n") ? undefined : [word.length];
      },
    });
    // A message's common word, then 10,000 messages each with a number of its own (five generations of them).
    for (let message = 0; message < 10_000; message++) {
      expect(cached.wordVector("weather")).toEqual([7]);
      expect(cached.wordVector(`n${message}`)).toBeUndefined();
    }
    expect(lookups.get("weather")).toBe(1);
    // An unknown word is remembered as unknown (one lookup), and the oldest one-off words are gone.
    cached.wordVector("n9999");
    expect(lookups.get("n9999")).toBe(1);
    cached.wordVector("n0");
    expect(lookups.get("n0")).toBe(2);
  });
});
