/**
 * Helpers for tests that start the fixture MCP servers over stdio: server configurations, marker files (one line
 * with the pid per start) and process checks.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { StdioServerConfig } from "../config/server-config.js";

const fixture = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/** A fresh temporary folder and a function that removes it. */
export function temporaryFolder(prefix = "dynamic-tools-mcp-"): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The stdio configuration of a fixture server whose starts are recorded in `{dir}/{name}.starts`. */
export function fixtureServer(name: "files" | "weather" | "hostile", dir: string, env: Record<string, string> = {}): StdioServerConfig {
  return {
    transport: "stdio",
    command: process.execPath,
    args: [fixture(`${name}-server.mjs`)],
    cwd: dir,
    env: { FIXTURE_MARKER_FILE: join(dir, `${name}.starts`), ...env },
  };
}

/** The pids of every start of a fixture server so far (empty when it never started). */
export function startsOf(name: "files" | "weather" | "hostile", dir: string): number[] {
  const marker = join(dir, `${name}.starts`);
  if (!existsSync(marker)) return [];
  return readFileSync(marker, "utf8").split("\n").filter(Boolean).map(Number);
}

/** Whether a process runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `check` holds, or fails after `timeoutMs`. */
export async function waitUntil(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
