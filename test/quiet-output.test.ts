/**
 * The first run is quiet: the install output filter of scripts/run.mjs replaces a failed optional hnswlib-node build
 * (real node-gyp output, captured on a PATH without python3 and make) with one line, and keeps everything else; the
 * environment turns off the update box and turbo's telemetry notice.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HNSW_SKIPPED, installOutputFilter, QUIET_ENVIRONMENT } from "../scripts/quiet-output.mjs";

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
    expect(out).toBe(`Packages: +24\nDone in 12s using pnpm v10.34.9\n${HNSW_SKIPPED}\n`);
    expect(dropped).toBeGreaterThan(30);
  });

  it("leaves an install without a failed native build untouched", () => {
    const text = "Lockfile is up to date\nPackages: +3\nDone in 1s\n";
    expect(filtered(text)).toEqual({ out: text, dropped: 0 });
  });

  it("turns off the package manager's update box and turbo's telemetry notice", () => {
    expect(QUIET_ENVIRONMENT).toEqual({ npm_config_update_notifier: "false", TURBO_TELEMETRY_DISABLED: "1" });
  });
});
