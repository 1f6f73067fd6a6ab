/**
 * @module `dynamic-tools cost`: replays conversations through the selection pipeline and each binding policy, and
 * prints what their model requests bill under a provider's prompt-caching rules.
 */
import { CACHE_PROVIDERS, type CacheProvider } from "../cost/cache-rules.js";
import { conversationIdChecker, groupConversations } from "../eval/conversation-turns.js";
import { replayCost } from "../eval/cost-replay.js";
import { formatCostTable } from "../eval/format-cost-table.js";
import { loadQueriesFile } from "../eval/queries-file.js";
import { ALL_COST_POLICIES, COST_POLICIES, type CostPolicyName } from "../eval/replay-policies.js";
import { CATALOG_OPTIONS_USAGE, loadCliCatalog } from "./load-cli-catalog.js";
import { checkChoice, EXIT_CODES, HELP_OPTION, parseCommandLine, UsageError } from "./usage-error.js";

export const COST_USAGE = `dynamic-tools cost --catalog <file> | --mcp <servers.json> --conversations <file.jsonl> [--provider anthropic|openai]
                   [--policy <name>[,<name>…]|all] [--result-tokens N] [--system-tokens N] [--read-price X]
                   [--perfect-selection] [--json]

${CATALOG_OPTIONS_USAGE}
  --conversations <file>  the eval queries format, one user turn per line, ids <conversation>-turn-<n>:
                          { "id", "query", "relevant": [the tools the turn calls; may be empty], "history"? }
  --provider <name>       whose prompt-caching rules bill the requests: ${CACHE_PROVIDERS.join(" or ")} (default anthropic)
  --policy <name>         ${COST_POLICIES.join(", ")}, or all (default), or several joined by commas;
                          static (every tool bound) is always computed as the baseline. foresight (named only) is
                          a bound: every tool the conversation will call bound from its first call. native-proxy
                          (named only): native deferral by the call_tool proxy, for providers that serve none.
                          cache-aware-no-proxy (named only): cache-aware without the proxy
  --perfect-selection     each turn's selection is exactly the tools it calls: what each policy bills with a
                          selector that is never wrong
  --result-tokens N       tokens of one tool result, 0 to 1,000,000,000 (default 120)
  --system-tokens N       tokens of the system prompt, 0 to 1,000,000,000 (default 600)
  --read-price X          a cached input token's price as a multiple of an uncached one, 0 to 1 (default 0.1)
  --json                  print { provider, conversations, turns, policies: { <name>: { billedTokens,
                          cacheReadTokens, toolsArrayChanges, allNeededBound, ratioToStatic } } }; under openai,
                          static has cappedAt: 128 when the catalog holds more tools than a request may send
  -h, --help              print this help

Each conversation is replayed through the selection pipeline (the select node's defaults) and the policy; each user
turn makes two model calls (the first returns a call of each needed tool, 30 tokens each; the second, after the
results, the answer, 60 tokens; one call when the turn needs no tool). Human messages are counted with o200k_base,
tool definitions as the catalog counts them, in bind order. anthropic: breakpoints at the end of the system block and
of each request, reads at 0.1x, writes at 1.25x; openai: the longest common prefix with an earlier request, in
128-token steps, at the read price; both cache nothing under 1,024 tokens. cache-aware: the select node's default
binding, with the call_tool proxy in its array; a needed tool it lacks is delivered (its definition after a header, in
the messages) when that costs less than changing the array. native: the core tools and tool_search in a
constant tools block; each tool a turn needs enters the messages once, by reference (its definition); native-proxy:
the same with call_tool in the block, each delivery's definitions after a header.`;

/** The most tokens `--result-tokens` and `--system-tokens` take: far above any context window, low enough that totals stay exact. */
export const MAX_COST_TOKENS = 1_000_000_000;

function parseTokens(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(count) || count > MAX_COST_TOKENS)
    throw new UsageError(
      `${flag} must be a whole number from 0 to ${MAX_COST_TOKENS.toLocaleString("en-US")}, got "${value}".`,
      COST_USAGE,
    );
  return count;
}

function parsePrice(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const price = Number(value);
  if (value.trim() === "" || !Number.isFinite(price) || price < 0 || price > 1)
    throw new UsageError(`--read-price must be a number from 0 to 1 (a multiple of the input price), got "${value}".`, COST_USAGE);
  return price;
}

/**
 * Runs `cost`; resolves to the exit code.
 * @example
 * ```ts
 * await costCommand(["--catalog", "catalog.json", "--conversations", "conversations.jsonl", "--json"], console.log);
 * ```
 */
export async function costCommand(argv: string[], out: (text: string) => void): Promise<number> {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        catalog: { type: "string" },
        mcp: { type: "string" },
        conversations: { type: "string" },
        provider: { type: "string", default: "anthropic" },
        policy: { type: "string", default: "all" },
        "result-tokens": { type: "string" },
        "system-tokens": { type: "string" },
        "read-price": { type: "string" },
        "perfect-selection": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: HELP_OPTION,
      },
    },
    COST_USAGE,
  );
  if (values.help) {
    out(`${COST_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  if (values.conversations === undefined) throw new UsageError("cost needs --conversations <file.jsonl>.", COST_USAGE);
  checkChoice(values.provider, CACHE_PROVIDERS, { one: "provider", many: "Providers" }, COST_USAGE);
  const named = values.policy.split(",").map((name) => name.trim());
  for (const name of named) checkChoice(name, [...ALL_COST_POLICIES, "all"], { one: "policy", many: "Policies" }, COST_USAGE);
  const policies = named.flatMap((name) => (name === "all" ? COST_POLICIES : [name as CostPolicyName]));
  const resultTokens = parseTokens(values["result-tokens"], "--result-tokens");
  const systemTokens = parseTokens(values["system-tokens"], "--system-tokens");
  const readPrice = parsePrice(values["read-price"]);
  const catalog = await loadCliCatalog({ catalog: values.catalog, mcp: values.mcp }, COST_USAGE, "cost");
  const lines = loadQueriesFile(values.conversations, catalog, { allowNoTools: true, checkId: conversationIdChecker() });
  const report = await replayCost({
    catalog,
    conversations: groupConversations(lines, values.conversations),
    provider: values.provider as CacheProvider,
    policies,
    perfectSelection: values["perfect-selection"],
    ...(resultTokens === undefined ? {} : { resultTokens }),
    ...(systemTokens === undefined ? {} : { systemTokens }),
    ...(readPrice === undefined ? {} : { readPrice }),
  });
  out(values.json ? JSON.stringify(report) : formatCostTable(report));
  return 0;
}
