// What keeps the first run of `npm start` / `npm test` quiet: the environment that turns off the package manager's
// update box and turbo's telemetry notice, and a filter for the install's output that replaces the wall of node-gyp
// errors of the optional native HNSW build (hnswlib-node, which needs python3, make and a C++ compiler) with one line
// naming the cause.

/** Variables for every child process: no npm/pnpm "Update available" box, no turbo telemetry notice. */
export const QUIET_ENVIRONMENT = Object.freeze({
  npm_config_update_notifier: "false",
  TURBO_TELEMETRY_DISABLED: "1",
});

/** How to build it again: the next `npm test` installs only when this marker is gone (see scripts/run.mjs). */
const RETRY = "then delete node_modules/.modules.yaml and run npm test again";

/** The line that stands for a failed optional HNSW build, naming its cause as the dropped lines show it. */
export function hnswSkippedNote(dropped = []) {
  const seen = (pattern) => dropped.some((line) => pattern.test(line));
  const cause = seen(/find Python|Could not find any Python|not found: (make|python|g\+\+)|(make|g\+\+|python3?): (command )?not found/)
    ? `hnswlib-node's build needs python3, make and a C++ compiler, and one is missing: install them (e.g. apt-get install python3 make g++), ${RETRY}`
    : seen(/ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|getaddrinfo|nodejs\.org|certificate/)
      ? `node-gyp could not download Node's headers from nodejs.org: allow that, or point npm_config_nodedir at Node's headers, ${RETRY}`
      : `its native build failed (npx pnpm@10.34.9 rebuild hnswlib-node shows why); to try again, ${RETRY}`;
  return `Note: HNSW is optional and was not built; vector search stays exact. To get it: ${cause}.`;
}

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
 * `finish()` that writes {@link hnswSkippedNote} once when something was dropped.
 */
export function installOutputFilter(write) {
  let pending = "";
  const dropped = [];
  let afterNoise = false;
  const line = (text) => {
    // A blank line (or an empty box line) right after dropped lines belongs to them.
    if (isNativeBuildNoise(text) || (afterNoise && /^[\s│|]*$/.test(text))) {
      dropped.push(text);
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
      if (dropped.length > 0) write(`${hnswSkippedNote(dropped)}\n`);
      return dropped.length;
    },
  };
}
