/**
 * @module Rows of float32 vectors scored against a query by dot product: the hot loop of exact vector search and of
 * the vocabulary expansion. Where the runtime has WebAssembly SIMD (Node 16.4 and later, current browsers, Deno,
 * Bun), the rows live in a WebAssembly memory and a small kernel (`dot-kernel.wat`) scores them, about six times as
 * fast as the JavaScript loop; elsewhere that loop ({@link dot}) does. Both take the same products in the same order
 * and give identical numbers.
 */
import { DOT_KERNEL_BASE64 } from "./dot-kernel.js";

/** What this module uses of the WebAssembly API (which neither the ES2023 library nor @types/node 20 declares). */
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule, imports: object) => { exports: Record<string, unknown> };
};
type WasmModule = { readonly compiled: unique symbol };
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

/** The kernel's export: scores of `rows` rows of `dims` numbers at byte `matrix` against the query at byte `query`. */
type Dots = (matrix: number, rows: number, dims: number, query: number, out: number) => void;

/** The compiled kernel, undefined until first asked for, null where the runtime cannot run it. */
let kernel: WasmModule | null | undefined;

function compiledKernel(): WasmModule | undefined {
  if (kernel === undefined) {
    try {
      const bytes = Uint8Array.from(atob(DOT_KERNEL_BASE64), (character) => character.charCodeAt(0));
      kernel = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      kernel = null;
    }
  }
  return kernel ?? undefined;
}

const PAGE_BYTES = 65_536;
const align16 = (bytes: number) => Math.ceil(bytes / 16) * 16;

/**
 * A growable matrix of float32 rows and the dot products of a query with its first rows. The caller writes rows
 * through {@link VectorRows.values} (a view of `capacity × dimensions` numbers, replaced by {@link VectorRows.reserve}),
 * and scores them with {@link VectorRows.dots}.
 *
 * @example
 * ```ts
 * const rows = new VectorRows(2, 4);
 * rows.values.set([1, 0, 0.6, 0.8]);
 * rows.dots(Float64Array.of(1, 0), 2); // Float64Array [1, 0.6000000238418579]
 * ```
 */
export class VectorRows {
  /** Numbers per row. */
  readonly dimensions: number;
  #capacity = 0;
  #values = new Float32Array(0);
  /** The scores of {@link VectorRows.dots} in JavaScript. */
  #scores = new Float64Array(0);
  /** The kernel's instance, its memory and the byte offsets of the query and scores after the rows; none in JavaScript. */
  #wasm: { memory: WasmMemory; dots: Dots; query: Float64Array; scores: Float64Array; queryAt: number; scoresAt: number } | undefined;

  /**
   * @param dimensions - numbers per row.
   * @param capacity - rows to make room for now (see {@link VectorRows.reserve}).
   * @param useKernel - false scores in JavaScript even where the WebAssembly kernel runs (tests compare the two).
   */
  constructor(dimensions: number, capacity: number, useKernel = true) {
    this.dimensions = dimensions;
    const module = useKernel ? compiledKernel() : undefined;
    if (module !== undefined) {
      try {
        const instance = new WebAssembly.Instance(module, {});
        const memory = instance.exports.memory as WasmMemory;
        this.#wasm = {
          memory,
          dots: instance.exports.dots as Dots,
          query: new Float64Array(0),
          scores: new Float64Array(0),
          queryAt: 0,
          scoresAt: 0,
        };
      } catch {
        this.#wasm = undefined;
      }
    }
    this.#resize(Math.max(1, capacity));
  }

  /** Rows there is room for. */
  get capacity(): number {
    return this.#capacity;
  }

  /** The rows' numbers, row after row: `capacity × dimensions` of them (a view, replaced when the capacity grows). */
  get values(): Float32Array {
    return this.#values;
  }

  /** Whether the WebAssembly kernel scores the rows (false: the JavaScript loop). */
  get accelerated(): boolean {
    return this.#wasm !== undefined;
  }

  /** Makes room for at least `rows` rows (doubling the capacity as needed), keeping the rows written. */
  reserve(rows: number): void {
    if (rows > this.#capacity) this.#resize(Math.max(rows, this.#capacity * 2));
  }

  /**
   * `query · row` for each of the first `rows` rows (`query` has `dimensions` numbers): a view of numbers this object
   * owns, overwritten by the next call. Products and sums in float64, four lanes summed as ((a + b) + c) + d: exactly
   * {@link dot} of each row.
   */
  dots(query: Float64Array, rows: number): Float64Array {
    const wasm = this.#wasm;
    if (wasm === undefined) {
      if (this.#scores.length < rows) this.#scores = new Float64Array(this.#capacity);
      for (let row = 0; row < rows; row++) this.#scores[row] = dot(query, this.#values, row * this.dimensions);
      return this.#scores.subarray(0, rows);
    }
    wasm.query.set(query);
    wasm.dots(0, rows, this.dimensions, wasm.queryAt, wasm.scoresAt);
    return wasm.scores.subarray(0, rows);
  }

  /**
   * Room for `capacity` rows. In WebAssembly memory the rows start at byte 0 (they stay in place as it grows), then
   * the query and the scores; a memory that cannot grow (over 4 GB) hands its rows to JavaScript.
   */
  #resize(capacity: number): void {
    const numbers = capacity * this.dimensions;
    const wasm = this.#wasm;
    if (wasm !== undefined) {
      const queryAt = align16(numbers * 4);
      const scoresAt = queryAt + align16(this.dimensions * 8);
      const bytes = scoresAt + capacity * 8;
      try {
        const missing = bytes - wasm.memory.buffer.byteLength;
        if (missing > 0) wasm.memory.grow(Math.ceil(missing / PAGE_BYTES));
        const { buffer } = wasm.memory;
        Object.assign(wasm, {
          query: new Float64Array(buffer, queryAt, this.dimensions),
          scores: new Float64Array(buffer, scoresAt, capacity),
          queryAt,
          scoresAt,
        });
        this.#values = new Float32Array(buffer, 0, numbers);
        this.#capacity = capacity;
        return;
      } catch {
        this.#wasm = undefined;
      }
    }
    const values = new Float32Array(numbers);
    values.set(this.#values.subarray(0, Math.min(this.#values.length, numbers)));
    this.#values = values;
    this.#capacity = capacity;
  }
}

/** `query · vectors[offset … offset + query.length)`, four lanes at a time (what the kernel computes, in JavaScript). */
export function dot(query: Float64Array, vectors: Float32Array, offset: number): number {
  const length = query.length;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let index = 0;
  for (; index + 3 < length; index += 4) {
    a += query[index]! * vectors[offset + index]!;
    b += query[index + 1]! * vectors[offset + index + 1]!;
    c += query[index + 2]! * vectors[offset + index + 2]!;
    d += query[index + 3]! * vectors[offset + index + 3]!;
  }
  for (; index < length; index++) a += query[index]! * vectors[offset + index]!;
  return a + b + c + d;
}
