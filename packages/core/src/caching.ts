/**
 * @module @dynamic-tools/core/caching: what a tools array costs under the providers' prompt caches, and the binding
 * policies that decide when the array may change (the cost model `billConversation` under `cacheRules`, and
 * `bindTools`). Pure functions, no LangChain dependency.
 */
export { cacheRules, CACHE_PROVIDERS, type CacheProvider, type CachePrices, type CacheRules } from "./cost/cache-rules.js";
export {
  billConversation,
  sumBills,
  type ConversationBill,
  type PromptRequest,
  type PromptSegment,
  type RequestBill,
} from "./cost/bill-requests.js";
export {
  bindTools,
  BINDING_POLICIES,
  type BindingInput,
  type BindingPolicyName,
  type ProxyDelivery,
  type ToolBinding,
} from "./binding/binding-policy.js";
export { neededTools, NEEDED_SCORE_RATIO, topicTools, TOPIC_SCORE_RATIO, type NeededToolsOptions } from "./binding/needed-tools.js";
export { callSavings, type LedgerCall } from "./binding/savings-ledger.js";
export {
  DELIVERY_CALL_TOKENS,
  DELIVERY_QUERY_CHARS,
  deliveryQuery,
  PROXY_TOOL_NAME,
  PROXY_DEFINITIONS_HEADER,
  proxyToolDefinition,
  proxyDefinitionLine,
  proxyDefinitionNames,
} from "./binding/proxy-tool.js";
