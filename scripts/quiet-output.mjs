// What keeps the first run of `npm start` / `npm test` quiet: the environment that turns off the package manager's
// update box and turbo's telemetry notice, and a filter for the install's output that replaces the wall of node-gyp
// errors of the optional native HNSW build (hnswlib-node, which needs python3, make and a C++ compiler) with one line.

/** Variables for every child process: no npm/pnpm "Update available" box, no turbo telemetry notice. */
export const QUIET_ENVIRONMENT = Object.freeze({
  npm_config_update_notifier: "false",
  TURBO_TELEMETRY_DISABLED: "1",
});

/** The one line that stands for a failed optional HNSW build. */
export const HNSW_SKIPPED =
  "Note: HNSW is optional and was not built (hnswlib-node needs python3, make and a C++ compiler); vector search stays exact. " +
  "To get it: install them (e.g. apt-get install python3 make g++), then run npm test again.";

/** Lines of a failed node-gyp build of hnswlib-node, as pnpm prints them (each may be prefixed by a box or a path). */
const NATIVE_BUILD_NOISE = [
  /\bgyp (ERR!|info|WARN|http|verb)/,
  /failed to build:? .*hnswlib-node/i,
  /node-gyp/,
  /hnswlib-node.*(install|postinstall|Running|Failed|failed)/i,
  /^[\s│|]*(make|g\+\+|cc|c\+\+|python3?)(: | -)/,
  /not found: (make|python|g\+\+)/,
  /Could not find any Python installation/,
  /^[\s│|]*(└─|╰─|┌─|╭─)?[\s─]*(Failed in \d|Running install script)/,
];

/** Whether an install output line belongs to the failed native build. */
export function isNativeBuildNoise(line) {
  return NATIVE_BUILD_NOISE.some((pattern) => pattern.test(line));
}

/**
 * Filters install output line by line: native-build noise is dropped; `write` gets every other line; returns a
 * `finish()` that writes {@link HNSW_SKIPPED} once when something was dropped.
 */
export function installOutputFilter(write) {
  let pending = "";
  let dropped = 0;
  let afterNoise = false;
  const line = (text) => {
    // A blank line (or an empty box line) right after dropped lines belongs to them.
    if (isNativeBuildNoise(text) || (afterNoise && /^[\s│|]*$/.test(text))) {
      dropped++;
      afterNoise = true;
    } else {
      afterNoise = false;
      write(`${text}\n`);
    }
  };
  return {
    push(chunk) {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const text of lines) line(text);
    },
    finish() {
      if (pending !== "") line(pending);
      pending = "";
      if (dropped > 0) write(`${HNSW_SKIPPED}\n`);
      return dropped;
    },
  };
}
