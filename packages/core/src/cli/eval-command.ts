/**
 * @module `dynamic-tools eval`: scores retrieval strategies on a labelled queries file (recall, nDCG, MRR,
 * completeness, latency).
 */
import { formatEvalTable } from "../eval/format-eval-table.js";
import { progressReporter, type ProgressStream } from "../eval/progress-bar.js";
import { loadMessagesFile, loadQueriesFile } from "../eval/queries-file.js";
import { runEval, type EvalResult } from "../eval/run-eval.js";
import { formatMisses } from "../eval/query-misses.js";
import { BUILTIN_STRATEGY_NAMES, createStrategy } from "../retrieval/strategy-registry.js";
import { rankWithCoUsage } from "../eval/co-usage-ranking.js";
import { describeFloor } from "../selection/abstention.js";
import { learnFromFile } from "../usage/learn-from-file.js";
import { CATALOG_OPTIONS_USAGE, loadCliCatalog } from "./load-cli-catalog.js";
import { checkChoice, EXIT_CODES, HELP_OPTION, parseCommandLine, STRATEGY, UsageError } from "./usage-error.js";

export const EVAL_USAGE = `dynamic-tools eval --catalog <file> | --mcp <servers.json> --queries <file.jsonl> --strategy <name|all> [--usage <file.jsonl> [--co-usage]]
       [--abstention on|off] [--remark-model on|off] [--history-tools on|off] [--off-topic <file.jsonl>] [--misses] [--json]

${CATALOG_OPTIONS_USAGE}
  --queries <file>     JSON Lines: { "id", "query", "relevant": [tool names], "history"?: [entries] } per line;
                       a history entry is an earlier message, or { "query", "tools": [tools that turn called] }
  --strategy <name>    a built-in strategy (${BUILTIN_STRATEGY_NAMES.join(", ")}), or "all"; with --usage,
                       hybrid when omitted
  --usage <file>       past usage to learn from before scoring (never from the queries): JSON Lines of
                       observations { "message", "tools", "ok"? } or labelled queries { "query", "relevant" }
  --co-usage           with --usage: also apply the co-usage expansion as a selector does (top 10 after
                       AutoCut, then up to 3 tools used with them at least twice, then the rest); the strategy is
                       reported as <name>+co-usage
  --abstention <on|off>
                       score as a selector abstains (default on, except for keyword): a query whose best
                       tools reach no signal's relevance floor scores as an empty ranking; the count is reported
  --remark-model <on|off>
                       with abstention: also read remarks with the remark model (default on); off, by the
                       rules alone (abstain.remarkThreshold 1)
  --history-tools <on|off>
                       conversation memory (default on): tools a history entry { "query", "tools" } called
                       are ranked up by recency, as a selector does with the tools a thread called
  --off-topic <file>   with abstention: messages that should bind nothing (JSON Lines { "query" } or strings,
                       e.g. datasets/small-talk/dev.jsonl); the share abstained is reported
  --misses             also list each query with a relevant tool past place 10 (what Complete@10 counts as
                       missed): its id, each such tool's rank, the first 5 tools and the query; in --json,
                       misses: [{ id, query, missing: [{ tool, rank }], top, abstained? }] on each result
  --json               print one JSON object: { strategy, tools, queries, recall, ndcg, mrr, complete, latencyMs,
                       indexMs, abstention?, misses? }; with --strategy all, { "results": [ … ] }
  -h, --help           print this help`;

/**
 * Runs `eval`; resolves to the exit code. Results go to `out`; a progress bar goes to `progress` (stderr by
 * default) only when it is a terminal.
 * @example
 * ```ts
 * await evalCommand(["--catalog", "catalog.json", "--queries", "queries.jsonl", "--strategy", "all"], console.log);
 * ```
 */
export async function evalCommand(argv: string[], out: (text: string) => void, progress: ProgressStream = process.stderr): Promise<number> {
  const { values } = parseCommandLine(
    {
      args: argv,
      options: {
        catalog: { type: "string" },
        mcp: { type: "string" },
        queries: { type: "string" },
        strategy: { type: "string" },
        usage: { type: "string" },
        "co-usage": { type: "boolean", default: false },
        abstention: { type: "string", default: "on" },
        "history-tools": { type: "string", default: "on" },
        "remark-model": { type: "string", default: "on" },
        "off-topic": { type: "string" },
        misses: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: HELP_OPTION,
      },
    },
    EVAL_USAGE,
  );
  if (values.help) {
    out(`${EVAL_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  if (values.catalog === undefined && values.mcp === undefined)
    throw new UsageError("eval needs --catalog <file> or --mcp <servers.json>.", EVAL_USAGE);
  if (values.queries === undefined) throw new UsageError("eval needs --queries <file.jsonl>.", EVAL_USAGE);
  // With --usage the strategy may be left out: hybrid, the strategy learning is measured with.
  if (values.strategy === undefined && values.usage !== undefined) values.strategy = "hybrid";
  if (values.strategy === undefined)
    throw new UsageError(`eval needs --strategy <name>: one of ${BUILTIN_STRATEGY_NAMES.join(", ")}, or all.`, EVAL_USAGE);
  if (values["co-usage"] && values.usage === undefined)
    throw new UsageError("--co-usage needs --usage <file.jsonl> (the usage it expands with).", EVAL_USAGE);
  checkChoice(values.abstention!, ["on", "off"], { one: "--abstention value", many: "Values" }, EVAL_USAGE);
  checkChoice(values["remark-model"]!, ["on", "off"], { one: "--remark-model value", many: "Values" }, EVAL_USAGE);
  checkChoice(values["history-tools"]!, ["on", "off"], { one: "--history-tools value", many: "Values" }, EVAL_USAGE);
  if (values["off-topic"] !== undefined && values.abstention === "off")
    throw new UsageError("--off-topic measures abstention: drop --abstention off.", EVAL_USAGE);
  if (values["remark-model"] === "off" && values.abstention === "off")
    throw new UsageError("--remark-model is part of abstention: drop --abstention off.", EVAL_USAGE);
  const all = values.strategy === "all";
  // Unknown names fail here, before the (possibly slow) loading: a usage error (2), as under select and bench.
  checkChoice(values.strategy, [...BUILTIN_STRATEGY_NAMES, "all"], STRATEGY, EVAL_USAGE);
  const catalog = await loadCliCatalog({ catalog: values.catalog, mcp: values.mcp }, EVAL_USAGE, "eval");
  // Learned before the queries are even read: scoring never learns from what it scores.
  const usage = values.usage === undefined ? undefined : learnFromFile(catalog, values.usage);
  const strategies = (all ? BUILTIN_STRATEGY_NAMES : [values.strategy]).map((name) =>
    createStrategy(name, usage === undefined ? {} : { usage }),
  );
  const queries = loadQueriesFile(values.queries, catalog);
  // With usage, the abstention floor is checked against real past requests, as a selector given that usage does.
  const requests = usage?.heldOut()?.probes.map((probe) => probe.query);
  const offTopic = values["off-topic"] === undefined ? undefined : loadMessagesFile(values["off-topic"]);
  const results: EvalResult[] = [];
  for (const strategy of strategies) {
    const expand =
      values["co-usage"] && usage !== undefined
        ? { reorder: (ranked: Parameters<typeof rankWithCoUsage>[0]) => rankWithCoUsage(ranked, usage), name: `${strategy.name}+co-usage` }
        : {};
    // As a selector does: abstention for every retrieval strategy, never for keyword matching.
    const abstention =
      values.abstention === "on" && strategy.name !== "keyword"
        ? {
            abstention: values["remark-model"] === "off" ? { remarkThreshold: 1 } : {},
            ...(offTopic === undefined ? {} : { offTopic }),
            ...(requests === undefined ? {} : { requests }),
            ...(usage === undefined ? {} : { learned: usage }),
          }
        : {};
    // Conversation memory from history entries that carry tools, as a selector does with a thread's tool calls.
    const memory = values["history-tools"] === "on" && strategy.name !== "keyword" ? { memory: {} } : {};
    results.push(
      await runEval({
        catalog,
        queries,
        strategy,
        onProgress: progressReporter(progress, strategy.name),
        ...expand,
        ...abstention,
        ...memory,
        misses: values.misses,
      }),
    );
  }
  if (values.json) out(JSON.stringify(all ? { results } : results[0]));
  else {
    const misses = results.flatMap((result) =>
      result.misses === undefined ? [] : formatMisses(result.strategy, result.queries, result.misses),
    );
    out([formatEvalTable(results), ...results.flatMap(formatAbstention), ...misses].join("\n"));
  }
  return 0;
}

/** The abstention line of one result, under the table. */
function formatAbstention(result: EvalResult): string[] {
  const { abstention } = result;
  if (abstention === undefined) return [];
  const floor = describeFloor(abstention.floor);
  const remarks = abstention.remarkFloor === undefined ? "" : `; remarks: ${describeFloor(abstention.remarkFloor) || "none"}`;
  const offTopic =
    abstention.offTopic === undefined
      ? ""
      : `; off-topic: abstained on ${abstention.offTopic.abstained}/${abstention.offTopic.messages} (${abstention.offTopic.share})`;
  return [
    `${result.strategy}: abstained on ${abstention.abstained}/${result.queries} queries (floor ${floor || "none"}${remarks})${offTopic}`,
  ];
}
