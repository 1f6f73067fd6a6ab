import { mkdtempSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it, vi } from "vitest";
import { gymCatalog } from "../__fixtures__/gym-catalog.js";
import { JsonlUsageStore } from "./jsonl-usage-store.js";
import { toObservation } from "./observation.js";
import { toolResultsObservation } from "./tool-results-observation.js";
import { UsageModel } from "./usage-model.js";
import { UsageRecorder } from "./usage-recorder.js";
import { MemoryUsageStore } from "./usage-store.js";
import { oftenUsedWithLine } from "./co-usage-line.js";

const stores = {
  memory: () => new MemoryUsageStore(),
  jsonl: () => new JsonlUsageStore(join(mkdtempSync(join(tmpdir(), "usage-")), "usage.jsonl")),
};

describe.each(Object.entries(stores))("%s usage store", (_name, create) => {
  it("reads everything, then only what was appended since the cursor", async () => {
    const store = create();
    expect((await store.read()).observations).toEqual([]);
    const first = toObservation({ message: "a", tools: ["x"], at: 1 });
    const second = toObservation({ message: "b", tools: ["y"], at: 2, scope: "s", caller: "c" });
    await store.append([first]);
    const batch = await store.read();
    expect(batch.observations).toEqual([first]);
    await store.append([second]);
    expect((await store.read(batch.cursor)).observations).toEqual([second]);
    expect((await store.read()).observations).toEqual([first, second]);
  });
});

describe("JsonlUsageStore", () => {
  it("leaves a line being written for the next read", async () => {
    const store = stores.jsonl();
    await store.append([toObservation({ message: "a", tools: ["x"], at: 1 })]);
    appendFileSync(store.file, '{"message": "b", "tools"');
    const { observations, cursor } = await store.read();
    expect(observations).toHaveLength(1);
    appendFileSync(store.file, ': ["y"], "at": 2}\n');
    expect((await store.read(cursor)).observations).toEqual([{ message: "b", tools: ["y"], ok: true, at: 2 }]);
  });
});

describe("UsageRecorder", () => {
  it("stores content words, not raw messages, unless asked; and one recorder's store teaches another's model", async () => {
    const store = new MemoryUsageStore();
    const catalog = gymCatalog();
    const writer = new UsageRecorder({ model: new UsageModel({ catalog }), store });
    await writer.record({ message: "Who owes money to the Coaches?", tools: ["get_pending_salaries"], at: 1 });
    expect((await store.read()).observations[0]!.message).toBe("owes money coaches");
    const reader = new UsageRecorder({ model: new UsageModel({ catalog }), store });
    expect(await reader.sync()).toBe(1);
    expect(await reader.sync()).toBe(0);
    expect(Object.fromEntries(reader.model.terms("get_pending_salaries")!)).toEqual(
      Object.fromEntries(writer.model.terms("get_pending_salaries")!),
    );
    const keeping = new UsageRecorder({ model: new UsageModel({ catalog }), store: new MemoryUsageStore(), keepMessages: true });
    await keeping.record({ message: "Who owes money?", tools: ["get_pending_salaries"] });
    expect((await keeping.store!.read()).observations[0]!.message).toBe("Who owes money?");
  });
});

describe("UsageRecorder.recordLater", () => {
  it("returns before anything is stored or learned, in order; flush waits; a failure goes to onError, not the caller", async () => {
    const store = new MemoryUsageStore();
    const recorder = new UsageRecorder({ model: new UsageModel({ catalog: gymCatalog() }), store });
    const errors: string[] = [];
    recorder.recordLater({ message: "coaches owed", tools: ["get_pending_salaries"], at: 1 });
    recorder.recordLater({ message: "bad", tools: "get_pending_salaries" } as never, (error) => errors.push(error.message));
    recorder.recordLater({ message: "freeze", tools: ["freeze_membership"], at: 2 });
    expect(recorder.model.size).toBe(0);
    expect((await store.read()).observations).toEqual([]);
    await recorder.flush();
    expect((await store.read()).observations.map((observation) => observation.message)).toEqual(["coaches owed", "freeze"]);
    expect(recorder.model.size).toBe(2);
    expect(errors).toEqual([expect.stringMatching(/"tools" must be an array of tool names/)]);
    await recorder.flush(); // nothing left: resolves at once
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    recorder.recordLater({ message: "x", tools: 1 } as never, () => {
      throw new Error("handler failed");
    });
    recorder.recordLater({ message: "class", tools: ["book_class"], at: 3 });
    await recorder.flush();
    expect(recorder.model.size).toBe(3);
    expect(warn).toHaveBeenCalledWith("dynamic-tools: could not record usage: handler failed");
    warn.mockRestore();
  });
});

describe("toolResultsObservation", () => {
  const call = (id: string, name: string) => ({ id, name, args: {} });
  it("counts calls that returned without error; refused, unknown and unanswered calls do not count", () => {
    const messages = [
      new HumanMessage("check Ann in"),
      new AIMessage("ok"),
      new HumanMessage("and freeze her membership, then pay her"),
      new AIMessage({
        content: "",
        tool_calls: [call("1", "freeze_membership"), call("2", "pay_salary"), call("3", "nope"), call("4", "mark_check_in")],
      }),
      new ToolMessage({ tool_call_id: "1", content: "frozen" }),
      new ToolMessage({ tool_call_id: "2", content: "Permission denied", status: "error" }),
      new ToolMessage({ tool_call_id: "3", content: 'Tool "nope" not found.', status: "error" }),
    ];
    expect(toolResultsObservation(messages, { at: 5, caller: "u1", scope: "gym" })).toEqual({
      message: "and freeze her membership, then pay her",
      history: ["check Ann in"],
      tools: ["freeze_membership"],
      ok: true,
      scope: "gym",
      caller: "u1",
      at: 5,
    });
  });

  it("is a failed observation when no call succeeded, and nothing before tool results arrive", () => {
    const asked = [new HumanMessage("pay her"), new AIMessage({ content: "", tool_calls: [call("1", "pay_salary")] })];
    expect(toolResultsObservation(asked)).toBeUndefined();
    expect(toolResultsObservation([...asked, new ToolMessage({ tool_call_id: "1", content: "boom", status: "error" })], { at: 1 })).toEqual(
      { message: "pay her", tools: ["pay_salary"], ok: false, at: 1 },
    );
    expect(
      toolResultsObservation([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toBeUndefined();
  });
});

describe("oftenUsedWithLine", () => {
  it("names the tools most used with a tool", () => {
    const usage = new UsageModel({ catalog: gymCatalog() });
    expect(oftenUsedWithLine(usage, "create_client")).toBeUndefined();
    usage.observe({ message: "new client Ann, check her in", tools: ["create_client", "mark_check_in"] });
    expect(oftenUsedWithLine(usage, "create_client", { minWeight: 0.5 })).toBe("Often used with: mark_check_in");
  });
});
