/**
 * @module The example's catalog: a team assistant with two namespaces, as two MCP servers would give (github: 6
 * tools, calendar: 4), a handful of loose tools and one core tool. The tools work on an in-memory store, so
 * calls change state a later call can see.
 */
import { ToolCatalog } from "@dynamic-tools/core";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

/** What the tools read and write. */
export interface TeamStore {
  issues: Array<{ id: number; title: string; open: boolean }>;
  pullRequests: Array<{ id: number; title: string; merged: boolean }>;
  events: Array<{ id: number; title: string; when: string }>;
}

/** A fresh store with a little data. */
export function createTeamStore(): TeamStore {
  return {
    issues: [{ id: 1, title: "Signup email is sent twice", open: true }],
    pullRequests: [
      { id: 7, title: "Cache tool definitions", merged: false },
      { id: 8, title: "Fix the login redirect", merged: false },
    ],
    events: [{ id: 1, title: "Sprint review", when: "Friday 15:00" }],
  };
}

const text = (description: string) => z.string().describe(description);

/** The executable tools over a store. */
export function createTeamTools(store: TeamStore) {
  const json = (value: unknown) => JSON.stringify(value);
  return [
    tool(() => json({ now: "2026-05-04T09:30:00Z" }), {
      name: "get_time",
      description: "The current date and time (UTC)",
      schema: z.object({}),
    }),
    // github (one MCP server)
    tool(
      ({ title }) => {
        const issue = { id: store.issues.length + 1, title, open: true };
        store.issues.push(issue);
        return json(issue);
      },
      {
        name: "create_issue",
        description: "Open a new issue in the team's GitHub repository",
        schema: z.object({ title: text("Issue title") }),
      },
    ),
    tool(() => json(store.issues.filter((issue) => issue.open)), {
      name: "list_issues",
      description: "List the open GitHub issues",
      schema: z.object({}),
    }),
    tool(
      ({ id }) => {
        const issue = store.issues.find((candidate) => candidate.id === id);
        if (issue) issue.open = false;
        return json(issue ?? { error: `no issue ${id}` });
      },
      { name: "close_issue", description: "Close a GitHub issue by number", schema: z.object({ id: z.number().int() }) },
    ),
    tool(({ id, body }) => json({ issue: id, comment: body }), {
      name: "comment_on_issue",
      description: "Add a comment to a GitHub issue",
      schema: z.object({ id: z.number().int(), body: text("Comment text") }),
    }),
    tool(() => json(store.pullRequests.filter((pull) => !pull.merged)), {
      name: "list_pull_requests",
      description: "List the open pull requests waiting for review",
      schema: z.object({}),
    }),
    tool(
      ({ id }) => {
        const pull = store.pullRequests.find((candidate) => candidate.id === id);
        if (pull) pull.merged = true;
        return json(pull ?? { error: `no pull request ${id}` });
      },
      { name: "merge_pull_request", description: "Merge a GitHub pull request by number", schema: z.object({ id: z.number().int() }) },
    ),
    // calendar (another MCP server)
    tool(
      ({ title, when }) => {
        const event = { id: store.events.length + 1, title, when };
        store.events.push(event);
        return json(event);
      },
      {
        name: "create_event",
        description: "Schedule a meeting or event in the team calendar",
        schema: z.object({ title: text("What"), when: text("When, e.g. 'tomorrow 10:00'") }),
      },
    ),
    tool(() => json(store.events), { name: "list_events", description: "List upcoming calendar events", schema: z.object({}) }),
    tool(({ id }) => json({ cancelled: id }), {
      name: "cancel_event",
      description: "Cancel a calendar event by id",
      schema: z.object({ id: z.number().int() }),
    }),
    tool(({ people }) => json({ people, slot: "tomorrow 10:00" }), {
      name: "find_free_slot",
      description: "Find a time when everyone is free",
      schema: z.object({ people: z.array(z.string()) }),
    }),
    // loose tools
    tool(({ city }) => json({ city, forecast: "sunny, 21°C" }), {
      name: "get_weather",
      description: "Weather forecast for a city",
      schema: z.object({ city: text("City") }),
    }),
    tool(({ amount, from, to }) => json({ amount, from, to, result: amount * 1.08 }), {
      name: "convert_currency",
      description: "Convert an amount of money between currencies",
      schema: z.object({ amount: z.number(), from: text("ISO code"), to: text("ISO code") }),
    }),
    tool(({ to, subject }) => json({ sent: true, to, subject }), {
      name: "send_email",
      description: "Send an email message",
      schema: z.object({ to: text("Recipient"), subject: text("Subject") }),
    }),
    tool(({ text: input, language }) => json({ language, translation: `[${language}] ${input}` }), {
      name: "translate_text",
      description: "Translate text into another language",
      schema: z.object({ text: text("Text"), language: text("Target language") }),
    }),
    tool(({ query }) => json({ query, hits: ["docs/tool-search.md"] }), {
      name: "search_docs",
      description: "Search the team's internal documentation",
      schema: z.object({ query: text("What to look for") }),
    }),
  ];
}

/** The catalog: tools, their namespaces (with descriptions the model reads in tool_search's description), core. */
export function createTeamCatalog(store: TeamStore = createTeamStore()): ToolCatalog {
  const github = ["create_issue", "list_issues", "close_issue", "comment_on_issue", "list_pull_requests", "merge_pull_request"];
  const calendar = ["create_event", "list_events", "cancel_event", "find_free_slot"];
  return new ToolCatalog({
    tools: createTeamTools(store),
    declarations: [
      ...github.map((name) => ({ name, namespace: "github", source: "mcp" as const, sourceId: "github" })),
      ...calendar.map((name) => ({ name, namespace: "calendar", source: "mcp" as const, sourceId: "calendar" })),
      { name: "get_weather", whenToUse: "Forecasts and current conditions; not for climate statistics." },
    ],
    namespaces: {
      github: { description: "GitHub: issues and pull requests of the team's repository" },
      calendar: { description: "The team calendar: meetings, events and free slots" },
    },
    core: ["get_time"],
  });
}
