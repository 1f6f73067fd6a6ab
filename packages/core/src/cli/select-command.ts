/**
 * @module `dynamic-tools select`: prints the selection a catalog makes for a message.
 */
import { existsSync } from "node:fs";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { BUILTIN_STRATEGY_NAMES } from "../retrieval/strategy-registry.js";
import { createToolSelector } from "../selection/tool-selector.js";
import { readSnapshot, writeSnapshot } from "../snapshot/catalog-snapshot.js";
import { learnFromFile } from "../usage/learn-from-file.js";
import { formatSelection, selectionJson } from "./format-selection.js";
import { CATALOG_OPTIONS_USAGE, loadCliCatalog } from "./load-cli-catalog.js";
import { checkOutputPath, writeOutputFile } from "./output-file.js";
import { checkChoice, EXIT_CODES, HELP_OPTION, parseCommandLine, parseCount, STRATEGY, UsageError } from "./usage-error.js";

export const SELECT_USAGE = `dynamic-tools select --catalog <file> | --mcp <servers.json> [--history <message>]... [--strategy <name>] [--top-k N]
                     [--max-tools N] [--max-tokens N] [--snapshot <file>] [--usage <file.jsonl>] [--json] <message>

${CATALOG_OPTIONS_USAGE}
  --history <message>  an earlier human message, oldest first (repeatable)
  --strategy <name>    keyword, bm25, fuzzy, vector, hybrid or sequence-matcher; default: keyword when the
                       catalog's categories declare keywords for every tool, else hybrid
  --top-k N            retrieval strategies: most ranked tools bound after the core tools (default 10)
  --max-tools N        override the catalog's maxTools
  --max-tokens N       override the catalog's maxTokens
  --snapshot <file>    start from this snapshot of the catalog (token counts, BM25 index, vectors, HNSW graph); written first when
                       the file does not exist; a snapshot of another catalog or format version fails (exit 1)
  --usage <file>       past usage (JSON Lines, as for eval --usage): adds the tools often used with the chosen
                       ones (co-usage, listed with their reason; in --json as coUsed)
  --json               print one JSON object: { count, tools, categories, trimmed, tokens, ... }
  -h, --help           print this help`;

/** Runs `select`; returns the exit code. */
export async function selectCommand(argv: string[], out: (text: string) => void): Promise<number> {
  const { values, positionals } = parseCommandLine(
    {
      args: argv,
      allowPositionals: true,
      options: {
        catalog: { type: "string" },
        mcp: { type: "string" },
        history: { type: "string", multiple: true },
        "max-tools": { type: "string" },
        "max-tokens": { type: "string" },
        strategy: { type: "string" },
        "top-k": { type: "string" },
        snapshot: { type: "string" },
        usage: { type: "string" },
        json: { type: "boolean", default: false },
        help: HELP_OPTION,
      },
    },
    SELECT_USAGE,
  );
  if (values.help) {
    out(`${SELECT_USAGE}\n\n${EXIT_CODES}`);
    return 0;
  }
  if (values.catalog === undefined && values.mcp === undefined)
    throw new UsageError("select needs --catalog <file> or --mcp <servers.json>.", SELECT_USAGE);
  if (positionals.length === 0) throw new UsageError("select needs a message.", SELECT_USAGE);
  const maxTools = parseCount(values["max-tools"], "--max-tools", SELECT_USAGE);
  checkOutputPath("--snapshot", values.snapshot);
  const maxTokens = parseCount(values["max-tokens"], "--max-tokens", SELECT_USAGE);
  const topK = parseCount(values["top-k"], "--top-k", SELECT_USAGE);
  if (values.strategy !== undefined) checkChoice(values.strategy, BUILTIN_STRATEGY_NAMES, STRATEGY, SELECT_USAGE);
  // An existing snapshot is read first, so the catalog takes its derived keywords and token counts.
  const existing = values.snapshot !== undefined && existsSync(values.snapshot) ? readSnapshot(values.snapshot) : undefined;
  const catalog = await loadCliCatalog(
    { catalog: values.catalog, mcp: values.mcp, ...(existing === undefined ? {} : { derived: existing.derived }) },
    SELECT_USAGE,
    "select",
  );
  const vectors = values.strategy === "vector" || values.strategy === "hybrid";
  const file = values.snapshot;
  if (file !== undefined && existing === undefined)
    await writeOutputFile("--snapshot", file, () => writeSnapshot(file, catalog, { vectors }));
  const snapshot = values.snapshot === undefined ? undefined : (existing ?? readSnapshot(values.snapshot)).load(catalog);
  const strategy = values.strategy === undefined ? undefined : (snapshot?.strategy(values.strategy) ?? values.strategy);
  const select = budgetFromCommandLine(
    () =>
      createToolSelector(catalog, {
        ...(strategy === undefined ? {} : { strategy }),
        ...(topK === undefined ? {} : { topK }),
        ...(maxTools === undefined ? {} : { maxTools }),
        ...(maxTokens === undefined ? {} : { maxTokens }),
        ...(values.usage === undefined ? {} : { usage: learnFromFile(catalog, values.usage) }),
      }),
    { maxTools, maxTokens },
  );
  const messages = [...(values.history ?? []), positionals.join(" ")].map((content) => ({ role: "user", content }));
  const selection = await select(messages);
  out(values.json ? JSON.stringify(selectionJson(selection, catalog)) : formatSelection(selection, catalog));
  return 0;
}

/**
 * Builds the selector; a budget from `--max-tools` / `--max-tokens` that the catalog's core tools alone exceed is a bad
 * command line (exit 2, naming the flag), not a bad catalog.
 */
function budgetFromCommandLine<T>(
  build: () => T,
  { maxTools, maxTokens }: { maxTools?: number | undefined; maxTokens?: number | undefined },
): T {
  try {
    return build();
  } catch (error) {
    if (
      !(error instanceof DynamicToolsError) ||
      error.code !== "CORE_EXCEEDS_BUDGET" ||
      (maxTools === undefined && maxTokens === undefined)
    )
      throw error;
    const flags = [
      ...(maxTools === undefined ? [] : [`--max-tools ${maxTools}`]),
      ...(maxTokens === undefined ? [] : [`--max-tokens ${maxTokens}`]),
    ].join(" / ");
    throw new UsageError(
      `${flags}: ${error.message.replace(/; raise max\w+ or .*$/, "")}; raise it, or leave it out for the catalog's own budget.`,
      SELECT_USAGE,
    );
  }
}
