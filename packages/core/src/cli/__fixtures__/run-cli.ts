/** Runs the CLI in process, as a test sees it: the exit code and what it printed to stdout and stderr. */
import { main } from "../main.js";

export async function runCli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    argv,
    (text) => out.push(text),
    (text) => err.push(text),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}
