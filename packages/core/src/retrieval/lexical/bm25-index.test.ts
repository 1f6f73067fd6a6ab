import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bm25Index, type FieldTerms, type ScoredDocument } from "./bm25-index.js";
import { backgroundShare, DEFAULT_BM25, idf, learnedPrior, learnedTermScore, termScore } from "./bm25-score.js";

type Field = "title" | "body" | "tags";
const WEIGHTS: Record<Field, number> = { title: 3, body: 1, tags: 0.5 };
const TERMS = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta"] as const;
const IDS = ["d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"] as const;

const ids = (results: readonly ScoredDocument[]) => results.map((result) => result.id);
const one = (term: string, weight = 1) => [{ term, weight }];

/** Same scores (to 1e-9 relative), and the same order wherever scores differ by more than that. */
function expectScoresMatch(actual: readonly ScoredDocument[], expected: readonly ScoredDocument[]): void {
  expect(actual.length).toBe(expected.length);
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  actual.forEach((result, index) => expect(close(result.score, expected[index]!.score), `${result.id} at ${index}`).toBe(true));
  const scoreOf = new Map(expected.map((result) => [result.id, result.score]));
  for (const result of actual) if (scoreOf.has(result.id)) expect(close(result.score, scoreOf.get(result.id)!)).toBe(true);
}

function expectSameRanking(actual: readonly ScoredDocument[], expected: readonly ScoredDocument[]): void {
  expect(ids(actual)).toEqual(ids(expected));
  actual.forEach((result, index) => expect(Math.abs(result.score - expected[index]!.score)).toBeLessThanOrEqual(1e-9));
}

describe("Bm25Index: scores", () => {
  it("weights fields: a term in a weight-3 field outscores the same term in a weight-1 field", () => {
    const index = new Bm25Index<"title" | "body">({ title: 3, body: 1 });
    index.add("in_body", { title: ["x"], body: ["apple"] });
    index.add("in_title", { title: ["apple"], body: ["x"] });
    // Both documents have length 3 + 1 = 4, so the average is 4 and norm = 1.2 × (0.25 + 0.75 × 4/4) = 1.2.
    // N = 2, df(apple) = 2: idf = ln(1 + 0.5 / 2.5) = ln 1.2.
    // in_title: tf = 3 (title weight) → ln 1.2 × 3 × 2.2 / (3 + 1.2) = ln 1.2 × 6.6 / 4.2
    // in_body:  tf = 1               → ln 1.2 × 1 × 2.2 / (1 + 1.2) = ln 1.2
    const results = index.search(one("apple"), 10);
    expect(ids(results)).toEqual(["in_title", "in_body"]);
    expect(results[0]!.score).toBeCloseTo((Math.log(1.2) * 6.6) / 4.2, 12);
    expect(results[1]!.score).toBeCloseTo(Math.log(1.2), 12);
  });

  it("normalises by length and multiplies each query term by its weight", () => {
    const index = new Bm25Index<"body">({ body: 1 });
    index.add("short", { body: ["cat"] });
    index.add("long", { body: ["cat", "dog", "dog"] });
    index.add("other", { body: ["fish"] });
    // Lengths 1, 3, 1: average 5/3. N = 3.
    // cat: df 2, idf = ln(1 + 1.5 / 2.5) = ln 1.6.   dog: df 1, idf = ln(1 + 2.5 / 1.5) = ln(8/3).
    // short: norm = 1.2 × (0.25 + 0.75 × 1 / (5/3)) = 1.2 × 0.7 = 0.84; cat → ln 1.6 × 2.2 / 1.84
    // long:  norm = 1.2 × (0.25 + 0.75 × 3 / (5/3)) = 1.2 × 1.6 = 1.92; cat → ln 1.6 × 2.2 / 2.92,
    //        dog (tf 2, weight 0.5) → 0.5 × ln(8/3) × 2 × 2.2 / (2 + 1.92) = 0.5 × ln(8/3) × 4.4 / 3.92
    const short = (Math.log(1.6) * 2.2) / 1.84;
    const long = (Math.log(1.6) * 2.2) / 2.92 + (0.5 * Math.log(8 / 3) * 4.4) / 3.92;
    const cat = index.search(one("cat"), 10);
    expect(ids(cat)).toEqual(["short", "long"]);
    expect(cat[0]!.score).toBeCloseTo(short, 12);
    expect(cat[1]!.score).toBeCloseTo((Math.log(1.6) * 2.2) / 2.92, 12);
    const both = index.search(
      [
        { term: "cat", weight: 1 },
        { term: "dog", weight: 0.5 },
      ],
      10,
    );
    expect(ids(both)).toEqual(["long", "short"]);
    expect(both[0]!.score).toBeCloseTo(long, 12);
    expect(both[1]!.score).toBeCloseTo(short, 12);
  });

  it("keeps every term frequency exactly: one a 32-bit float would round (weight 0.1) scores as in 64-bit floats", () => {
    const index = new Bm25Index<"title" | "body">({ title: 3, body: 0.1 });
    index.add("whole", { title: ["apple"] }); // tf 3: exactly a 32-bit float, as the list starts
    index.add("fraction", { body: ["apple", "apple", "pear"] }); // tf 0.1 + 0.1: not one
    let total = 0;
    total += 3;
    total += 0.1 * 3;
    const tf = 0.1 + 0.1;
    const norm = DEFAULT_BM25.k1 * (1 - DEFAULT_BM25.b + (DEFAULT_BM25.b * (0.1 * 3)) / (total / 2));
    const expected = Math.log(1 + 0.5 / 2.5) * ((tf * (DEFAULT_BM25.k1 + 1)) / (tf + norm));
    const score = (found: readonly ScoredDocument[]) => found.find((result) => result.id === "fraction")!.score;
    expect(score(index.search(one("apple"), 10))).toBe(expected);
    const saved = index.save();
    expect([...saved.tfs]).toContain(tf);
    const restored = Bm25Index.restore({ title: 3, body: 0.1 }, DEFAULT_BM25, saved);
    expect(score(restored.search(one("apple"), 10))).toBe(expected);
  });

  it("ignores query terms of weight 0 and unknown terms", () => {
    const index = new Bm25Index<"body">({ body: 1 });
    index.add("a", { body: ["cat"] });
    expect(index.search(one("cat", 0), 10)).toEqual([]);
    expect(index.search(one("unknown"), 10)).toEqual([]);
  });

  it("uses the given BM25 parameters", () => {
    // k1 = 0: every matching term scores its idf. N = 2, df(cat) = 1: ln(1 + 1.5 / 1.5) = ln 2.
    const index = new Bm25Index<"body">({ body: 1 }, { k1: 0, b: 0.75 });
    index.add("a", { body: ["cat", "cat", "cat", "x"] });
    index.add("b", { body: ["y"] });
    expect(index.search(one("cat"), 10)).toEqual([{ id: "a", score: Math.log(2) }]);
  });

  it("ignores fields it has no weight for", () => {
    const index = new Bm25Index<"body">({ body: 1 });
    index.add("a", { body: ["cat"], extra: ["dog"] } as FieldTerms<"body">);
    expect(index.search(one("dog"), 10)).toEqual([]);
    expect(index.documentFrequency("dog")).toBe(0);
  });

  // BUG: a field of weight 0 stores postings with tf 0. Their contribution is 0, so `scores[doc] === 0` stays true
  // and search pushes the same document into `touched` once per such query term: the document comes back twice
  // (score 0). Repro: new Bm25Index({ a: 0, b: 1 }); add("x", { a: ["foo", "bar"] }); add("y", { b: ["foo"] });
  // search([foo, bar], 10) → [y, x (0), x (0)]. Through the bm25 strategy: createBm25Strategy({ fieldWeights:
  // { parameterDescriptions: 0 } }) returns create_event twice for "ISO start time" (see bm25-strategy.test.ts).
  it("never returns a document twice when a field has weight 0", () => {
    const index = new Bm25Index<"a" | "b">({ a: 0, b: 1 });
    index.add("x", { a: ["foo", "bar"] });
    index.add("y", { b: ["foo"] });
    const found = ids(
      index.search(
        [
          { term: "foo", weight: 1 },
          { term: "bar", weight: 1 },
        ],
        10,
      ),
    );
    expect(found).toEqual([...new Set(found)]);
    expect(found[0]).toBe("y");
  });
});

describe("Bm25Index: limit, filter and ties", () => {
  function identical(names: readonly string[]): Bm25Index<"body"> {
    const index = new Bm25Index<"body">({ body: 1 });
    for (const name of names) index.add(name, { body: ["t"] });
    return index;
  }

  it("returns at most `limit` results and nothing for limit 0 or an empty index", () => {
    const index = identical(["a", "b", "c", "d"]);
    expect(ids(index.search(one("t"), 2))).toEqual(["a", "b"]);
    expect(index.search(one("t"), 0)).toEqual([]);
    expect(index.search(one("t"), -1)).toEqual([]);
    expect(new Bm25Index<"body">({ body: 1 }).search(one("t"), 5)).toEqual([]);
  });

  it("applies the filter before the limit", () => {
    const index = identical(["a", "b", "c", "d"]);
    expect(ids(index.search(one("t"), 2, (id) => id !== "a"))).toEqual(["b", "c"]);
    expect(ids(index.search(one("t"), 10, (id) => id === "d"))).toEqual(["d"]);
    expect(index.search(one("t"), 10, () => false)).toEqual([]);
  });

  it("breaks ties by insertion order; re-adding (or replacing) a document moves it last", () => {
    const index = identical(["c", "a", "b"]);
    expect(ids(index.search(one("t"), 10))).toEqual(["c", "a", "b"]);
    index.add("a", { body: ["t"] });
    expect(ids(index.search(one("t"), 10))).toEqual(["c", "b", "a"]);
    index.remove("c");
    index.add("c", { body: ["t"] });
    expect(ids(index.search(one("t"), 10))).toEqual(["b", "a", "c"]);
  });

  it("keeps ties in insertion order on the top-k path too (limit × 4 < candidates)", () => {
    const names = Array.from({ length: 40 }, (_, index) => `doc${index}`);
    const index = identical(names);
    expect(ids(index.search(one("t"), 3))).toEqual(["doc0", "doc1", "doc2"]);
    expect(ids(index.search(one("t"), 3, (id) => Number(id.slice(3)) % 7 === 3))).toEqual(["doc3", "doc10", "doc17"]);
  });

  it("finds the best documents on the top-k path when they are touched last", () => {
    const index = new Bm25Index<"body">({ body: 1 });
    for (let doc = 0; doc < 30; doc++) index.add(`weak${doc}`, { body: ["t", "pad", "pad", "pad", "pad", "pad"] });
    index.add("strong1", { body: ["t"] });
    index.add("strong2", { body: ["t", "pad"] });
    const top = index.search(one("t"), 2);
    expect(ids(top)).toEqual(["strong1", "strong2"]);
    expectSameRanking(top, index.search(one("t"), 1000).slice(0, 2));
  });
});

describe("Bm25Index: a filter that searches the same index", () => {
  it("gets correct results for both searches (no shared scratch space)", () => {
    const index = new Bm25Index<Field>(WEIGHTS);
    index.add("d0", { title: ["alpha"] });
    index.add("d1", { body: ["alpha", "beta"] });
    index.add("d2", { title: ["beta"] });
    const inner: string[][] = [];
    const outer = index.search(one("alpha"), 5, (id) => {
      inner.push(ids(index.search(one("beta"), 5)));
      return id !== "d0";
    });
    expect(ids(outer)).toEqual(["d1"]);
    expect(inner.every((result) => result.join() === "d2,d1")).toBe(true);
    expect(ids(index.search(one("alpha"), 5))).toEqual(["d0", "d1"]);
  });
});

describe("Bm25Index: incremental updates", () => {
  it("tracks size and document frequency through add, replace and remove", () => {
    const index = new Bm25Index<Field>(WEIGHTS);
    index.add("a", { title: ["alpha"], body: ["alpha", "beta"] });
    index.add("b", { body: ["beta"] });
    expect(index.size).toBe(2);
    expect(index.documentFrequency("alpha")).toBe(1);
    expect(index.documentFrequency("beta")).toBe(2);
    index.add("a", { body: ["gamma"] });
    expect(index.size).toBe(2);
    expect(index.documentFrequency("alpha")).toBe(0);
    expect(index.documentFrequency("beta")).toBe(1);
    expect(index.documentFrequency("gamma")).toBe(1);
    index.remove("b");
    expect(index.size).toBe(1);
    expect(index.documentFrequency("beta")).toBe(0);
    expect(index.search(one("beta"), 10)).toEqual([]);
  });

  it("after a trim, removes and adds (before and after the first removal) score exactly as a fresh index", () => {
    const docs = Array.from({ length: 50 }, (_, doc) => [`d${doc}`, { body: [TERMS[doc % 7]!, TERMS[(doc * 3) % 7]!, "all"] }] as const);
    const index = new Bm25Index<Field>(WEIGHTS);
    for (const [id, fields] of docs) index.add(id, fields);
    index.trim();
    // The first removal derives every document's term list from the postings; later adds keep their own.
    index.remove("d3");
    index.add("late", { title: ["alpha"], body: ["all"] });
    index.remove("d10");
    index.remove("late");
    index.add("later", { body: ["beta", "all"] });
    const fresh = new Bm25Index<Field>(WEIGHTS);
    for (const [id, fields] of docs) if (id !== "d3" && id !== "d10") fresh.add(id, fields);
    fresh.add("later", { body: ["beta", "all"] });
    for (const term of [...TERMS, "all"]) {
      expect(index.search(one(term), 100)).toEqual(fresh.search(one(term), 100));
      expect(index.documentFrequency(term)).toBe(fresh.documentFrequency(term));
    }
    expect(index.size).toBe(49);
  });

  it("treats removing an unknown id as a no-op", () => {
    const index = new Bm25Index<Field>(WEIGHTS);
    index.add("a", { title: ["alpha"], body: ["beta"] });
    index.add("b", { body: ["alpha", "gamma"] });
    const query = [
      { term: "alpha", weight: 1 },
      { term: "gamma", weight: 0.5 },
    ];
    const before = index.search(query, 10);
    index.remove("missing");
    index.remove("a ");
    expect(index.size).toBe(2);
    expect(index.search(query, 10)).toEqual(before);
    expect(index.documentFrequency("alpha")).toBe(2);
  });

  const fieldsArbitrary = fc.record({
    title: fc.array(fc.constantFrom(...TERMS), { maxLength: 3 }),
    body: fc.array(fc.constantFrom(...TERMS), { maxLength: 6 }),
    tags: fc.array(fc.constantFrom(...TERMS), { maxLength: 2 }),
  });
  const operation = fc.oneof(
    fc.record({ kind: fc.constant("add" as const), id: fc.constantFrom(...IDS), fields: fieldsArbitrary }),
    fc.record({ kind: fc.constant("remove" as const), id: fc.constantFrom(...IDS, "unknown") }),
    // A search between updates fills the index's caches (norms, per-posting scores), which must not go stale.
    fc.record({ kind: fc.constant("search" as const), term: fc.constantFrom(...TERMS) }),
  );
  const queryArbitrary = fc.array(fc.record({ term: fc.constantFrom(...TERMS, "missing"), weight: fc.constantFrom(0.25, 0.5, 1, 2) }), {
    minLength: 1,
    maxLength: 4,
  });

  it("ranks after any add/remove/re-add sequence exactly like a fresh index of the final documents", () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 40 }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 10 }),
        (operations, queries, limit) => {
          const incremental = new Bm25Index<Field>(WEIGHTS);
          // The final documents in order of their last insertion (Map.set after delete moves a key last).
          const final = new Map<string, FieldTerms<Field>>();
          for (const op of operations) {
            if (op.kind === "add") {
              incremental.add(op.id, op.fields);
              final.delete(op.id);
              final.set(op.id, op.fields);
            } else if (op.kind === "remove") {
              incremental.remove(op.id);
              final.delete(op.id);
            } else {
              incremental.search(one(op.term), 3);
            }
          }
          const fresh = new Bm25Index<Field>(WEIGHTS);
          for (const [id, fields] of final) fresh.add(id, fields);

          expect(incremental.size).toBe(fresh.size);
          for (const term of TERMS) expect(incremental.documentFrequency(term)).toBe(fresh.documentFrequency(term));
          for (const query of queries) {
            expectSameRanking(incremental.search(query, limit), fresh.search(query, limit));
            expectSameRanking(
              incremental.search(query, limit, (id) => id !== "d3"),
              fresh.search(query, limit, (id) => id !== "d3"),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("sums a term's weighted count over every field and repeat of a document (the BM25 definition, term by term)", () => {
    fc.assert(
      fc.property(fc.array(fieldsArbitrary, { minLength: 1, maxLength: 12 }), (documents) => {
        const index = new Bm25Index<Field>(WEIGHTS);
        documents.forEach((fields, position) => index.add(`doc${position}`, fields));
        // The definition, with a map per document: tf = Σ over fields of count × weight; length = Σ of weights.
        const frequencies = documents.map((fields) => {
          const tf = new Map<string, number>();
          for (const field of Object.keys(WEIGHTS) as Field[])
            for (const term of (fields[field] ?? []) as readonly string[]) tf.set(term, (tf.get(term) ?? 0) + WEIGHTS[field]);
          return tf;
        });
        const lengths = documents.map((fields) =>
          (Object.keys(WEIGHTS) as Field[]).reduce(
            (sum, field) => sum + WEIGHTS[field] * ((fields[field] ?? []) as readonly string[]).length,
            0,
          ),
        );
        const averageLength = lengths.reduce((sum, length) => sum + length, 0) / documents.length;
        for (const term of TERMS) {
          const containing = frequencies.filter((tf) => tf.has(term)).length;
          expect(index.documentFrequency(term)).toBe(containing);
          const scores = new Map(index.search(one(term), 100).map(({ id, score }) => [id, score]));
          frequencies.forEach((tf, position) => {
            const expected = tf.has(term)
              ? termScore({ tf: tf.get(term)!, length: lengths[position]!, averageLength, idf: idf(documents.length, containing) })
              : undefined;
            if (expected === undefined || expected === 0) expect(scores.get(`doc${position}`) ?? 0).toBe(expected ?? 0);
            else expect(scores.get(`doc${position}`)).toBeCloseTo(expected, 12);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it("returns the same order on the top-k path (small limit) as a full sort (large limit)", () => {
    fc.assert(
      fc.property(
        fc.array(fieldsArbitrary, { minLength: 1, maxLength: 60 }),
        queryArbitrary,
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.uniqueArray(fc.nat({ max: 59 }), { maxLength: 30 }), { nil: undefined }),
        (documents, query, limit, excluded) => {
          const index = new Bm25Index<Field>(WEIGHTS);
          documents.forEach((fields, position) => index.add(`doc${position}`, fields));
          const filter = excluded === undefined ? undefined : (id: string) => !excluded.includes(Number(id.slice(3)));
          const full = index.search(query, 100_000, filter);
          expect(index.search(query, limit, filter)).toEqual(full.slice(0, limit));
          // The full sort itself: best first, ties by insertion order, no duplicates, filter honoured.
          for (let position = 1; position < full.length; position++) {
            const previous = full[position - 1]!;
            const current = full[position]!;
            expect(previous.score).toBeGreaterThanOrEqual(current.score);
            if (previous.score === current.score) expect(Number(previous.id.slice(3))).toBeLessThan(Number(current.id.slice(3)));
          }
          expect(new Set(ids(full)).size).toBe(full.length);
          if (filter !== undefined) for (const result of full) expect(filter(result.id)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("ranks the same whether a search accumulates densely (postings reach many slots) or sparsely (few)", () => {
    fc.assert(
      fc.property(
        fc.array(fieldsArbitrary, { minLength: 1, maxLength: 30 }),
        queryArbitrary,
        fc.integer({ min: 1, max: 8 }),
        fc.option(fc.uniqueArray(fc.nat({ max: 29 }), { maxLength: 15 }), { nil: undefined }),
        (documents, query, limit, excluded) => {
          // The same live documents; the second index also holds 1,000 removed slots, so its searches take the sparse
          // path where the first's take the dense one. Weights are halves, so lengths and scores are exact in both.
          const dense = new Bm25Index<Field>(WEIGHTS);
          const sparse = new Bm25Index<Field>(WEIGHTS, DEFAULT_BM25, { compact: false });
          for (let position = 0; position < 1_000; position++) sparse.add(`padding${position}`, { body: ["padding"] });
          documents.forEach((fields, position) => {
            dense.add(`doc${position}`, fields);
            sparse.add(`doc${position}`, fields);
          });
          for (let position = 0; position < 1_000; position++) sparse.remove(`padding${position}`);
          const filter = excluded === undefined ? undefined : (id: string) => !excluded.includes(Number(id.slice(3)));
          expect(sparse.search(query, limit, filter)).toEqual(dense.search(query, limit, filter));
        },
      ),
      { numRuns: 200 },
    );
  });
  it("ranks the same after its empty slots are compacted, through any sequence of adds, replacements and removals", () => {
    const operation = fc.record({ id: fc.nat({ max: 11 }), remove: fc.boolean(), fields: fieldsArbitrary });
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 400 }),
        queryArbitrary,
        fc.integer({ min: 1, max: 12 }),
        (operations, query, limit) => {
          // At most 12 live documents and up to 400 replacements: the compacting index renumbers its slots many times.
          const compacted = new Bm25Index<Field>(WEIGHTS);
          const kept = new Bm25Index<Field>(WEIGHTS, DEFAULT_BM25, { compact: false });
          for (const { id, remove, fields } of operations) {
            for (const index of [compacted, kept]) {
              if (remove) index.remove(`doc${id}`);
              else index.add(`doc${id}`, fields);
            }
            expect(compacted.size).toBe(kept.size);
          }
          expect(compacted.search(query, limit)).toEqual(kept.search(query, limit));
          expect(compacted.save().ids).toEqual(kept.save().ids);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("Bm25Index: rows (long posting lists added slot by slot in dense searches)", () => {
  const fieldsArbitrary = fc.record({
    title: fc.array(fc.constantFrom(...TERMS), { maxLength: 3 }),
    body: fc.array(fc.constantFrom(...TERMS), { maxLength: 6 }),
    tags: fc.array(fc.constantFrom(...TERMS), { maxLength: 2 }),
  });
  // Weights whose products and sums round (0.3, 1/3, 0.7), a huge one, and an infinite one (which must not add
  // `Infinity · 0` for the slots a term is absent from).
  const weightArbitrary = fc.constantFrom(0.3, 1 / 3, 0.5, 0.7, 1, 2.5, 1e300, Number.POSITIVE_INFINITY, -0.5);
  const queryArbitrary = fc.array(fc.record({ term: fc.constantFrom(...TERMS, "missing"), weight: weightArbitrary }), {
    minLength: 1,
    maxLength: 6,
  });
  const searchArbitrary = fc.record({
    query: queryArbitrary,
    limit: fc.integer({ min: 1, max: 14 }),
    excluded: fc.option(fc.uniqueArray(fc.nat({ max: 11 }), { maxLength: 8 }), { nil: undefined }),
  });
  const operation = fc.record({
    id: fc.nat({ max: 11 }),
    remove: fc.boolean(),
    fields: fieldsArbitrary,
    search: fc.option(searchArbitrary),
  });

  function expectIdentical(actual: readonly ScoredDocument[], expected: readonly ScoredDocument[]): void {
    expect(ids(actual)).toEqual(ids(expected));
    actual.forEach((result, index) => expect(Object.is(result.score, expected[index]!.score)).toBe(true));
  }

  it("ranks and scores bit-identically to adding every posting, through adds, replacements, removals and compaction", () => {
    fc.assert(
      fc.property(
        fc.array(operation, { minLength: 1, maxLength: 300 }),
        fc.array(searchArbitrary, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (operations, searches, compact) => {
          // Up to 300 replacements of 12 documents: the compacting index renumbers its slots many times, the other
          // keeps its empty slots (rows then cover slots no document holds).
          const rows = new Bm25Index<Field>(WEIGHTS, DEFAULT_BM25, { compact });
          const postings = new Bm25Index<Field>(WEIGHTS, DEFAULT_BM25, { compact, rows: false });
          const run = ({ query, limit, excluded }: (typeof searches)[number]) => {
            const filter = excluded === undefined ? undefined : (id: string) => !excluded.includes(Number(id.slice(3)));
            expectIdentical(rows.search(query, limit, filter), postings.search(query, limit, filter));
          };
          for (const { id, remove, fields, search } of operations) {
            for (const index of [rows, postings]) {
              if (remove) index.remove(`doc${id}`);
              else index.add(`doc${id}`, fields);
            }
            // Searches between updates build rows, which the next update must not leave stale.
            if (search !== null) run(search);
          }
          for (const search of searches) run(search);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("takes rows for long lists: a term in every document gets the same scores as through its postings", () => {
    const rows = new Bm25Index<Field>(WEIGHTS);
    const postings = new Bm25Index<Field>(WEIGHTS, DEFAULT_BM25, { rows: false });
    for (let position = 0; position < 50; position++) {
      const fields = { title: ["alpha"], body: position % 3 === 0 ? ["beta", "alpha"] : ["gamma"] };
      rows.add(`doc${position}`, fields);
      postings.add(`doc${position}`, fields);
    }
    const query = [
      { term: "gamma", weight: 0.3 },
      { term: "alpha", weight: 1 / 3 },
      { term: "beta", weight: 0.7 },
    ];
    const results = rows.search(query, 20);
    expect(results).toHaveLength(20);
    expectIdentical(results, postings.search(query, 20));
    expectIdentical(
      rows.search(query, 20, (id) => id !== "doc0"),
      postings.search(query, 20, (id) => id !== "doc0"),
    );
  });
});

describe("Bm25Index: save and restore", () => {
  const document = fc.record({
    title: fc.array(fc.constantFrom(...TERMS), { maxLength: 4 }),
    body: fc.array(fc.constantFrom(...TERMS), { maxLength: 8 }),
  });
  it("a restored index scores and orders exactly as the saved one, and stays so through later adds and removes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...IDS), document), { maxLength: 12 }),
        fc.subarray([...IDS]),
        fc.tuple(fc.constantFrom(...IDS), document),
        (adds, removed, [later, laterFields]) => {
          const original = new Bm25Index<Field>(WEIGHTS, { k1: 1.1, b: 0.6 });
          for (const [id, fields] of adds) original.add(id, fields as FieldTerms<Field>);
          for (const id of removed) original.remove(id);
          const restored = Bm25Index.restore<Field>(WEIGHTS, { k1: 1.1, b: 0.6 }, original.save());
          expect(restored.size).toBe(original.size);
          const query = TERMS.map((term, position) => ({ term, weight: 1 + position / 10 }));
          // Exactly equal scores, not merely close: the restored state is the saved one.
          expect(restored.search(query, 10)).toEqual(original.search(query, 10));
          for (const index of [original, restored]) {
            index.remove(removed[0] ?? "d0");
            index.add(later, laterFields as FieldTerms<Field>);
          }
          expect(restored.search(query, 10)).toEqual(original.search(query, 10));
          for (const term of TERMS) expect(restored.documentFrequency(term)).toBe(original.documentFrequency(term));
        },
      ),
    );
  });

  it("removes restored documents correctly also after documents were added to the restored index", () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), id: fc.constantFrom(...IDS, "new1", "new2"), fields: document }),
      fc.record({ kind: fc.constant("remove" as const), id: fc.constantFrom(...IDS, "new1", "new2") }),
    );
    const initial = fc.array(fc.tuple(fc.constantFrom(...IDS), document), { maxLength: 12 });
    fc.assert(
      fc.property(initial, fc.array(operation, { maxLength: 12 }), (adds, steps) => {
        const original = new Bm25Index<Field>(WEIGHTS);
        for (const [id, fields] of adds) original.add(id, fields as FieldTerms<Field>);
        const restored = Bm25Index.restore<Field>(WEIGHTS, DEFAULT_BM25, original.save());
        for (const index of [original, restored]) {
          for (const step of steps) {
            if (step.kind === "add") index.add(step.id, step.fields as FieldTerms<Field>);
            else index.remove(step.id);
          }
        }
        const query = TERMS.map((term, position) => ({ term, weight: 1 + position / 10 }));
        expect(restored.size).toBe(original.size);
        expect(restored.search(query, 20)).toEqual(original.search(query, 20));
        for (const term of TERMS) expect(restored.documentFrequency(term)).toBe(original.documentFrequency(term));
      }),
    );
  });
});

describe("Bm25Index: a scaled field (learned evidence, grown in place and decayed by a scale)", () => {
  type Learned = Field | "learned";
  const LEARNED_WEIGHTS: Record<Learned, number> = { ...WEIGHTS, learned: 1.5 };
  const documentArbitrary = fc.record({
    title: fc.array(fc.constantFrom(...TERMS), { maxLength: 3 }),
    body: fc.array(fc.constantFrom(...TERMS), { maxLength: 6 }),
  });
  // An increase: some terms of one document gain a count (a frame weight: any positive number).
  const increaseArbitrary = fc.record({
    id: fc.constantFrom(...IDS, "unknown"),
    terms: fc.uniqueArray(fc.constantFrom(...TERMS, "learned-only"), { minLength: 1, maxLength: 4 }),
    count: fc.double({ min: 0.01, max: 50, noNaN: true }),
  });
  const query = [...TERMS, "learned-only"].map((term, position) => ({ term, weight: 1 + position / 10 }));

  /**
   * The scores the index should give, computed directly: per query term, its idf (documents having it in any field)
   * times the saturation of the text fields' weighted frequency (text lengths only), plus the learned field's weight
   * times the term's lift score over the observations (`learnedTermScore`, not weighted by the idf).
   */
  function referenceScores(
    texts: ReadonlyMap<string, FieldTerms<Learned>>,
    learned: ReadonlyMap<string, { counts: Map<string, number>; observations: number }>,
    scale: number,
  ): ScoredDocument[] {
    const docs = [...texts].map(([id, fields]) => {
      const tf = new Map<string, number>();
      let length = 0;
      for (const field of ["title", "body", "tags"] as const)
        for (const term of (fields[field] as string[] | undefined) ?? []) {
          tf.set(term, (tf.get(term) ?? 0) + WEIGHTS[field]);
          length += WEIGHTS[field];
        }
      return { id, tf, length, own: learned.get(id) };
    });
    const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length || 1;
    const total = docs.reduce((sum, doc) => sum + (doc.own?.observations ?? 0), 0);
    const scored = docs.map((doc) => {
      let score = 0;
      let reached = false;
      for (const { term, weight } of query) {
        const df = docs.filter((other) => other.tf.has(term) || (other.own?.counts.get(term) ?? 0) > 0).length;
        const text = doc.tf.get(term) ?? 0;
        const count = doc.own?.counts.get(term) ?? 0;
        if (text === 0 && count === 0) continue;
        const inverse = idf(docs.length, df);
        const textPart = text > 0 ? termScore({ tf: text, length: doc.length, averageLength, idf: inverse }) : 0;
        const said = docs.reduce((sum, other) => sum + (other.own?.counts.get(term) ?? 0), 0);
        const inTexts = docs.filter((other) => other.tf.has(term)).length;
        const background = backgroundShare({ said: said * scale, observations: total * scale, inTexts, texts: docs.length });
        const prior = learnedPrior(total * scale);
        const learnedPart =
          count > 0 ? learnedTermScore({ count: count * scale, observations: (doc.own?.observations ?? 0) * scale, background, prior }) : 0;
        // A term worth nothing for the document (a learned term without lift) does not reach it.
        reached ||= textPart + learnedPart > 0;
        score += weight * (textPart + LEARNED_WEIGHTS.learned * learnedPart);
      }
      return { id: doc.id, score, reached };
    });
    // Best first, ties in insertion order (a stable sort keeps it).
    return scored
      .filter((doc) => doc.reached)
      .sort((x, y) => y.score - x.score)
      .map(({ id, score }) => ({ id, score }));
  }

  it("scores the learned field as a field of its own, after increases in place and a new scale, as computed directly", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...IDS), documentArbitrary), { minLength: 1, maxLength: 10 }),
        fc.array(increaseArbitrary, { maxLength: 30 }),
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        fc.integer({ min: 1, max: 10 }),
        (documents, increases, scale, limit) => {
          const live = new Bm25Index<Learned>(LEARNED_WEIGHTS, DEFAULT_BM25, { scaled: "learned" });
          const texts = new Map<string, FieldTerms<Learned>>(documents);
          for (const [id, fields] of texts) live.add(id, fields);
          const learned = new Map<string, { counts: Map<string, number>; observations: number }>();
          for (const { id, terms, count } of increases) {
            live.search(query, limit); // caches filled between increases must not go stale
            // Each increase is one observation worth `count`.
            live.increase(id, terms, count, count);
            if (!texts.has(id)) continue;
            const own = learned.get(id) ?? { counts: new Map<string, number>(), observations: 0 };
            for (const term of terms) own.counts.set(term, (own.counts.get(term) ?? 0) + count);
            own.observations += count;
            learned.set(id, own);
          }
          live.setScale(scale);
          // The first search after a change computes its impacts for itself; the next, on an unchanged index, keeps them.
          const expected = referenceScores(texts, learned, scale).slice(0, limit);
          expect(live.search(query, limit)).toEqual(live.search(query, limit));
          expectScoresMatch(live.search(query, limit), expected);
          // Saved, the learned field is left out: the restored index is one of the texts alone.
          const textOnly = new Bm25Index<Learned>(LEARNED_WEIGHTS);
          for (const [id, fields] of texts) textOnly.add(id, fields);
          expectSameRanking(
            Bm25Index.restore(LEARNED_WEIGHTS, DEFAULT_BM25, live.save()).search(query, limit),
            textOnly.search(query, limit),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("scores a learned term by its lift: a word every message of a much-used tool says lifts next to nothing, a telling one does", () => {
    const index = new Bm25Index<Learned>(LEARNED_WEIGHTS, DEFAULT_BM25, { scaled: "learned" });
    index.add("busy", { title: ["x"] });
    index.add("rare", { title: ["y"] });
    // "busy": 300 observations, all with "find" and "paper"; "rare": 10, all with "find" and "weather".
    index.increase("busy", ["find", "paper"], 300, 300);
    index.increase("rare", ["find", "weather"], 10, 10);
    // The two texts count as observations that say none of them; the prior is the 310 observations (under 500).
    const score = (count: number, observations: number, said: number) =>
      1.5 * learnedTermScore({ count, observations, background: said / 312, prior: 310 });
    const scores = (term: string) => Object.fromEntries(index.search(one(term), 2).map(({ id, score }) => [id, score]));
    // "find" is in every observation: each tool's share of it is its share of everything (a lift just above 1, the
    // texts making it a little less common than in the observations alone).
    expect(scores("find")).toEqual({ busy: expect.closeTo(score(300, 300, 310), 12), rare: expect.closeTo(score(10, 10, 310), 12) });
    expect(score(300, 300, 310)).toBeLessThan(score(10, 10, 10) / 100);
    // "paper" is all of busy's evidence and most of everyone's: little; "weather", a tenth as much evidence, far more.
    expect(scores("paper")).toEqual({ busy: expect.closeTo(score(300, 300, 300), 12) });
    expect(scores("weather")).toEqual({ rare: expect.closeTo(score(10, 10, 10), 12) });
    expect(score(10, 10, 10)).toBeGreaterThan(10 * score(300, 300, 300));
  });

  it("removes a document's learned postings with it, also those added in place", () => {
    const index = new Bm25Index<Learned>(LEARNED_WEIGHTS, DEFAULT_BM25, { scaled: "learned" });
    index.add("d0", { title: ["alpha"] });
    index.add("d1", { title: ["beta"] });
    index.remove("d1"); // the first removal derives the documents' term lists
    index.increase("d0", ["gamma"], 2);
    expect(index.documentFrequency("gamma")).toBe(1);
    index.remove("d0");
    expect(index.documentFrequency("gamma")).toBe(0);
    expect(index.search(one("gamma"), 5)).toEqual([]);
  });

  it("changes nothing when the index has no scaled field, and rejects a scale that is not positive and finite", () => {
    const index = new Bm25Index<Field>(WEIGHTS);
    index.add("d0", { title: ["alpha"] });
    const before = index.search(one("alpha"), 5);
    index.increase("d0", ["alpha"], 3);
    expect(index.search(one("alpha"), 5)).toEqual(before);
    for (const scale of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => index.setScale(scale)).toThrow(/scale must be a positive finite number, got/);
  });
});
