/**
 * @module Which provider protocol a chat model speaks for native deferred loading: Anthropic Messages
 * (`defer_loading` + `tool_reference`), OpenAI Responses (client-executed `tool_search` + `tool_search_output`,
 * namespaces), Chat Completions (the `defer_loading` + `tool_reference` protocol some hosts serve), or `proxy`, for any
 * tool-calling model: loaded tools are called through one `call_tool` tool (see `proxy-calls.ts`).
 */
import { DynamicToolsError } from "@dynamic-tools/core";

/** The protocols native deferral speaks. */
export type NativeProtocol = "anthropic" | "openai-responses" | "chat-completions" | "proxy";

/** The valid {@link NativeProtocol}s. */
export const NATIVE_PROTOCOLS: readonly NativeProtocol[] = ["anthropic", "openai-responses", "chat-completions", "proxy"];

/**
 * Most tools one request's tools array may hold under each protocol (Responses: top-level entries, a namespace once).
 * Under `proxy` the array holds only the core tools, the search tool and the proxy, so the catalog has no limit.
 */
export const NATIVE_TOOL_LIMITS: Readonly<Record<NativeProtocol, number>> = {
  anthropic: 10_000,
  "openai-responses": 128,
  "chat-completions": 128,
  proxy: Number.POSITIVE_INFINITY,
};

/**
 * The protocol of a chat model: `ChatAnthropic` speaks Anthropic Messages, `ChatOpenAI({ useResponsesApi: true })`
 * the Responses API, any other tool-calling model Chat Completions. `explicit` wins when given: `"proxy"` for a model
 * whose provider serves no deferred loading (OpenAI's own Chat Completions among them).
 *
 * @throws DynamicToolsError `INVALID_OPTION` for an unknown explicit protocol.
 * @example
 * ```ts
 * nativeProtocolOf(new ChatAnthropic({ model: "claude-sonnet-4-5" })); // "anthropic"
 * nativeProtocolOf(new ChatOpenAI({ model: "gpt-5.4", useResponsesApi: true })); // "openai-responses"
 * ```
 */
export function nativeProtocolOf(model: unknown, explicit?: NativeProtocol): NativeProtocol {
  if (explicit !== undefined) {
    if (!NATIVE_PROTOCOLS.includes(explicit)) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `Unknown native protocol "${String(explicit)}". Protocols: ${NATIVE_PROTOCOLS.join(", ")}.`,
        {
          path: ["nativeProtocol"],
        },
      );
    }
    return explicit;
  }
  const candidate = model as { getName?: () => string; useResponsesApi?: unknown; _defaultConfig?: { modelProvider?: string } } | null;
  const name = typeof candidate?.getName === "function" ? candidate.getName() : undefined;
  if (name === "ChatAnthropic" || candidate?._defaultConfig?.modelProvider === "anthropic") return "anthropic";
  if (name === "ChatOpenAI" && candidate?.useResponsesApi === true) return "openai-responses";
  return "chat-completions";
}

/**
 * Checks that an explicit `nativeProtocol` is one `model` speaks: `ChatAnthropic` only Anthropic Messages, `ChatOpenAI`
 * the Responses API with `useResponsesApi: true` and Chat Completions without (any model may use `"proxy"`; a model of
 * another class is taken at its word). A protocol the client cannot send would fail on the first message with the
 * provider's 400 (a `tool_reference` ChatOpenAI cannot render, a tool type ChatAnthropic does not know).
 *
 * @throws DynamicToolsError `INVALID_OPTION` naming the protocol, the client and what it speaks.
 * @example
 * ```ts
 * checkNativeProtocol(new ChatOpenAI({ model: "gpt-5.4" }), "anthropic"); // throws: ChatOpenAI speaks chat-completions …
 * ```
 */
export function checkNativeProtocol(model: unknown, explicit: NativeProtocol | undefined): void {
  if (explicit === undefined || nativeProtocolOf(undefined, explicit) === "proxy") return;
  const name = (model as { getName?: () => string } | null)?.getName?.();
  if (name !== "ChatAnthropic" && name !== "ChatOpenAI") return;
  const spoken = nativeProtocolOf(model);
  if (spoken === explicit) return;
  const otherwise =
    name !== "ChatOpenAI"
      ? ""
      : spoken === "chat-completions"
        ? " (openai-responses with useResponsesApi: true)"
        : " (chat-completions without useResponsesApi)";
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `nativeProtocol "${explicit}" is not what ${name} sends: it speaks ${spoken}${otherwise}. Leave nativeProtocol unset to use ${spoken}, or pass "proxy" for a provider that serves no deferred loading.`,
    { path: ["nativeProtocol"] },
  );
}
