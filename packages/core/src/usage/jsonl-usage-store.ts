/**
 * @module Observations in a JSON Lines file, one per line (the format `eval --usage` and `usage report` read).
 * Appends are whole lines; reads stream on from a byte offset in bounded batches (a log of any size syncs, and one
 * bad line is skipped and reported with its line number while the others are learned).
 */
import { appendFile, open, readFile, rename, writeFile } from "node:fs/promises";
import { describeValue } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { checkOptionKeys, keysOf } from "../options/option-keys.js";
import { parseObservationLine } from "./observations-file.js";
import type { Observation } from "./observation.js";
import { parseSavedFusionFits, type SavedFusionFits } from "./saved-fusion-fits.js";
import type { SkippedRecord, UsageBatch, UsageStore } from "./usage-store.js";

/** Options of {@link JsonlUsageStore}. */
export interface JsonlUsageStoreOptions {
  /** Most bytes of whole lines one `read` returns (it sets `more` when the file holds more). @defaultValue 16 MiB */
  batchBytes?: number;
  /** Longest line read; a longer one is skipped (and reported) without being held in memory. @defaultValue 1 MiB */
  maxLineBytes?: number;
}

const JSONL_STORE_OPTION_KEYS = keysOf<JsonlUsageStoreOptions>()(["batchBytes", "maxLineBytes"]);

/** Bytes read from the file at a time. */
const CHUNK_BYTES = 1 << 20;

/** Where a read goes on from: a byte offset and the lines before it (for line numbers). */
function parseCursor(file: string, cursor: string | undefined): { offset: number; line: number } {
  if (cursor === undefined) return { offset: 0, line: 0 };
  const match = /^(\d+)(?::(\d+))?$/.exec(cursor);
  const offset = Number(match?.[1]);
  const line = match?.[2] === undefined ? 0 : Number(match[2]);
  if (match === null || !Number.isSafeInteger(offset) || !Number.isSafeInteger(line)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `Not a cursor of the usage store ${file}: ${JSON.stringify(cursor)} (expected "<offset>:<line>").`,
    );
  }
  return { offset, line };
}

/**
 * A usage store over a JSONL file (created on the first append). A store keeps observations as given, messages
 * included: it is the log the model learns from (the model itself keeps only analysed terms unless asked). Fusion
 * weights fitted over them are saved beside it, in `<file>.fusion.json`.
 * @example
 * ```ts
 * const store = new JsonlUsageStore("usage.jsonl");
 * await store.append([toObservation({ message: "weather in Oslo", tools: ["get_weather"] })]);
 * const { observations, cursor, skipped } = await store.read();
 * ```
 */
export class JsonlUsageStore implements UsageStore {
  readonly file: string;
  readonly #batchBytes: number;
  readonly #maxLineBytes: number;

  constructor(file: string, options: JsonlUsageStoreOptions = {}) {
    if (typeof file !== "string" || file === "")
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `JsonlUsageStore: file must be a non-empty string, the path of the JSONL file (new JsonlUsageStore("usage.jsonl")), got ${describeValue(file)}.`,
        { path: ["file"] },
      );
    checkOptionKeys(options, JSONL_STORE_OPTION_KEYS, "JsonlUsageStore");
    const { batchBytes = 16 << 20, maxLineBytes = 1 << 20 } = options;
    for (const [name, value] of [
      ["batchBytes", batchBytes],
      ["maxLineBytes", maxLineBytes],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < 1)
        throw new DynamicToolsError(
          "INVALID_OPTION",
          `JsonlUsageStore: ${name} must be a positive whole number of bytes, got ${String(value)}.`,
          {
            path: [name],
          },
        );
    }
    this.file = file;
    this.#batchBytes = batchBytes;
    this.#maxLineBytes = maxLineBytes;
  }

  async append(observations: readonly Observation[]): Promise<void> {
    if (observations.length === 0) return;
    await appendFile(this.file, observations.map((observation) => `${JSON.stringify(observation)}\n`).join(""));
  }

  /** Where {@link JsonlUsageStore.writeFusionFits} saves: `<file>.fusion.json`. */
  get fusionFile(): string {
    return `${this.file}.fusion.json`;
  }

  /** Saves the fits to {@link JsonlUsageStore.fusionFile} (a whole file written, then renamed into place). */
  async writeFusionFits(fits: SavedFusionFits): Promise<void> {
    const temporary = `${this.fusionFile}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(fits, null, 2)}\n`);
    await rename(temporary, this.fusionFile);
  }

  /**
   * The fits in {@link JsonlUsageStore.fusionFile}, undefined when there is none.
   * @throws DynamicToolsError `INVALID_OPTION` naming the file and the first bad field, when it is not saved fits.
   */
  async readFusionFits(): Promise<SavedFusionFits | undefined> {
    let text: string;
    try {
      text = await readFile(this.fusionFile, "utf8");
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new DynamicToolsError("INVALID_OPTION", `Cannot read ${this.fusionFile}: ${(cause as Error).message}`, { cause });
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (cause) {
      throw new DynamicToolsError("INVALID_OPTION", `${this.fusionFile} is not JSON: ${(cause as Error).message}`, { cause });
    }
    return parseSavedFusionFits(value, this.fusionFile);
  }

  async read(cursor?: string): Promise<UsageBatch> {
    const from = parseCursor(this.file, cursor);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { observations: [], cursor: `${from.offset}:${from.line}` };
      throw error;
    }
    try {
      return await this.#readFrom(handle, from);
    } finally {
      await handle.close();
    }
  }

  /** Streams whole lines from `from` until the batch is full or the file ends (a partial last line is left for later). */
  async #readFrom(handle: Awaited<ReturnType<typeof open>>, from: { offset: number; line: number }): Promise<UsageBatch> {
    const { size } = await handle.stat();
    // An append-only log only grows, and a read ends after a line break: anything else is another file now.
    const before = Buffer.alloc(1);
    if (
      from.offset > size ||
      (from.offset > 0 && ((await handle.read(before, 0, 1, from.offset - 1)).bytesRead !== 1 || before[0] !== 10))
    ) {
      throw new DynamicToolsError(
        "USAGE_STORE_CHANGED",
        `The usage store ${this.file} (${size} bytes) no longer holds what was read from it up to byte ${from.offset}: it was ` +
          "truncated or replaced. Learn it again from its start (a new recorder, or read() without a cursor).",
      );
    }
    const observations: Observation[] = [];
    const skipped: SkippedRecord[] = [];
    const now = Date.now();
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let line = from.line;
    /** The end of the last whole line read, and the lines up to it. */
    let consumed = from.offset;
    let consumedLine = line;
    let position = from.offset;
    /** The start of the line being read, held while it spans chunks (dropped once it is too long). */
    let carry: Buffer[] = [];
    let carryBytes = 0;
    let overlong = false;
    const take = (bytes: Buffer) => {
      line++;
      const problem = overlong
        ? `line longer than ${this.#maxLineBytes} bytes`
        : parseObservationLine((carry.length === 0 ? bytes : Buffer.concat([...carry, bytes])).toString("utf8"), { at: now });
      if (typeof problem === "string") skipped.push({ message: `${this.file}:${line}: ${problem}`, line });
      else if (problem !== undefined) observations.push(problem);
      carry = [];
      carryBytes = 0;
      overlong = false;
    };
    while (position < size && consumed - from.offset < this.#batchBytes) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK_BYTES, size - position), position);
      if (bytesRead === 0) break;
      let start = 0;
      for (let newline = chunk.indexOf(10, 0); newline !== -1 && newline < bytesRead; newline = chunk.indexOf(10, start)) {
        if (!overlong && carryBytes + newline - start > this.#maxLineBytes) overlong = true;
        take(chunk.subarray(start, newline));
        start = newline + 1;
        consumed = position + start;
        consumedLine = line;
        if (consumed - from.offset >= this.#batchBytes) break;
      }
      const rest = bytesRead - start;
      if (consumed - from.offset >= this.#batchBytes) break;
      if (!overlong && rest > 0) {
        carryBytes += rest;
        if (carryBytes > this.#maxLineBytes) {
          overlong = true;
          carry = [];
        } else carry.push(Buffer.from(chunk.subarray(start, bytesRead)));
      }
      position += bytesRead;
    }
    return {
      observations,
      cursor: `${consumed}:${consumedLine}`,
      ...(skipped.length === 0 ? {} : { skipped }),
      ...(consumed < size && consumed - from.offset >= this.#batchBytes ? { more: true } : {}),
    };
  }
}
