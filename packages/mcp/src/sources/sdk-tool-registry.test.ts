import { DynamicToolsError, ToolCatalog } from "@dynamic-tools/core";
import type { ToolMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ToolsUpdatedEvent } from "../events/tools-updated.js";
import { sourceToolInfo } from "../tools/tool-declaration.js";
import { createSdkToolRegistry } from "./sdk-tool-registry.js";

const createEvent = tool(async ({ title }: { title: string }) => `created ${title}`, {
  name: "create_event",
  description: "Create a calendar event",
  schema: z.object({ title: z.string().describe("What the event is") }),
});
const listEvents = tool(async () => "standup at 9", { name: "list_events", description: "List today's events", schema: z.object({}) });

describe("createSdkToolRegistry", () => {
  it("registers an app's tools under sdk_{appName}_ with source, sourceId, namespace and permission", async () => {
    const sdk = createSdkToolRegistry();
    const registered = sdk.register("calendar", [createEvent, listEvents], { description: "The user's calendar", permission: "write" });

    expect(registered.map((item) => item.name)).toEqual(["sdk_calendar_create_event", "sdk_calendar_list_events"]);
    expect(sdk.tools()).toEqual(registered);
    expect(sourceToolInfo(registered[0]!)).toEqual({ source: "sdk", sourceId: "calendar", namespace: "sdk_calendar", permission: "write" });
    expect(sdk.declarations()[0]).toEqual({
      name: "sdk_calendar_create_event",
      description: "Create a calendar event",
      parameters: expect.objectContaining({ type: "object", properties: { title: { type: "string", description: "What the event is" } } }),
      source: "sdk",
      sourceId: "calendar",
      namespace: "sdk_calendar",
      permission: "write",
    });
    expect(sdk.namespaces()).toEqual([
      {
        name: "sdk_calendar",
        description: "The user's calendar",
        source: "sdk",
        sourceId: "calendar",
        tools: ["sdk_calendar_create_event", "sdk_calendar_list_events"],
      },
    ]);
    const message = (await registered[0]!.invoke({
      name: "sdk_calendar_create_event",
      args: { title: "standup" },
      id: "c1",
      type: "tool_call",
    })) as ToolMessage;
    expect(message).toMatchObject({ name: "sdk_calendar_create_event", content: "created standup" });
    expect(createEvent.name).toBe("create_event");
    const catalog = new ToolCatalog({ tools: sdk.tools(), declarations: sdk.declarations(), namespaces: sdk.namespaceDeclarations() });
    expect(catalog.namespace("sdk_calendar")?.description).toBe("The user's calendar");
    expect(catalog.get("sdk_calendar_list_events")).toMatchObject({ source: "sdk", sourceId: "calendar", permission: "write" });
  });

  it("fires onToolsUpdated on register, re-register and unregister", () => {
    const sdk = createSdkToolRegistry();
    const events: ToolsUpdatedEvent[] = [];
    const stop = sdk.onToolsUpdated((event) => events.push(event));

    sdk.register("calendar", [createEvent]);
    sdk.register("calendar", [createEvent]); // the same tools: nothing changed, no event
    const newCreate = tool(async () => "v2", { name: "create_event", description: "Create an event (v2)", schema: z.object({}) });
    sdk.register("calendar", [newCreate, listEvents]);
    expect(sdk.unregister("calendar")).toBe(true);
    expect(sdk.unregister("calendar")).toBe(false);
    stop();
    sdk.register("mail", [listEvents]);

    expect(events.map(({ sourceId, added, changed, removed }) => ({ sourceId, added, changed, removed }))).toEqual([
      { sourceId: "calendar", added: ["sdk_calendar_create_event"], changed: [], removed: [] },
      { sourceId: "calendar", added: ["sdk_calendar_list_events"], changed: ["sdk_calendar_create_event"], removed: [] },
      { sourceId: "calendar", added: [], changed: [], removed: ["sdk_calendar_create_event", "sdk_calendar_list_events"] },
    ]);
    expect(events[0]).toMatchObject({ source: "sdk", namespace: "sdk_calendar" });
    expect(events[2]!.tools).toEqual([]);
    expect(sdk.apps()).toEqual(["mail"]);
  });

  it("a listener that throws does not stop the others or the registration", () => {
    const sdk = createSdkToolRegistry();
    const seen: string[] = [];
    const consoleError = console.error;
    console.error = () => undefined;
    try {
      sdk.onToolsUpdated(() => {
        throw new Error("broken listener");
      });
      sdk.onToolsUpdated((event) => seen.push(event.sourceId));
      expect(() => sdk.register("calendar", [createEvent])).not.toThrow();
    } finally {
      console.error = consoleError;
    }
    expect(seen).toEqual(["calendar"]);
  });

  it("rejects a bad app name, a duplicate tool and something that is not a tool", () => {
    const sdk = createSdkToolRegistry();
    const codeOf = (register: () => void) => {
      try {
        register();
      } catch (error) {
        return DynamicToolsError.isInstance(error) ? `${error.code}: ${error.message}` : String(error);
      }
      return "no error";
    };
    expect(codeOf(() => sdk.register("my_app", [createEvent]))).toMatch(
      /^INVALID_OPTION: SDK app name "my_app" is not valid.*Try "my-app"\.$/,
    );
    expect(codeOf(() => sdk.register("calendar", [createEvent, createEvent]))).toBe(
      'DUPLICATE_TOOL: tools[1]: app "calendar" registers tool "create_event" twice; tool names must be unique.',
    );
    expect(codeOf(() => sdk.register("calendar", [{ name: "x" } as never]))).toMatch(
      /^INVALID_OPTION: tools\[0\] of app "calendar" is not a LangChain tool/,
    );
    expect(codeOf(() => sdk.register("calendar", [createEvent], { permission: "admin" as never }))).toMatch(
      /^INVALID_OPTION: permission: "admin"/,
    );
    expect(sdk.apps()).toEqual([]);
  });
});
