/**
 * @module The lifecycle of things that follow a live catalog (retrieval selectors, `tool_search`): `close()`, the
 * same under `using`, or an `AbortSignal`; use after close fails with a `CLOSED` error.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/**
 * `Symbol.dispose`, or the key TypeScript's `using` falls back to on runtimes without it (Node 20 before 20.4).
 * Internal: implement `[Symbol.dispose]` through this so both runtimes find it.
 */
export const DISPOSE: typeof Symbol.dispose = Symbol.dispose ?? (Symbol.for("Symbol.dispose") as typeof Symbol.dispose);

/**
 * Something that follows a live catalog until closed. Close it when you are done with it (or declare it with
 * `using`, or pass a `signal`); one nobody references any more is also let go by the catalog and collected, so
 * forgetting to close leaks nothing, it only keeps following updates until the garbage collector runs.
 *
 * @example
 * ```ts
 * {
 *   using select = createToolSelector(catalog, { strategy: "bm25" });
 *   await select("resize my photo");
 * } // closed here: catalog updates no longer reach its index
 * ```
 */
export interface Closable {
  /** Stops following the catalog and releases the index. Calling it again does nothing. */
  close(): void;
  /** The same as `close()`, for `using`. */
  [Symbol.dispose](): void;
  /** True once closed (by `close()`, `using` or the signal). */
  readonly closed: boolean;
}

/**
 * The error of a use after close.
 * @param what - what was closed, as the message starts (`"This tool selector"`).
 * @param remedy - how to get a working one (`"create another with createToolSelector(catalog, options)"`).
 */
export function closedError(what: string, remedy: string): DynamicToolsError {
  return new DynamicToolsError("CLOSED", `${what} was closed (by close(), \`using\` or its signal); ${remedy}.`);
}

/**
 * Gives `target` the {@link Closable} members, `close()`, `[Symbol.dispose]()` (both `release`) and `closed`, and
 * returns it: how a selector or `tool_search` (a function or tool object created elsewhere) becomes closable.
 *
 * @example
 * ```ts
 * const followed = followCatalogIndex(catalog, strategy);
 * const select = makeClosable(selectByRetrieval, () => followed.close(), () => followed.closed);
 * ```
 */
export function makeClosable<T extends object>(target: T, release: () => void, isClosed: () => boolean): T & Closable {
  return Object.defineProperties(target, {
    close: { value: release },
    [DISPOSE]: { value: release },
    closed: { get: isClosed },
  }) as T & Closable;
}
