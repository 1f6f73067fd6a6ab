/**
 * @module @dynamic-tools/langgraph/testing: test an agent against the real OpenAI client path without a key. A fake
 * Chat Completions endpoint that enforces the API's 128-tool limit (and its tool-name and schema rules) with the
 * API's own error body, answers from a script and records every request; plus a helper that records the tools a
 * model was bound with on each call.
 */
export { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions, type RecordedRequest } from "./fake-openai.js";
export {
  lastUserText,
  replyFromSteps,
  sentToolNames,
  type FakeOpenAIReply,
  type FakeOpenAIScript,
  type FakeOpenAIStep,
  type FakeToolCall,
} from "./fake-openai-script.js";
export {
  OPENAI_API_MAX_TOOLS,
  OPENAI_FUNCTION_NAME_PATTERN,
  validateChatCompletionRequest,
  type ChatCompletionMessage,
  type ChatCompletionRequest,
  type ChatCompletionTool,
  type OpenAIErrorBody,
} from "./openai-request-validation.js";
export { recordBoundTools } from "./record-bound-tools.js";
