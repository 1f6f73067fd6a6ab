import type { ToolMessage } from "@langchain/core/messages";
import { StructuredTool, tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renameTool } from "./rename-tool.js";

class ScreenshotTool extends StructuredTool {
  name = "screenshot";
  description = "Take a screenshot";
  schema = z.object({ region: z.string() });
  override responseFormat = "content_and_artifact" as const;
  protected async _call({ region }: { region: string }): Promise<[string, { png: string }]> {
    return [`captured ${region}`, { png: "iVBOR" }];
  }
}

describe("renameTool", () => {
  it("renames a tool() without touching the original; ToolMessages carry the new name", async () => {
    const original = tool(async ({ title }: { title: string }) => `created ${title}`, {
      name: "create_event",
      description: "Create an event",
      schema: z.object({ title: z.string() }),
      metadata: { owner: "calendar" },
    });
    const renamed = renameTool(original, "sdk_calendar_create_event", { app: "calendar" });

    expect(renamed.name).toBe("sdk_calendar_create_event");
    expect(original.name).toBe("create_event");
    expect(renamed.metadata).toEqual({ owner: "calendar", app: "calendar" });
    expect(original.metadata).toEqual({ owner: "calendar" });
    const message = (await renamed.invoke({ name: renamed.name, args: { title: "standup" }, id: "c1", type: "tool_call" })) as ToolMessage;
    expect(message).toMatchObject({ name: "sdk_calendar_create_event", content: "created standup", tool_call_id: "c1" });
    await expect(renamed.invoke({ title: 42 } as never)).rejects.toThrow(/did not match expected schema/);
  });

  it("keeps a class-based tool's behaviour, including its artifact", async () => {
    const renamed = renameTool(new ScreenshotTool(), "sdk_browser_screenshot", {});
    const message = (await renamed.invoke({ name: renamed.name, args: { region: "top" }, id: "c2", type: "tool_call" })) as ToolMessage;
    expect(message).toMatchObject({ name: "sdk_browser_screenshot", content: "captured top", artifact: { png: "iVBOR" } });
    expect(renamed).toBeInstanceOf(ScreenshotTool);
  });
});
