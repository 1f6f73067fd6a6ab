// Test hooks shared by the fixture MCP servers, driven by environment variables:
// - FIXTURE_MARKER_FILE: on start, append this process's pid as one line (so a test can count starts and find pids).
// - FIXTURE_FAIL_START_FILE: while this file exists, the server exits(2) at start, before answering anything.
// - FIXTURE_CRASH_ONCE_FILE: when a tool that honours it is called and this file exists, delete it and exit(1)
//   mid-call: the call never answers, and the server that replaces this one behaves normally.
import { appendFileSync, existsSync, unlinkSync } from "node:fs";

export function recordStart() {
  const marker = process.env.FIXTURE_MARKER_FILE;
  if (marker) appendFileSync(marker, `${process.pid}\n`);
  const refuse = process.env.FIXTURE_FAIL_START_FILE;
  if (refuse && existsSync(refuse)) {
    process.stderr.write("fixture: refusing to start as asked\n");
    process.exit(2);
  }
}

export function crashIfAsked() {
  const trigger = process.env.FIXTURE_CRASH_ONCE_FILE;
  if (trigger && existsSync(trigger)) {
    unlinkSync(trigger);
    process.stderr.write("fixture: crashing mid-call as asked\n");
    process.exit(1);
  }
}
