/**
 * @module A one-line progress bar for long eval runs, redrawn in place on a terminal (stderr), never on stdout.
 */

/** Where the bar is drawn: a writable stream that may be a terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/**
 * The bar's text: label, a `width`-cell bar, `done/total` and the percentage.
 * @example
 * ```ts
 * renderProgressBar("bm25", 5, 20, 8); // "bm25 [##......] 5/20 25%"
 * ```
 */
export function renderProgressBar(label: string, done: number, total: number, width = 30): string {
  const share = total === 0 ? 1 : Math.min(1, Math.max(0, done / total));
  const filled = Math.round(share * width);
  return `${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total} ${Math.floor(share * 100)}%`;
}

/**
 * A progress callback drawing on `stream` when it is a terminal, and doing nothing otherwise (so piped or captured
 * output stays clean). It redraws at most every `intervalMs` and erases the bar when done reaches total.
 * @example
 * ```ts
 * const onProgress = progressReporter(process.stderr, "sequence-matcher");
 * await runEval({ catalog, queries, strategy, onProgress });
 * ```
 */
export function progressReporter(stream: ProgressStream, label: string, intervalMs = 100): (done: number, total: number) => void {
  if (stream.isTTY !== true) return () => {};
  let last = Number.NEGATIVE_INFINITY;
  return (done, total) => {
    const now = performance.now();
    if (done >= total) {
      stream.write("\r\u001b[2K");
      return;
    }
    if (now - last < intervalMs) return;
    last = now;
    const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - label.length - 30));
    stream.write(`\r\u001b[2K${renderProgressBar(label, done, total, width)}`);
  };
}
