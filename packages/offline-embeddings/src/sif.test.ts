import { describe, expect, it } from "vitest";
import { firstPrincipalComponent, inverseDocumentFrequency, normalized, removeComponent, sifWeight, zipfProbability } from "./sif.js";
import { letterDigitRuns, splitWords, suffixVariants } from "./split-words.js";

describe("SIF arithmetic", () => {
  it("Zipf probabilities fall with rank and sum to about 1", () => {
    let total = 0;
    for (let rank = 1; rank <= 1000; rank++) total += zipfProbability(rank, 1000);
    expect(total).toBeCloseTo(1, 3);
    expect(zipfProbability(1, 1000)).toBeGreaterThan(zipfProbability(2, 1000));
  });

  it("weights frequent words down and rare words near 1", () => {
    expect(sifWeight(0.05, 1e-4)).toBeLessThan(0.01);
    expect(sifWeight(1e-7, 1e-4)).toBeGreaterThan(0.99);
  });

  it("IDF is 1 for a word in every document and highest for a word in none", () => {
    expect(inverseDocumentFrequency(10, 10)).toBe(1);
    expect(inverseDocumentFrequency(0, 10)).toBeGreaterThan(inverseDocumentFrequency(1, 10));
  });

  it("finds the dominant direction and removes it", () => {
    const rows = [
      [3, 0.1, 0],
      [2.5, -0.1, 0.2],
      [-3, 0, 0.1],
    ].map((row) => Float64Array.from(row));
    const component = firstPrincipalComponent(rows, 3)!;
    expect(Math.abs(component[0]!)).toBeGreaterThan(0.99);
    const vector = Float64Array.from([1, 2, 3]);
    removeComponent(vector, component);
    expect(Math.abs(vector.reduce((sum, value, index) => sum + value * component[index]!, 0))).toBeLessThan(1e-12);
    expect(firstPrincipalComponent([new Float64Array(3)], 3)).toBeUndefined();
    expect(normalized(new Float64Array(2))).toBeUndefined();
  });
});

describe("splitWords", () => {
  it("splits like @dynamic-tools/core", () => {
    expect(splitWords("Who came today's yogaClass?")).toEqual(["who", "came", "today", "yoga", "class"]);
    expect(splitWords("get_clients-list.v2 HTTPServer IDs")).toEqual(["get", "clients", "list", "v2", "http", "server", "ids"]);
    expect(splitWords("Café crème")).toEqual(["café", "crème"]);
  });

  it("offers suffix variants and letter/digit runs for unknown words", () => {
    expect(suffixVariants("bibliographies")).toContain("bibliography");
    expect(suffixVariants("edited")).toEqual(expect.arrayContaining(["edit", "edite"]));
    expect(suffixVariants("is")).toEqual([]);
    expect(letterDigitRuns("ai2sql")).toEqual(["ai", "2", "sql"]);
    expect(letterDigitRuns("photo")).toEqual([]);
  });
});
