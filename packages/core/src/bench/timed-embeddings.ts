/**
 * @module Embeddings that time their query embeddings, so the bench can report selection latency without the
 * query's embedding (which depends on the embedder, not on this library) and the embedding's cost beside it.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";

/** An embeddings wrapper and the time its query embeddings took since the last {@link EmbeddingTimer.reset}. */
export interface EmbeddingTimer {
  /** The wrapped embeddings: every property and method of the original, with query embedding timed. */
  readonly embeddings: EmbeddingsInterface;
  /** Microseconds spent in `embedQuery` / `embedQuerySync` since the last reset. */
  readonly elapsedUs: number;
  reset(): void;
}

const TIMED = new Set<PropertyKey>(["embedQuery", "embedQuerySync"]);

/**
 * Wraps `embeddings` so that its query embeddings are timed; everything else (`fit`, `model`, documents) passes
 * through untouched, so strategies see the same capabilities.
 *
 * @example
 * ```ts
 * const timer = timeEmbeddings(new OfflineEmbeddings());
 * const strategy = createStrategy("hybrid", { embeddings: timer.embeddings });
 * ```
 */
export function timeEmbeddings(embeddings: EmbeddingsInterface): EmbeddingTimer {
  let elapsedNs = 0n;
  const proxy = new Proxy(embeddings, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function" || property === "constructor") return value;
      if (!TIMED.has(property)) return (value as (...args: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        const started = process.hrtime.bigint();
        const result = (value as (...args: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) return result.finally(() => (elapsedNs += process.hrtime.bigint() - started));
        elapsedNs += process.hrtime.bigint() - started;
        return result;
      };
    },
  });
  return {
    embeddings: proxy,
    get elapsedUs() {
      return Number(elapsedNs) / 1000;
    },
    reset() {
      elapsedNs = 0n;
    },
  };
}
