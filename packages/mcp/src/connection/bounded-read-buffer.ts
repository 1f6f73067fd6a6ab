/**
 * @module A stdio read buffer that survives a message over the size limit. The MCP SDK's own buffer throws on such a
 * message and the transport then closes, killing the server: one oversized tool result (a hostile or careless
 * server) would read as "connection lost" and restart the server. This one discards the oversized message as it
 * streams in (never holding more than the limit) and, when it can read the message's JSON-RPC id, answers that
 * request with an error saying the result was too large, so the call fails cleanly and the connection stays.
 */

/** The SDK's limit for one message read from a stdio server (10 MB), kept as the default. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC "internal error": what the request is answered with when its result was too large. */
const RESULT_TOO_LARGE_CODE = -32603;

/** Bytes kept of each end of a discarded message, to find its id. */
const EDGE_BYTES = 256;

/** What the SDK's transport needs of its read buffer. */
export interface ReadBufferLike {
  append(chunk: Buffer): void;
  readMessage(): unknown;
  clear(): void;
}

/** A JSON-RPC id written at the start (`{"jsonrpc":"2.0","id":7,…`) or at the end (`…,"id":7}`) of a message. */
function findId(head: string, tail: string): string | number | undefined {
  const pattern = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/;
  const atEnd = new RegExp(`${pattern.source}\\s*}\\s*$`).exec(tail);
  const atStart = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/.exec(head);
  const raw = atEnd?.[1] ?? atStart?.[1];
  return raw === undefined ? undefined : (JSON.parse(raw) as string | number);
}

/**
 * A newline-delimited JSON-RPC reader with a size limit per message; see the module note.
 * @param parse - turns one line into a message (the SDK's `deserializeMessage`).
 */
export class BoundedReadBuffer implements ReadBufferLike {
  #buffer: Buffer | undefined;
  /** Set while the rest of an oversized message is being skipped. */
  #discarding: { head: string; tail: string; bytes: number } | undefined;
  readonly #ready: unknown[] = [];
  readonly #maxBytes: number;
  readonly #parse: (line: string) => unknown;
  readonly #onOversized: (bytes: number) => void;

  constructor({
    maxBytes = DEFAULT_MAX_MESSAGE_BYTES,
    parse,
    onOversized = () => undefined,
  }: { maxBytes?: number; parse: (line: string) => unknown; onOversized?: (bytes: number) => void }) {
    this.#maxBytes = maxBytes;
    this.#parse = parse;
    this.#onOversized = onOversized;
  }

  append(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0) {
      if (this.#discarding !== undefined) {
        const end = rest.indexOf(10);
        const piece = end === -1 ? rest : rest.subarray(0, end);
        const skipped = this.#discarding;
        skipped.bytes += piece.length;
        skipped.tail = (skipped.tail + piece.subarray(-EDGE_BYTES).toString("utf8")).slice(-EDGE_BYTES);
        if (end === -1) return;
        this.#finishDiscard();
        rest = rest.subarray(end + 1);
        continue;
      }
      const held = this.#buffer?.length ?? 0;
      const end = rest.indexOf(10);
      const lineBytes = held + (end === -1 ? rest.length : end);
      if (lineBytes <= this.#maxBytes) {
        // Everything up to the last newline can be kept (the transport drains complete lines after each append).
        this.#buffer = this.#buffer === undefined ? rest : Buffer.concat([this.#buffer, rest]);
        if (this.#buffer.length > this.#maxBytes && this.#buffer.lastIndexOf(10) !== -1) {
          // Several lines in one chunk: keep the complete ones, check the partial last one on its own.
          const cut = this.#buffer.lastIndexOf(10) + 1;
          const complete = this.#buffer.subarray(0, cut);
          const partial = this.#buffer.subarray(cut);
          this.#buffer = complete;
          this.#drainLines();
          this.#buffer = undefined;
          rest = partial;
          continue;
        }
        return;
      }
      // The current line goes past the limit: skip it, remembering its edges to find its id.
      const start = this.#buffer === undefined ? rest : Buffer.concat([this.#buffer, rest.subarray(0, Math.min(rest.length, EDGE_BYTES))]);
      this.#discarding = { head: start.subarray(0, EDGE_BYTES).toString("utf8"), tail: "", bytes: held };
      this.#buffer = undefined;
    }
  }

  #finishDiscard(): void {
    const { head, tail, bytes } = this.#discarding!;
    this.#discarding = undefined;
    this.#onOversized(bytes);
    const id = findId(head, tail);
    if (id === undefined) return;
    this.#ready.push({
      jsonrpc: "2.0",
      id,
      error: {
        code: RESULT_TOO_LARGE_CODE,
        message: `Result too large: the server sent ${bytes} bytes, over the client's limit of ${this.#maxBytes} bytes; it was discarded`,
      },
    });
  }

  /** Moves every complete line of the buffer to the ready queue. */
  #drainLines(): void {
    for (;;) {
      const message = this.#readLine();
      if (message === null) return;
      this.#ready.push(message);
    }
  }

  #readLine(): unknown {
    if (this.#buffer === undefined) return null;
    const index = this.#buffer.indexOf(10);
    if (index === -1) return null;
    const line = this.#buffer.toString("utf8", 0, index).replace(/\r$/, "");
    this.#buffer = this.#buffer.subarray(index + 1);
    return this.#parse(line);
  }

  readMessage(): unknown {
    if (this.#ready.length > 0) return this.#ready.shift();
    return this.#readLine();
  }

  clear(): void {
    this.#buffer = undefined;
    this.#discarding = undefined;
    this.#ready.length = 0;
  }
}
