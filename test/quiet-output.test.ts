/**
 * The first run is quiet: the install output filter of scripts/run.mjs replaces a failed optional hnswlib-node build
 * (real node-gyp output, captured on a PATH without python3 and make) with one line, and keeps everything else; the
 * environment turns off the update box and turbo's telemetry notice.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hnswSkippedNote, installOutputFilter, QUIET_ENVIRONMENT } from "../scripts/quiet-output.mjs";

const NODE_GYP = readFileSync(new URL("../scripts/__fixtures__/node-gyp-failure.log", import.meta.url), "utf8");

function filtered(text: string, chunk = 17): { out: string; dropped: number } {
  let out = "";
  const filter = installOutputFilter((line: string) => (out += line));
  for (let index = 0; index < text.length; index += chunk) filter.push(text.slice(index, index + chunk));
  const dropped = filter.finish();
  return { out, dropped };
}

describe("the quiet first run", () => {
  it("replaces node-gyp's wall of errors (in pnpm's box) with one line and keeps the rest", () => {
    const boxed = NODE_GYP.trimEnd()
      .split("\n")
      .map((line) => `│ ${line}`)
      .join("\n");
    const text = [
      "Packages: +24",
      ".../node_modules/hnswlib-node install$ node-gyp rebuild",
      boxed,
      "└─ Failed in 2.1s at /repo/node_modules/.pnpm/hnswlib-node@3.0.0/node_modules/hnswlib-node",
      " WARN  1 optional dependency failed to build: hnswlib-node",
      "Done in 12s using pnpm v10.34.9",
      "",
    ].join("\n");
    const { out, dropped } = filtered(text);
    expect(NODE_GYP.split("\n").filter((line) => line.includes("gyp ERR!")).length).toBeGreaterThan(20);
    expect(out).toBe(
      "Packages: +24\nDone in 12s using pnpm v10.34.9\nNote: HNSW is optional and was not built; vector search stays exact. To get it: " +
        "hnswlib-node's build needs python3, make and a C++ compiler, and one is missing: install them (e.g. apt-get install python3 make g++), " +
        "then delete node_modules/.modules.yaml and run npm test again.\n",
    );
    expect(dropped).toBeGreaterThan(30);
  });

  it("names a failed download of Node's headers as the cause, not a missing compiler", () => {
    const note = hnswSkippedNote([
      "gyp http GET https://nodejs.org/download/release/v20.19.0/node-v20.19.0-headers.tar.gz",
      "gyp ERR! stack Error: getaddrinfo EAI_AGAIN nodejs.org",
    ]);
    expect(note).toMatch(
      /To get it: node-gyp could not download Node's headers from nodejs\.org: allow that, or point npm_config_nodedir at Node's headers/,
    );
    expect(hnswSkippedNote(["gyp ERR! build error"])).toMatch(
      /its native build failed \(npx pnpm@10\.34\.9 rebuild hnswlib-node shows why\)/,
    );
  });

  it("leaves an install without a failed native build untouched", () => {
    const text = "Lockfile is up to date\nPackages: +3\nDone in 1s\n";
    expect(filtered(text)).toEqual({ out: text, dropped: 0 });
  });

  it("turns off the package manager's update box and turbo's telemetry notice", () => {
    expect(QUIET_ENVIRONMENT).toEqual({ npm_config_update_notifier: "false", TURBO_TELEMETRY_DISABLED: "1" });
  });
});
