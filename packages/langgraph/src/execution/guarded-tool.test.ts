import { getEventListeners } from "node:events";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { guardTool } from "./guarded-tool.js";

const quick = tool(() => "done", { name: "quick", description: "Answers at once", schema: z.object({}) });

describe("guardTool with a timeout", () => {
  it("leaves no listener on the run's signal once a call has ended (many calls share one run signal)", async () => {
    const run = new AbortController();
    const guarded = guardTool(quick, 5_000);
    for (let index = 0; index < 20; index++) {
      await guarded.invoke({ name: "quick", args: {}, id: `c${index}`, type: "tool_call" }, { signal: run.signal });
    }
    await expect(guarded.invoke({}, { signal: run.signal })).resolves.toBe("done");
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("still cancels the call when the run's signal aborts during it", async () => {
    const run = new AbortController();
    let seen: AbortSignal | undefined;
    const waiting = tool(
      (_input, config) =>
        new Promise<string>((_resolve, reject) => {
          seen = config.signal;
          config.signal?.addEventListener("abort", () => reject(new Error(`cancelled: ${String(config.signal?.reason)}`)));
        }),
      { name: "waiting", description: "Waits for its signal", schema: z.object({}) },
    );
    const call = guardTool(waiting, 5_000).invoke({}, { signal: run.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    run.abort("stop");
    await expect(call).rejects.toThrow("stop");
    expect(seen?.aborted).toBe(true);
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });
});
