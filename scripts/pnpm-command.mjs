// The pnpm to run: the one on PATH when its major version is the pinned one (package.json "packageManager"),
// else the pinned version through npx (Node 20 and npm are enough).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const pinnedPnpm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager.split("@")[1];

/** The command and leading arguments that run pnpm, e.g. ["pnpm"] or ["npx", "--yes", "pnpm@10.34.9"]. */
export function pnpmCommand() {
  try {
    const version = execFileSync("pnpm", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (version.split(".")[0] === pinnedPnpm.split(".")[0]) return ["pnpm"];
  } catch {
    // not installed: fall through to npx
  }
  return ["npx", "--yes", `pnpm@${pinnedPnpm}`];
}
