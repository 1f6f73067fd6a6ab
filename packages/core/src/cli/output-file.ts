/**
 * @module Writing a file the command line names (`--html`, `--snapshot`): a failure becomes one typed line that names
 * the option and the path as given (never a temporary file next to it), exit code 1 like any file that cannot be read.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** A system error's message without its `, open '<path>'` / `, rename '<a>' -> '<b>'` tail (which may name a temporary file). */
function reason(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.replace(/, [a-z]+ '[\s\S]*$/, "").split("\n")[0]!;
}

/**
 * Throws `INVALID_OPTION` for an empty output path, before any work (exit 1, as an empty input path such as
 * `--catalog ""` fails to read).
 */
export function checkOutputPath(option: string, file: string | undefined): void {
  if (file !== undefined && file.trim() === "")
    throw new DynamicToolsError("INVALID_OPTION", `Cannot write ${option} "${file}": the path is empty; give a file path.`);
}

/**
 * Runs `write` (which writes `file`, given as `option`); a failure other than a {@link DynamicToolsError} throws
 * `INVALID_OPTION: Cannot write <option> <file>: <reason>`.
 * @example
 * ```ts
 * await writeOutputFile("--html", "report.html", () => writeFileSync("report.html", html));
 * ```
 */
export async function writeOutputFile(option: string, file: string, write: () => unknown): Promise<void> {
  checkOutputPath(option, file);
  try {
    await write();
  } catch (cause) {
    if (DynamicToolsError.isInstance(cause)) throw cause;
    throw new DynamicToolsError("INVALID_OPTION", `Cannot write ${option} ${file}: ${reason(cause)}`, { cause });
  }
}
