/**
 * @module Loads a dependency synchronously on first use instead of when the package is imported: what a cold start
 * does not need (the YAML parser for a JSON catalog, LangChain's schema converter for plain JSON Schema) costs it
 * nothing. Works from the ES module build and the CommonJS one alike.
 */
import { createRequire } from "node:module";

const requireFromHere = createRequire(import.meta.url);

/**
 * A function that loads `specifier` (its CommonJS build) the first time it is called and returns it from then on.
 * @example
 * ```ts
 * const yaml = lazyRequire<typeof import("yaml")>("yaml");
 * yaml().parseDocument(text);
 * ```
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireFromHere(specifier) as T;
    return loaded;
  };
}
