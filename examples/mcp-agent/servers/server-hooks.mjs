// Hooks for the example's tests, driven by environment variables (all optional):
// - MCP_AGENT_STARTS_FILE: on start, append this process's pid as one line (tests count lazy starts).
// - MCP_AGENT_CRASH_FILE: when a tool honouring it is called and this file exists, delete it and exit mid-call.
import { appendFileSync, existsSync, unlinkSync } from "node:fs";

export function recordStart() {
  const marker = process.env.MCP_AGENT_STARTS_FILE;
  if (marker) appendFileSync(marker, `${process.pid}\n`);
}

export function crashIfAsked() {
  const trigger = process.env.MCP_AGENT_CRASH_FILE;
  if (trigger && existsSync(trigger)) {
    unlinkSync(trigger);
    process.exit(1);
  }
}
