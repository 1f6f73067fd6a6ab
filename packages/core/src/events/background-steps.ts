/**
 * @module Work done in the background, a step at a time: an iterator's steps run in slices of about 10 ms on later
 * turns of the event loop, so the thread stays free for requests in between, and the work never keeps the process
 * alive. Only work that is done again on demand belongs here (a request that needs it first finishes it itself), so
 * running it early changes no result.
 */

/** Work started by {@link runInBackground}. */
export interface BackgroundWork {
  /** Stops it before its next slice (what it did so far stays done). */
  cancel(): void;
}

/** Longest a slice runs before the thread is given back, ms. */
export const SLICE_MS = 10;

/**
 * Runs `steps` to its end in the background: a slice of steps on each later turn of the event loop, each slice
 * stopping once it has run {@link SLICE_MS} (a step is checked against the clock when it yields, so steps should be
 * short). A step that throws ends the work silently: the code that needs it does it again and reports the error there.
 *
 * @example
 * ```ts
 * function* noteEveryTool() {
 *   for (const tool of catalog.tools()) {
 *     vocabulary.note(tool.name, tool.description ?? "");
 *     yield;
 *   }
 * }
 * const work = runInBackground(noteEveryTool());
 * work.cancel(); // e.g. when the catalog is indexed again
 * ```
 */
export function runInBackground(steps: Iterator<unknown>): BackgroundWork {
  let next: ReturnType<typeof setTimeout> | undefined;
  const work: BackgroundWork = {
    cancel() {
      if (next !== undefined) clearTimeout(next);
      next = undefined;
      finished(work);
    },
  };
  const slice = (): void => {
    next = undefined;
    const until = performance.now() + SLICE_MS;
    let done: boolean;
    try {
      do done = steps.next().done === true;
      while (!done && performance.now() < until);
    } catch {
      done = true;
    }
    if (done) finished(work);
    else schedule();
  };
  // A timer, not setImmediate: an unreferenced immediate does not wake a loop that waits for something else (a
  // model's answer), so the slices would only run as other events come; an unreferenced timer does.
  const schedule = (): void => {
    next = setTimeout(slice, 0);
    next.unref();
  };
  running.add(work);
  schedule();
  return work;
}

/** The work {@link runInBackground} started that has not ended, and who waits for none to be left. */
const running = new Set<BackgroundWork>();
let idleWaiters: Array<() => void> = [];

function finished(work: BackgroundWork): void {
  if (!running.delete(work) || running.size > 0) return;
  const waiters = idleWaiters;
  idleWaiters = [];
  for (const resolve of waiters) resolve();
}

/**
 * Resolves once no background work is left (at once when there is none), e.g. so that a measurement of the memory a
 * selector holds includes what its warm-up builds. Waiting keeps the process alive until then.
 *
 * @example
 * ```ts
 * await strategy.index(catalog);
 * await backgroundIdle(); // the expansion vocabulary is noted and its vectors gathered
 * ```
 */
export function backgroundIdle(): Promise<void> {
  if (running.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    // Referenced, so the process waits for the unreferenced slices.
    const keepAlive = setInterval(() => {}, 1_000);
    idleWaiters.push(() => {
      clearInterval(keepAlive);
      resolve();
    });
  });
}

/**
 * Runs the rest of `steps` now, to its end, and returns what it returns: the same work as {@link runInBackground}'s,
 * for code that needs it done before it goes on.
 *
 * @example
 * ```ts
 * const matrix = runNow(buildMatrix(vectors));
 * ```
 */
export function runNow<T>(steps: Iterator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
