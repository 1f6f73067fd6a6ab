/**
 * @module The demo's scripted multi-turn conversation, and the offline model's script for it.
 */
import { ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ScriptStep } from "./offline-model.js";

/** What the user says, turn by turn (the messages of the gym catalog's selection table, as one conversation). */
export const DEMO_CONVERSATION = [
  "show me all active clients",
  "freeze the first one",
  "how many memberships are frozen now?",
  "what is pending salary?",
  "show me revenue and attendance stats",
  "book appointment for client",
  "switch to dark mode",
  "hello, how are you?",
];

function firstClientId(messages: BaseMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (ToolMessage.isInstance(message) && message.name === "get_clients_list") {
      const result = JSON.parse(String(message.content)) as { clients?: Array<{ id: number }> };
      if (result.clients?.[0] !== undefined) return result.clients[0].id;
    }
  }
  return 1;
}

/** The offline model's script: which tool a user message leads to, with which arguments. */
export const OFFLINE_SCRIPT: ScriptStep[] = [
  { when: /active clients/i, tool: "get_clients_list", args: { membershipStatus: "active", limit: 5 } },
  {
    when: /freeze the first/i,
    tool: "freeze_membership",
    args: (messages) => ({ clientId: firstClientId(messages), reason: "travelling for work" }),
  },
  { when: /memberships are frozen|membership stats/i, tool: "get_membership_stats", args: {} },
  { when: /pending salar/i, tool: "get_pending_salaries", args: {} },
  { when: /revenue/i, tool: "get_revenue_stats", args: {} },
  { when: /appointment/i, tool: "get_services", args: {} },
  { when: /dark mode/i, tool: "change_theme", args: { mode: "dark" } },
];
