/**
 * @module The query side of the vector strategy: a query vector with earlier messages blended in, and a small memo
 * of the vectors of recent query texts.
 */
import { euclideanNorm } from "./vector-index.js";

/**
 * The query vector scaled to unit length, plus `historyWeight` times the mean of the earlier messages' unit
 * vectors. Without history (or at weight 0) it is the unit query vector.
 */
export function blendHistory(query: readonly number[], history: readonly number[][], historyWeight: number): number[] {
  const unit = scaled(query, 1 / (euclideanNorm(query) || 1));
  if (history.length === 0 || historyWeight === 0) return unit;
  const mean = new Array<number>(unit.length).fill(0);
  for (const vector of history) {
    const norm = euclideanNorm(vector) || 1;
    vector.forEach((value, d) => (mean[d]! += value / norm / history.length));
  }
  return unit.map((value, d) => value + historyWeight * mean[d]!);
}

function scaled(vector: readonly number[], factor: number): number[] {
  return vector.map((value) => value * factor);
}

/** The vectors of the last `capacity` query texts embedded, oldest forgotten first. */
export class QueryVectorMemo {
  readonly #vectors = new Map<string, number[]>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(text: string): number[] | undefined {
    return this.#vectors.get(text);
  }

  /** Remembers a text's vector and returns it. */
  remember(text: string, vector: number[]): number[] {
    if (this.#vectors.size >= this.#capacity) this.#vectors.delete(this.#vectors.keys().next().value!);
    this.#vectors.set(text, vector);
    return vector;
  }

  /** Forgets every vector (the embeddings were fitted again, so they would differ now). */
  clear(): void {
    this.#vectors.clear();
  }
}
