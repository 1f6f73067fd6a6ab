import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { JsonlUsageStore } from "./jsonl-usage-store.js";
import { UsageModel } from "./usage-model.js";
import { UsageRecorder } from "./usage-recorder.js";
import type { SkippedRecord } from "./usage-store.js";

const file = () => join(mkdtempSync(join(tmpdir(), "usage-")), "usage.jsonl");
const line = (message: string, at: number) => `${JSON.stringify({ message, tools: ["mark_check_in"], at })}\n`;

describe("JsonlUsageStore: never stuck, never loses", () => {
  it("skips a bad line, naming its line number, learns the others, and moves on (the next sync learns what follows)", async () => {
    const path = file();
    writeFileSync(path, `${line("a", 1)}{not json\n${line("b", 2)}{"message": 3, "tools": []}\n${line("c", 3)}`);
    const skipped: SkippedRecord[] = [];
    const recorder = new UsageRecorder({
      model: new UsageModel({ catalog: gymCatalog() }),
      store: new JsonlUsageStore(path),
      onSkipped: (record) => skipped.push(record),
    });
    expect(await recorder.sync()).toBe(3);
    expect(skipped.map(({ line }) => line)).toEqual([2, 4]);
    expect(skipped[0]!.message).toMatch(new RegExp(`${path.replace(/[\\/.]/g, "\\$&")}:2: not valid JSON`));
    expect(skipped[1]!.message).toMatch(/:4: "message" must be a non-empty string/);
    appendFileSync(path, `oops\n${line("d", 4)}`);
    expect(await recorder.sync()).toBe(1);
    expect(skipped.map(({ line }) => line)).toEqual([2, 4, 6]);
    expect(recorder.model.size).toBe(4);
  });

  it("reads in bounded batches (more: true) and skips a line longer than the limit without holding it", async () => {
    const path = file();
    const long = `{"message": "${"x".repeat(5_000)}", "tools": ["mark_check_in"]}\n`;
    writeFileSync(path, [line("a", 1), long, line("b", 2), line("c", 3)].join(""));
    const store = new JsonlUsageStore(path, { batchBytes: 64, maxLineBytes: 1_000 });
    const first = await store.read();
    expect(first.observations.map((observation) => observation.message)).toEqual(["a"]);
    expect(first.skipped).toEqual([{ message: `${path}:2: line longer than 1000 bytes`, line: 2 }]);
    expect(first.more).toBe(true);
    const second = await store.read(first.cursor);
    expect(second.observations.map((observation) => observation.message)).toEqual(["b", "c"]);
    expect(second.more).toBeUndefined();
    const recorder = new UsageRecorder({ model: new UsageModel({ catalog: gymCatalog() }), store, onSkipped: () => {} });
    expect(await recorder.sync()).toBe(3);
  });

  it("refuses to read on in a file that was truncated or replaced since the cursor, instead of learning from mid-line", async () => {
    const path = file();
    writeFileSync(path, [1, 2, 3, 4].map((at) => line(`message ${at}`, at)).join(""));
    const store = new JsonlUsageStore(path);
    const { cursor } = await store.read();
    writeFileSync(path, line("shorter", 5));
    await expect(store.read(cursor)).rejects.toMatchObject({ code: "USAGE_STORE_CHANGED" });
    appendFileSync(path, [6, 7, 8, 9].map((at) => line(`longer again ${at}`, at)).join(""));
    await expect(store.read(cursor)).rejects.toThrow(/no longer holds what was read from it up to byte \d+: it was truncated or replaced/);
    await expect(store.read("999999999999:5")).rejects.toMatchObject({ code: "USAGE_STORE_CHANGED" });
    expect((await store.read()).observations).toHaveLength(5);
  });

  it("rejects a cursor it did not make and bad options, with typed errors", async () => {
    const store = new JsonlUsageStore(file());
    await expect(store.read("seen")).rejects.toMatchObject({ code: "INVALID_OPTION" });
    expect(() => new JsonlUsageStore(file(), { batchBytes: 0 })).toThrow(/batchBytes must be a positive whole number/);
  });

  it("property: any mix of good and bad lines, read in any batch size, yields exactly the good ones in order, and names every bad line", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant("good"), fc.constant("bad"), fc.constant("blank"), fc.constant("long")), { maxLength: 30 }),
        fc.integer({ min: 1, max: 400 }),
        async (kinds, batchBytes) => {
          const path = file();
          const text = kinds
            .map((kind, index) =>
              kind === "good" ? line(`m${index}`, index) : kind === "bad" ? "{]\n" : kind === "blank" ? "\n" : `${"y".repeat(300)}\n`,
            )
            .join("");
          writeFileSync(path, text);
          const store = new JsonlUsageStore(path, { batchBytes, maxLineBytes: 200 });
          const messages: string[] = [];
          const bad: number[] = [];
          let cursor: string | undefined;
          for (let reads = 0; ; reads++) {
            expect(reads).toBeLessThan(1_000);
            const batch = await store.read(cursor);
            cursor = batch.cursor;
            messages.push(...batch.observations.map((observation) => observation.message));
            bad.push(...(batch.skipped ?? []).map((record) => record.line!));
            if (batch.more !== true) break;
          }
          expect(messages).toEqual(kinds.flatMap((kind, index) => (kind === "good" ? [`m${index}`] : [])));
          expect(bad).toEqual(kinds.flatMap((kind, index) => (kind === "bad" || kind === "long" ? [index + 1] : [])));
        },
      ),
      { numRuns: 60 },
    );
  });
});
