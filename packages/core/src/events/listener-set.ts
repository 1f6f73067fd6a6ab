/**
 * @module A minimal listener list shared by the catalog and the tool sources: a listener that throws is reported
 * and stops neither the other listeners nor the code that emitted the event (a tool call, a connect, an update).
 */

/** Stops a listener. */
export type Unsubscribe = () => void;

/**
 * Listeners of one kind of event.
 *
 * @example
 * ```ts
 * const listeners = new ListenerSet<{ version: number }>(() => "the catalog");
 * const stop = listeners.add((event) => console.log(event.version));
 * listeners.emit({ version: 2 }); // logs 2
 * stop();
 * ```
 */
export class ListenerSet<E> {
  readonly #listeners = new Set<(event: E) => void>();
  readonly #describe: (event: E) => string;

  /** @param describe - names the emitter of an event, for the report of a failing listener. */
  constructor(describe: (event: E) => string) {
    this.#describe = describe;
  }

  /** Adds a listener; the returned function removes it. */
  add(listener: (event: E) => void): Unsubscribe {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Calls every listener (those added during the call wait for the next event). */
  emit(event: E): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error(`dynamic-tools: a tools-updated listener of ${this.#describe(event)} failed:`, error);
      }
    }
  }
}
