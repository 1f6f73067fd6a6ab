/**
 * @module The gym agent's chat model: ChatOpenAI when OPENAI_API_KEY is set (model from OPENAI_MODEL, default
 * gpt-4o-mini; OPENAI_BASE_URL is honoured by the client), otherwise the offline scripted model.
 */
import type { ToolCallingModel } from "@dynamic-tools/langgraph";
import { OFFLINE_SCRIPT } from "./conversation.js";
import { OfflineScriptedModel } from "./offline-model.js";

/** The system prompt of every gym agent (demo, Studio, comparison). */
export const SYSTEM_PROMPT = "You are the assistant of a gym's staff. Use the tools to answer; be brief.";

/** The model to run with, and a label saying which it is. */
export async function chooseModel(): Promise<{ model: ToolCallingModel; label: string }> {
  if (process.env.OPENAI_API_KEY) {
    const { ChatOpenAI } = await import("@langchain/openai");
    const name = process.env.OPENAI_MODEL ?? "gpt-4o-mini";
    return { model: new ChatOpenAI({ model: name, temperature: 0 }), label: `ChatOpenAI (${name})` };
  }
  return {
    model: new OfflineScriptedModel({ script: OFFLINE_SCRIPT }),
    label: "OFFLINE scripted model (set OPENAI_API_KEY to use ChatOpenAI)",
  };
}
