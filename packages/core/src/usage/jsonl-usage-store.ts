/**
 * @module Observations in a JSON Lines file, one per line (the format `eval --usage` and `usage report` read).
 * Appends are whole lines; reads go on from a byte offset.
 */
import { appendFile, open } from "node:fs/promises";
import { parseObservations } from "./observations-file.js";
import type { Observation } from "./observation.js";
import type { UsageBatch, UsageStore } from "./usage-store.js";

/**
 * A usage store over a JSONL file (created on the first append). A store keeps observations as given, messages
 * included: it is the log the model learns from (the model itself keeps only analysed terms unless asked).
 * @example
 * ```ts
 * const store = new JsonlUsageStore("usage.jsonl");
 * await store.append([toObservation({ message: "weather in Oslo", tools: ["get_weather"] })]);
 * const { observations, cursor } = await store.read();
 * ```
 */
export class JsonlUsageStore implements UsageStore {
  readonly file: string;

  constructor(file: string) {
    this.file = file;
  }

  async append(observations: readonly Observation[]): Promise<void> {
    if (observations.length === 0) return;
    await appendFile(this.file, observations.map((observation) => `${JSON.stringify(observation)}\n`).join(""));
  }

  async read(cursor?: string): Promise<UsageBatch> {
    const from = cursor === undefined ? 0 : Number(cursor);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { observations: [], cursor: String(from) };
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const buffer = Buffer.alloc(Math.max(0, size - from));
      await handle.read(buffer, 0, buffer.length, from);
      // Only whole lines: a line being appended right now is read next time.
      const end = buffer.lastIndexOf(10) + 1;
      return { observations: parseObservations(buffer.subarray(0, end).toString("utf8"), this.file), cursor: String(from + end) };
    } finally {
      await handle.close();
    }
  }
}
