/**
 * @module The one error type of dynamic-tools: every failure carries a `code` from a closed union.
 */

/** Every code a {@link DynamicToolsError} can carry. */
export type DynamicToolsErrorCode =
  | "INVALID_TOOL_NAME"
  | "DUPLICATE_TOOL"
  | "UNKNOWN_TOOL"
  | "UNKNOWN_CATEGORY"
  | "INVALID_DECLARATION"
  | "CORE_EXCEEDS_BUDGET"
  | "CATALOG_FILE_UNREADABLE"
  | "CATALOG_FILE_MALFORMED"
  | "INVALID_OPTION"
  | "TOOL_NOT_FOUND"
  | "TOOL_DISABLED"
  | "TOOL_NOT_IMPLEMENTED"
  /** A tool's source (an MCP server, an SDK app) could not start, connect or died during a call. */
  | "SOURCE_UNAVAILABLE"
  /** The caller's permission policy does not allow this tool. */
  | "PERMISSION_DENIED"
  /** A human rejected the tool call at approval. */
  | "APPROVAL_REJECTED"
  /** A retrieval index failed to build or load (the cause is attached); indexing again starts over. */
  | "INDEX_FAILED"
  /** A call that needs approval is not the call the human answered (changed or added after approval was asked). */
  | "APPROVAL_REQUIRED"
  /**
   * An approval answer does not answer this call as it was shown: it names another call id or another digest (the call
   * changed while paused), is not exactly one decision, or is unreadable.
   */
  | "APPROVAL_MISMATCH"
  /**
   * An approval was already used, by another run of the same pause (a second or concurrent resume) or by an earlier run
   * of the same step (LangGraph runs a step again when one of its calls pauses): an approval runs its call once.
   */
  | "APPROVAL_CONSUMED"
  /** A tool call ran past its timeout and was cancelled (its signal aborted). */
  | "TOOL_TIMEOUT"
  /** A tool returned something the executor cannot accept as this call's answer (a ToolMessage for another call). */
  | "INVALID_TOOL_RESULT"
  /** A tool call the model emitted malformed (`invalid_tool_calls`: arguments that are not valid JSON), answered, not run. */
  | "INVALID_TOOL_CALL"
  /** A snapshot file of another format version or of another catalog. */
  | "SNAPSHOT_MISMATCH"
  /** A usage observation (or a line of a usage file) is malformed. */
  | "INVALID_OBSERVATION"
  /** What a selector was asked to read is neither a message (a string) nor a list of messages. */
  | "INVALID_INPUT"
  /**
   * A usage store's file no longer holds what was read from it (it is shorter than the cursor, or the cursor falls
   * mid-line): it was truncated or replaced, so reading on would learn from the middle of another file.
   */
  | "USAGE_STORE_CHANGED";

const MARKER = Symbol.for("dynamic-tools.error");

/** One problem of a {@link DynamicToolsError} that reports several at once (every bad entry of a catalog file). */
export interface DynamicToolsProblem {
  readonly code: DynamicToolsErrorCode;
  /** The problem on its own, with its file and line when it has them. */
  readonly message: string;
  /** Key path of the culprit, when known. */
  readonly path?: ReadonlyArray<string | number>;
  /** File the problem is in, when it comes from a file. */
  readonly file?: string;
  /** 1-based line in that file, when known. */
  readonly line?: number;
}

/**
 * The base error of the library. Recognise it with {@link DynamicToolsError.isInstance}, which works even when
 * two copies of the package are installed (where `instanceof` would not).
 *
 * @example
 * ```ts
 * import { DynamicToolsError, ToolCatalog } from "@dynamic-tools/core";
 * try {
 *   new ToolCatalog({ tools: [{ name: "bad name", description: "x" }] });
 * } catch (error) {
 *   if (DynamicToolsError.isInstance(error)) console.log(error.code); // "INVALID_TOOL_NAME"
 * }
 * ```
 */
export class DynamicToolsError extends Error {
  readonly [MARKER] = true;
  override readonly name: string = "DynamicToolsError";
  /** What went wrong, from a closed set. */
  readonly code: DynamicToolsErrorCode;

  /** Where in a catalog the culprit sits, as a key path (`["categories", "salary", "related", 0]`), when known. */
  readonly path: ReadonlyArray<string | number> | undefined;

  /**
   * Every problem this error reports, in order: one (this error itself) unless several were found at once, as
   * when a catalog file has several bad entries (the message then lists them all, one a line).
   */
  readonly problems: readonly DynamicToolsProblem[];

  constructor(
    code: DynamicToolsErrorCode,
    message: string,
    options?: { cause?: unknown; path?: ReadonlyArray<string | number>; problems?: readonly DynamicToolsProblem[] },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.path = options?.path;
    this.problems = Object.freeze([
      ...(options?.problems ?? [{ code, message, ...(options?.path === undefined ? {} : { path: options.path }) }]),
    ]);
  }

  /** True for any DynamicToolsError, from this or another copy of the package. */
  static isInstance(error: unknown): error is DynamicToolsError {
    return typeof error === "object" && error !== null && MARKER in error;
  }
}
