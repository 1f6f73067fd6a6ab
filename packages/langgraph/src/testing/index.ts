/**
 * @module @dynamic-tools/langgraph/testing: test an agent against the real provider clients without a key. Fake
 * endpoints for OpenAI Chat Completions, OpenAI Responses and Anthropic Messages on 127.0.0.1 enforce each API's
 * documented request rules (tool limits, names and schemas, pairing; deferred loading: `defer_loading`,
 * `tool_reference`, `tool_search_output`; `cache_control` breakpoints) with the API's own error body, answer from a
 * script, report `usage` with cache read and write tokens billed by the cost model's rules across the requests they
 * have seen, and record every request; plus a helper that records the tools a model was bound with on each call.
 */
export {
  startFakeOpenAI,
  renderChatCompletionPrompt,
  type FakeOpenAI,
  type FakeOpenAIOptions,
  type RecordedRequest,
} from "./fake-openai.js";
export {
  callableToolNames,
  lastUserText,
  proxyDeliveredTools,
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
export {
  startFakeAnthropic,
  renderAnthropicPrompt,
  type FakeAnthropic,
  type FakeAnthropicOptions,
  type AnthropicRecordedRequest,
} from "./fake-anthropic.js";
export {
  ANTHROPIC_MAX_BREAKPOINTS,
  ANTHROPIC_MAX_TOOLS,
  validateAnthropicRequest,
  type AnthropicBlock,
  type AnthropicErrorBody,
  type AnthropicMessage,
  type AnthropicRequest,
  type AnthropicTool,
} from "./anthropic-request-validation.js";
export {
  startFakeOpenAIResponses,
  renderResponsesPrompt,
  type FakeOpenAIResponses,
  type FakeOpenAIResponsesOptions,
  type ResponsesRecordedRequest,
} from "./fake-openai-responses.js";
export {
  RESPONSES_MAX_TOOLS,
  validateResponsesRequest,
  type ResponsesItem,
  type ResponsesRequest,
  type ResponsesTool,
} from "./responses-request-validation.js";
export { replyFromModelSteps, type FakeModelScript, type FakeModelStep, type FakeModelView } from "./fake-model-script.js";
export { createPromptCacheLedger, type PromptCacheLedger, type RenderedPrompt } from "./prompt-cache-ledger.js";
