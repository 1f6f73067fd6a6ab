// Run inside a fresh npm project that installed the packed packages: builds a catalog in code, selects for a
// message, and executes the selected tool through DynamicToolNode. Prints one JSON line.
import { ToolCatalog, createToolSelector } from "@dynamic-tools/core";
import { DynamicToolNode } from "@dynamic-tools/langgraph";
import { AIMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

const getWeather = tool(async ({ city }) => `Sunny in ${city}`, {
  name: "get_weather",
  description: "Current weather for a city",
  schema: z.object({ city: z.string() }),
});
const sendEmail = tool(async ({ to }) => `Sent to ${to}`, {
  name: "send_email",
  description: "Send an email to a contact",
  schema: z.object({ to: z.string() }),
});

const catalog = new ToolCatalog({
  tools: [getWeather, sendEmail],
  declarations: [
    { name: "get_weather", category: "weather" },
    { name: "send_email", category: "mail" },
  ],
  categories: { weather: { keywords: ["weather", "forecast"] }, mail: { keywords: ["email", "mail"] } },
});
const selection = createToolSelector(catalog)("what is the weather in Paris?");
const node = new DynamicToolNode(catalog);
const result = await node.invoke({
  messages: [new AIMessage({ content: "", tool_calls: [{ id: "call_1", name: selection.tools[0], args: { city: "Paris" } }] })],
});
console.log(JSON.stringify({ format: "esm", selected: selection.tools, reply: result.messages[0].content }));
