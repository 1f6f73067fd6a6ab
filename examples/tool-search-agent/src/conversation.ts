/**
 * @module The example's conversation and the scripted model's intents for it.
 */
import type { Intent } from "./scripted-model.js";

/** What the user says, turn by turn. */
export const CONVERSATION = [
  "Open an issue: the login page shows a blank screen",
  "Which pull requests are waiting for review?",
  "Book a meeting with Ana tomorrow at 10 to review them",
  "What's the weather in Lisbon?",
];

/** Which tool each message leads to, and what the model searches for when it is not bound. */
export const INTENTS: Intent[] = [
  { when: /open an issue/i, tool: "create_issue", args: { title: "Login page shows a blank screen" }, search: "open a GitHub issue" },
  { when: /pull requests/i, tool: "list_pull_requests", search: "list pull requests waiting for review" },
  {
    when: /book a meeting/i,
    tool: "create_event",
    args: { title: "Review PRs with Ana", when: "tomorrow 10:00" },
    search: "schedule a meeting in the calendar",
  },
  { when: /weather/i, tool: "get_weather", args: { city: "Lisbon" }, search: "weather forecast" },
];
