/**
 * `tool_search` called with arguments of the wrong shape: answered with an error ToolMessage naming what is wrong, so
 * the model can correct its call; the run goes on and nothing is loaded.
 */
import type { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createSearchStep } from "../__fixtures__/search-catalog.js";
import { callTool } from "../__fixtures__/tool-calls.js";
import type { ToolSearchArtifact } from "./search-artifact.js";

async function searchInGraph(args: Record<string, unknown>) {
  const { graph } = createSearchStep();
  const result = await graph.invoke({ messages: [callTool("tool_search", args)] });
  return { message: result.messages.at(-1) as ToolMessage, loadedTools: result.loadedTools };
}

describe("tool_search arguments of the wrong shape", () => {
  it.each([
    [{}, /required property "query"/],
    [{ query: 5 }, /query\/type: Instance type "number" is invalid\. Expected "string"/],
    [{ query: null }, /query\/type: Instance type "null" is invalid\. Expected "string"/],
    [{ query: ["a"] }, /query\/type: Instance type "array" is invalid\. Expected "string"/],
    [{ query: "email", limit: "3" }, /limit\/type: Instance type "string" is invalid\. Expected "integer"/],
    [{ query: "email", limit: 2.5 }, /limit\/type: Instance type "number" is invalid\. Expected "integer"/],
    [{ query: "email", extra: 1 }, /Property "extra" does not match additional properties schema/],
  ])("%j: an error ToolMessage naming what failed, nothing loaded", async (args, detail) => {
    const { message, loadedTools } = await searchInGraph(args);
    expect(message.status).toBe("error");
    expect(message.content).toMatch(/^Error: Received tool input did not match expected schema\nDetails: /);
    expect(message.content).toMatch(detail);
    expect(loadedTools ?? []).toEqual([]);
  });

  it.each([0, -3, 1e9])("limit %d is clamped into 1…maxLimit, and the result says which", async (limit) => {
    const { message } = await searchInGraph({ query: "send an email message", limit });
    expect(message.status).not.toBe("error");
    expect((message.artifact as ToolSearchArtifact).limit).toBe(limit > 0 ? 10 : 1);
  });
});
