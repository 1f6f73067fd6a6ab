/**
 * A small personal-assistant catalog for retrieval tests: 16 tools in 5 categories (weather, files, images, email,
 * calendar) with realistic names, descriptions and parameters, one Chinese description (read_file), tool-level
 * keywords (get_air_quality), related categories (email → calendar) and a default category (weather).
 */
import { ToolCatalog, type ToolCatalogOptions } from "../../catalog/tool-catalog.js";
import type { ToolDeclaration } from "../../catalog/tool-metadata.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";

const object = (properties: Record<string, { type: string; description?: string }>) => ({ type: "object", properties });

export const ASSISTANT_TOOLS: ToolDeclaration[] = [
  // weather
  {
    name: "get_weather",
    description: "Current weather conditions for a city: temperature, wind and humidity.",
    category: "weather",
    parameters: object({
      city: { type: "string", description: "City name, e.g. Paris" },
      units: { type: "string", description: "metric or imperial" },
    }),
  },
  {
    name: "get_forecast",
    description: "Weather forecast for the coming days in a city.",
    category: "weather",
    parameters: object({
      city: { type: "string", description: "City name" },
      days: { type: "number", description: "Days ahead, 1 for tomorrow" },
    }),
  },
  {
    name: "get_air_quality",
    description: "Air quality index and pollution levels for a location.",
    category: "weather",
    keywords: ["smog"],
    parameters: object({ location: { type: "string", description: "City or coordinates" } }),
  },
  // files
  {
    name: "read_file",
    description: "Read the contents of a text file. 读取文件内容",
    category: "files",
    parameters: object({ path: { type: "string", description: "Path of the file" } }),
  },
  {
    name: "write_file",
    description: "Write text to a file on disk, creating or overwriting it.",
    category: "files",
    parameters: object({
      path: { type: "string", description: "Path of the file" },
      content: { type: "string", description: "Text to write" },
    }),
  },
  {
    name: "list_directory",
    description: "List the files and folders in a directory.",
    category: "files",
    parameters: object({ path: { type: "string", description: "Directory path" } }),
  },
  {
    name: "delete_file",
    description: "Delete a file from disk permanently.",
    category: "files",
    parameters: object({ path: { type: "string", description: "Path of the file" } }),
  },
  // images
  {
    name: "generate_image",
    description: "Create or modify images from a text prompt.",
    category: "images",
    parameters: object({
      prompt: { type: "string", description: "What to draw" },
      size: { type: "string", description: "Width x height" },
    }),
  },
  {
    name: "resize_image",
    description: "Resize an image to a new width and height in pixels.",
    category: "images",
    parameters: object({ image_url: { type: "string" }, width: { type: "number" }, height: { type: "number" } }),
  },
  {
    name: "describe_image",
    description: "Describe what a photo shows, as a caption.",
    category: "images",
    parameters: object({ image_url: { type: "string" } }),
  },
  // email
  {
    name: "send_email",
    description: "Send an email message to one or more recipients.",
    category: "email",
    parameters: object({
      to: { type: "string", description: "Recipient addresses" },
      subject: { type: "string" },
      body: { type: "string" },
    }),
  },
  {
    name: "search_email",
    description: "Search the mailbox for messages by sender, subject or text.",
    category: "email",
    parameters: object({ query: { type: "string" } }),
  },
  {
    name: "read_email",
    description: "Open one email message and return its full text.",
    category: "email",
    parameters: object({ message_id: { type: "string" } }),
  },
  // calendar
  {
    name: "create_event",
    description: "Create a calendar event with a title, start time and attendees.",
    category: "calendar",
    parameters: object({
      title: { type: "string" },
      start: { type: "string", description: "ISO start time" },
      attendees: { type: "string" },
    }),
  },
  {
    name: "list_events",
    description: "List upcoming calendar events between two dates.",
    category: "calendar",
    parameters: object({ from: { type: "string" }, to: { type: "string" } }),
  },
  {
    name: "cancel_event",
    description: "Cancel a calendar event and notify its attendees.",
    category: "calendar",
    parameters: object({ event_id: { type: "string" } }),
  },
];

export const ASSISTANT_OPTIONS: ToolCatalogOptions = {
  tools: ASSISTANT_TOOLS,
  categories: {
    weather: { keywords: ["weather", "forecast", "temperature"] },
    files: { keywords: ["file", "folder", "directory"] },
    images: { keywords: ["image", "photo", "picture"] },
    email: { keywords: ["email", "mail", "inbox"], related: ["calendar"] },
    calendar: { keywords: ["calendar", "meeting", "event"] },
  },
  defaults: ["weather"],
};

export const ASSISTANT_CATEGORY_TOOLS = {
  weather: ["get_weather", "get_forecast", "get_air_quality"],
  files: ["read_file", "write_file", "list_directory", "delete_file"],
  images: ["generate_image", "resize_image", "describe_image"],
  email: ["send_email", "search_email", "read_email"],
  calendar: ["create_event", "list_events", "cancel_event"],
} as const;

export function assistantCatalog(overrides: Partial<ToolCatalogOptions> = {}): ToolCatalog {
  return new ToolCatalog({ ...ASSISTANT_OPTIONS, ...overrides });
}

/**
 * A fake retrieval strategy for tests: ranks by a fixed table (name → score), best first, honouring `limit` and
 * (unless `ignoreFilter`) `filter`; records every request it receives. Tools not in the catalog it indexed are
 * still returned (the table is the truth), so tests can see what callers do with them.
 */
export function tableStrategy(
  table: Readonly<Record<string, number>>,
  { name = "table", ignoreFilter = false, signal = "table" }: { name?: string; ignoreFilter?: boolean; signal?: string } = {},
): RetrievalStrategy & { requests: RankRequest[]; indexed: number } {
  const requests: RankRequest[] = [];
  const strategy = {
    name,
    requests,
    indexed: 0,
    index() {
      strategy.indexed++;
    },
    rank(request: RankRequest): RankedTool[] {
      requests.push(request);
      return Object.entries(table)
        .filter(([tool]) => ignoreFilter || request.filter === undefined || request.filter(tool))
        .sort(([, a], [, b]) => b - a)
        .slice(0, request.limit)
        .map(([tool, score]) => ({ name: tool, score, signals: { [signal]: score } }));
    },
  };
  return strategy;
}

/** Past requests of the assistant catalog and the tool each called: the usage the learning tests record. */
export const ASSISTANT_MESSAGES: ReadonlyArray<readonly [string, string]> = [
  ["is it going to rain tomorrow", "get_weather"],
  ["show me the files in this folder", "list_directory"],
  ["mail the report to my boss", "send_email"],
  ["put a meeting on my calendar", "create_event"],
  ["make the picture smaller", "resize_image"],
  ["what is in this photo", "describe_image"],
];
