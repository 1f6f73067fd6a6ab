import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stem } from "../../text/tokenize.js";
import { WORD_VECTORS } from "./__fixtures__/word-vectors.js";
import { MAX_EXPANDED_WORDS, VocabularyExpansion, type WordVectors } from "./vocabulary-expansion.js";

const counted = { lookups: 0 };
const vectors: WordVectors = {
  wordVector(word) {
    counted.lookups++;
    return WORD_VECTORS[word];
  },
};
const catalogTerms = new Set(["memory", "note", "weather", "forecast"].map(stem));
const known = (term: string) => catalogTerms.has(term);

function expansion(options = {}) {
  const expanding = new VocabularyExpansion(() => vectors, options);
  expanding.note("save_note", "Save a note to memory");
  expanding.note("forecast", "Weather forecast for a city");
  return expanding;
}

describe("VocabularyExpansion", () => {
  it("expands a word the catalog does not use into the nearest catalog words, at the expansion weight", () => {
    expect(expansion().expand("remember my locker code", known)).toEqual([
      { term: stem("memory"), weight: 0.4 },
      { term: stem("note"), weight: 0.4 },
    ]);
  });

  it("leaves the catalog's own words, short words, words with digits and unknown words alone", () => {
    expect(expansion().expand("weather in Oslo on day 12b", known)).toEqual([]);
  });

  it("keeps only catalog words at or above minSimilarity, at most perWord of them, and only those `known` accepts", () => {
    expect(expansion({ minSimilarity: 0.99 }).expand("remember", known)).toEqual([]);
    expect(expansion({ perWord: 1 }).expand("remember", known)).toEqual([{ term: stem("memory"), weight: 0.4 }]);
    expect(expansion().expand("remember", (term) => term !== stem("memory") && known(term))).toEqual([{ term: stem("note"), weight: 0.4 }]);
  });

  it("asks for the vocabulary (noteAll) once per message that has a word to expand, then expands as if noted first", () => {
    const lazy = new VocabularyExpansion(() => vectors);
    let calls = 0;
    const noteAll = () => {
      calls++;
      if (!lazy.empty) return;
      lazy.note("save_note", "Save a note to memory");
      lazy.note("forecast", "Weather forecast for a city");
    };
    expect(lazy.expand("weather forecast", known, noteAll)).toEqual([]);
    expect(calls).toBe(0);
    expect(lazy.expand("remember my locker code", known, noteAll)).toEqual(expansion().expand("remember my locker code", known));
    expect(calls).toBe(1);
    lazy.expand("remember", known, noteAll);
    expect(calls).toBe(2);
    expect(lazy.has("save_note")).toBe(true);
    expect(lazy.has("pay_invoice")).toBe(false);
  });

  it("expands at most MAX_EXPANDED_WORDS words of one message", () => {
    const words = Array.from({ length: MAX_EXPANDED_WORDS + 4 }, (_, index) => `word${"x".repeat(index)}`);
    const expanding = expansion();
    expanding.expand("remember", known); // builds the matrix
    counted.lookups = 0;
    expanding.expand(words.join(" "), known);
    expect(counted.lookups).toBe(MAX_EXPANDED_WORDS);
  });

  it("reaches words noted later (a catalog that grew), and nothing before any word is noted or without vectors", () => {
    const expanding = new VocabularyExpansion(() => vectors);
    expect(expanding.expand("rain", known)).toEqual([]);
    expanding.note("forecast", "Weather forecast");
    expect(expanding.expand("rain", known)).toEqual([
      { term: stem("forecast"), weight: 0.4 },
      { term: stem("weather"), weight: 0.4 },
    ]);
    expect(new VocabularyExpansion(() => undefined).expand("rain", known)).toEqual([]);
  });

  it("forgets a removed tool's words, and expands after any sequence of notes and removals as a fresh vocabulary does", () => {
    const updated = new VocabularyExpansion(() => vectors);
    updated.note("a", "Weather forecast");
    updated.note("b", "Save a note to memory");
    updated.forget("a");
    updated.note("b", "Save a note to memory"); // noted again: replaces, counts once
    const fresh = new VocabularyExpansion(() => vectors);
    fresh.note("b", "Save a note to memory");
    const stillKnown = (term: string) => [stem("save"), stem("note"), stem("memory")].includes(term);
    for (const message of ["remember this", "rain tomorrow"])
      expect(updated.expand(message, stillKnown)).toEqual(fresh.expand(message, stillKnown));
    expect(updated.expand("remember", stillKnown)).toEqual([
      { term: stem("memory"), weight: 0.4 },
      { term: stem("note"), weight: 0.4 },
    ]);
    updated.forget("b");
    expect(updated.empty).toBe(true);
  });

  it("counts a word once per tool however often its text repeats it, and never makes a candidate of a rejected word", () => {
    const vocabulary = new VocabularyExpansion(() => vectors);
    vocabulary.note("a", "memory Memory MEMORY note, the note 12b");
    vocabulary.note("b", "memory for the 12b");
    vocabulary.forget("a");
    const any = (term: string) => term !== stem("remember");
    // "memory" is still b's; "note" went with a; "the" and "12b" were never candidates.
    expect(vocabulary.expand("remember", any)).toEqual([{ term: stem("memory"), weight: 0.4 }]);
    vocabulary.forget("b");
    expect(vocabulary.empty).toBe(true);
    expect(vocabulary.expand("remember", any)).toEqual([]);
  });

  it("expands as a fresh vocabulary after thousands of notes and removals (its word lists moved together)", () => {
    const updated = new VocabularyExpansion(() => vectors);
    const texts = ["Weather forecast", "Save a note to memory", "Rain radar", "Memory of weather"];
    for (let round = 0; round < 3_000; round++) {
      updated.note(`tool_${round % 700}`, texts[round % texts.length]!);
      if (round % 3 === 0) updated.forget(`tool_${(round * 7) % 700}`);
    }
    for (let tool = 0; tool < 700; tool++) if (tool !== 5) updated.forget(`tool_${tool}`);
    updated.note("tool_5", "Save a note to memory");
    const fresh = new VocabularyExpansion(() => vectors);
    fresh.note("tool_5", "Save a note to memory");
    const stillKnown = (term: string) => [stem("save"), stem("note"), stem("memory")].includes(term);
    for (const message of ["remember this", "rain tomorrow", "weather"])
      expect(updated.expand(message, stillKnown)).toEqual(fresh.expand(message, stillKnown));
    updated.forget("tool_5");
    expect(updated.empty).toBe(true);
  });

  it("fails at construction on bad settings, naming the setting and what is valid", () => {
    expect(() => new VocabularyExpansion(() => vectors, { minSimilarity: 2 })).toThrow(
      /expansion.minSimilarity must be a cosine in \[-1, 1\], got 2/,
    );
    expect(() => new VocabularyExpansion(() => vectors, { perWord: 0 })).toThrow(/expansion.perWord must be a whole number ≥ 1, got 0/);
    expect(() => new VocabularyExpansion(() => vectors, { weight: Number.NaN })).toThrow(
      /expansion.weight must be a finite number ≥ 0, got NaN/,
    );
  });
});

describe("VocabularyExpansion.matrixSteps: the matrix built ahead, a step at a time", () => {
  /** 300 words of letters only (candidates), each with a vector of its own; "query…" words are never noted. */
  const letters = (index: number) => `w${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}x`;
  const WORDS = Array.from({ length: 300 }, (_, index) => letters(index));
  const generated: WordVectors = {
    wordVector: (word) => {
      const index = WORDS.indexOf(word);
      if (index === -1) return word.startsWith("query") ? [Math.sin(word.length), Math.cos(word.length), 0.3] : undefined;
      return [Math.sin(index), Math.cos(index * 1.3), Math.sin(index * 0.7)];
    },
  };
  /** Tool `t<n>`'s text: 40 of the words. */
  const textOf = (tool: number) => WORDS.slice((tool * 37) % 260, ((tool * 37) % 260) + 40).join(" ");
  /** The catalog uses every word but the query's. */
  const everything = (term: string) => !term.startsWith("quer");
  const QUERY = "queryone querytwoo querythree";

  it("gives the expansions of a matrix built at once, whatever is noted or forgotten between its steps", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ steps: fc.integer({ min: 1, max: 3 }) }),
            fc.record({ note: fc.integer({ min: 0, max: 9 }) }),
            fc.record({ forget: fc.integer({ min: 0, max: 9 }) }),
          ),
          {
            maxLength: 20,
          },
        ),
        (operations) => {
          const ahead = new VocabularyExpansion(() => generated, { minSimilarity: -1, perWord: 5 });
          const noted = new Set<number>();
          for (let tool = 0; tool < 6; tool++) {
            ahead.note(`t${tool}`, textOf(tool));
            noted.add(tool);
          }
          let steps = ahead.matrixSteps();
          for (const next of operations) {
            if ("steps" in next) {
              for (let step = 0; step < next.steps; step++) if (steps.next().done) steps = ahead.matrixSteps();
            } else if ("note" in next) {
              ahead.note(`t${next.note}`, textOf(next.note));
              noted.add(next.note);
            } else {
              ahead.forget(`t${next.forget}`);
              noted.delete(next.forget);
            }
          }
          const atOnce = new VocabularyExpansion(() => generated, { minSimilarity: -1, perWord: 5 });
          for (const tool of noted) atOnce.note(`t${tool}`, textOf(tool));
          const expected = atOnce.expand(QUERY, everything);
          expect(ahead.expand(QUERY, everything)).toEqual(expected);
          expect(expected.length > 0 || noted.size === 0).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("drops a build whose word vectors fail, so the next expansion builds the matrix again", () => {
    let failing = true;
    const flaky: WordVectors = {
      wordVector: (word) => {
        if (failing && word !== "queryone") throw new Error("table unreadable");
        return generated.wordVector(word);
      },
    };
    const ahead = new VocabularyExpansion(() => flaky, { minSimilarity: -1, perWord: 5 });
    const atOnce = new VocabularyExpansion(() => generated, { minSimilarity: -1, perWord: 5 });
    for (let tool = 0; tool < 5; tool++) {
      ahead.note(`t${tool}`, textOf(tool));
      atOnce.note(`t${tool}`, textOf(tool));
    }
    expect(() => [...ahead.matrixSteps()]).toThrow("table unreadable");
    expect(() => ahead.expand(QUERY, everything)).toThrow("table unreadable");
    failing = false;
    expect(ahead.expand(QUERY, everything)).toEqual(atOnce.expand(QUERY, everything));
    expect(ahead.ready).toBe(true);
  });

  it("leaves the matrix ready when its steps end, and is not ready again once a word comes into use", () => {
    const ahead = new VocabularyExpansion(() => generated);
    for (let tool = 0; tool < 5; tool++) ahead.note(`t${tool}`, textOf(tool));
    expect(ahead.ready).toBe(false);
    let steps = 0;
    for (const _ of ahead.matrixSteps()) steps++;
    expect(steps).toBeGreaterThan(0);
    expect(ahead.ready).toBe(true);
    ahead.note("t5", textOf(5));
    expect(ahead.ready).toBe(false);
  });
});
