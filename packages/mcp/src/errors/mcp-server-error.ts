/**
 * @module The error of an MCP server that could not start, died, or closed its connection: it names the server and
 * the cause, so the error ToolMessage a ToolNode makes of it tells the model (and the user) what failed.
 */
import { DynamicToolsError } from "@dynamic-tools/core";

const MARKER = Symbol.for("dynamic-tools.mcp-server-error");

/**
 * An MCP server failed: it could not start or connect, or its connection closed during a call. The next call of any
 * of its tools tries to start it again.
 *
 * A `DynamicToolsError` with code `SOURCE_UNAVAILABLE`, so `DynamicToolsError.isInstance` recognises it too.
 *
 * @example
 * ```ts
 * import { McpServerError } from "@dynamic-tools/mcp";
 * try {
 *   await readFile.invoke({ path: "notes.txt" });
 * } catch (error) {
 *   if (McpServerError.isInstance(error)) console.log(error.serverId); // "files"
 * }
 * ```
 */
export class McpServerError extends DynamicToolsError {
  readonly [MARKER] = true;
  override readonly name: string = "McpServerError";
  /** The id of the server that failed, as configured. */
  readonly serverId: string;

  constructor(serverId: string, reason: string, options?: { cause?: unknown }) {
    super(
      "SOURCE_UNAVAILABLE",
      `MCP server "${serverId}" failed: ${reason}`,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.serverId = serverId;
  }

  /** True for any McpServerError, from this or another copy of the package. */
  static override isInstance(error: unknown): error is McpServerError {
    return typeof error === "object" && error !== null && MARKER in error;
  }
}

/** The message of anything thrown, without a redundant `Error: ` prefix. */
export function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  return String(cause);
}
