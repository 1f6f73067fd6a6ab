import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dot, VectorRows } from "./vector-rows.js";

const float = fc.float({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true });

describe("VectorRows", () => {
  it("scores with the WebAssembly kernel on this runtime (Node 20 has SIMD)", () => {
    expect(new VectorRows(4, 1).accelerated).toBe(true);
    expect(new VectorRows(4, 1, false).accelerated).toBe(false);
  });

  it("gives exactly the numbers of the JavaScript loop, whatever the dimensions, rows and growth", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 19 }).chain((dimensions) =>
          fc.record({
            dimensions: fc.constant(dimensions),
            rows: fc.array(fc.array(float, { minLength: dimensions, maxLength: dimensions }), { minLength: 1, maxLength: 40 }),
            query: fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: dimensions, maxLength: dimensions }),
          }),
        ),
        ({ dimensions, rows, query }) => {
          // Room for one row at first: every row written past it grows the matrix, which must keep the earlier ones.
          const kernel = new VectorRows(dimensions, 1);
          const plain = new VectorRows(dimensions, 1, false);
          for (const [index, row] of rows.entries()) {
            for (const matrix of [kernel, plain]) {
              matrix.reserve(index + 1);
              matrix.values.set(row, index * dimensions);
            }
          }
          const q = Float64Array.from(query);
          const fromLoop = plain.dots(q, rows.length);
          expect([...kernel.dots(q, rows.length)]).toEqual([...fromLoop]);
          expect(fromLoop[rows.length - 1]).toBe(dot(q, Float32Array.from(rows.at(-1)!), 0));
        },
      ),
    );
  });

  it("scores only the rows asked for, and grows past a WebAssembly page", () => {
    const rows = new VectorRows(3, 2);
    rows.reserve(20_000); // 240 KB of rows: memory grown by several pages
    rows.values.set([1, 2, 3], 19_999 * 3);
    rows.values.set([1, 0, 0], 0);
    expect([...rows.dots(Float64Array.of(1, 1, 1), 1)]).toEqual([1]);
    const scores = rows.dots(Float64Array.of(1, 1, 1), 20_000);
    expect([scores.length, scores[0], scores[1], scores[19_999]]).toEqual([20_000, 1, 0, 6]);
  });

  it("holds the kernel assembled from dot-kernel.wat", () => {
    const script = fileURLToPath(new URL("../../../scripts/assemble-dot-kernel.mjs", import.meta.url));
    expect(execFileSync(process.execPath, [script, "--check"], { encoding: "utf8" })).toContain("holds the assembled kernel");
  });
});
