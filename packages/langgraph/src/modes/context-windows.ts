/**
 * @module Context windows of common models, for `mode: "auto"`. Each figure is the vendor's documented input
 * context window; the `contextWindow` option overrides it (and is required for a model not listed here).
 */

/**
 * Known context windows (tokens) by model-name prefix; the longest matching prefix wins, so `gpt-4o-mini-2024-07-18`
 * matches `gpt-4o-mini`. Sources, as documented by the vendors:
 * - OpenAI, https://platform.openai.com/docs/models : gpt-4o, gpt-4o-mini, gpt-4-turbo 128,000; gpt-4.1, gpt-4.1-mini,
 *   gpt-4.1-nano 1,047,576; o1, o3, o3-mini, o4-mini 200,000; gpt-5, gpt-5-mini, gpt-5-nano 400,000.
 * - Anthropic, https://docs.anthropic.com/en/docs/about-claude/models/overview : every claude-* model 200,000
 *   (the 1M-token window of some models is an opt-in beta; pass `contextWindow` to use it).
 * - Google, https://ai.google.dev/gemini-api/docs/models : gemini-1.5-pro 2,097,152; gemini-1.5-flash, gemini-2.0-*,
 *   gemini-2.5-* 1,048,576.
 */
export const KNOWN_CONTEXT_WINDOWS: Readonly<Record<string, number>> = Object.freeze({
  "gpt-4o": 128_000,
  "gpt-4o-mini": 128_000,
  "gpt-4-turbo": 128_000,
  "gpt-4.1": 1_047_576,
  "gpt-4.1-mini": 1_047_576,
  "gpt-4.1-nano": 1_047_576,
  o1: 200_000,
  o3: 200_000,
  "o3-mini": 200_000,
  "o4-mini": 200_000,
  "gpt-5": 400_000,
  "gpt-5-mini": 400_000,
  "gpt-5-nano": 400_000,
  "claude-": 200_000,
  "gemini-1.5-pro": 2_097_152,
  "gemini-1.5-flash": 1_048_576,
  "gemini-2.0": 1_048_576,
  "gemini-2.5": 1_048_576,
});

/**
 * The documented context window of a model, by name (provider prefixes such as `openai:` or `anthropic/` are
 * ignored), or undefined when it is not known.
 *
 * @example
 * ```ts
 * contextWindowOf("gpt-4o-mini"); // 128000
 * contextWindowOf("anthropic:claude-sonnet-4-5"); // 200000
 * ```
 */
export function contextWindowOf(model: string): number | undefined {
  const name = model.toLowerCase().replace(/^.*[:/]/, "");
  let best: string | undefined;
  for (const prefix of Object.keys(KNOWN_CONTEXT_WINDOWS)) {
    if (name.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : KNOWN_CONTEXT_WINDOWS[best];
}

/**
 * The model name a LangChain chat model carries (`model`, or `modelName` on older classes), if any.
 *
 * @example
 * ```ts
 * modelNameOf(new ChatOpenAI({ model: "gpt-4o-mini" })); // "gpt-4o-mini"
 * ```
 */
export function modelNameOf(model: unknown): string | undefined {
  if (typeof model === "string") return model;
  const candidate = model as { model?: unknown; modelName?: unknown } | null | undefined;
  if (typeof candidate?.model === "string") return candidate.model;
  if (typeof candidate?.modelName === "string") return candidate.modelName;
  return undefined;
}
