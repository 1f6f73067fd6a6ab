/**
 * @module The catalog doctor: every check over one catalog, as one report of findings that say what to change in
 * the catalog file.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import { defaultStrategyFor } from "../selection/default-strategy.js";
import { loadDefaultEmbeddings } from "../retrieval/vector/default-embeddings.js";
import { isFittable } from "../retrieval/vector/embedding-capabilities.js";
import { toolDocumentText } from "../retrieval/vector/tool-document-text.js";
import type { Observation } from "../usage/observation.js";
import { unknownToolObservations } from "../usage/unknown-tools.js";
import { commonStems } from "./distinctive-words.js";
import { confusionFindings, mutuallyOutranking, nearDuplicates, sameDescriptionFindings } from "./confusable-pairs.js";
import {
  definitionSizeFindings,
  descriptionFindings,
  MAX_DEFINITION_TOKENS,
  parameterFindings,
  providerNameFindings,
} from "./definition-checks.js";
import { DOCTOR_CHECKS, type DoctorCheck, type DoctorFinding } from "./doctor-finding.js";
import { groupBudgetFindings, type ToolGroup } from "./group-budget.js";
import { type DeclarationPatch, rankOwnTexts, selfRank, selfRetrievalFindings } from "./self-retrieval.js";
import { missedMessageFindings, missedMessages, neverCalledFindings } from "./usage-checks.js";

/** Options of {@link runDoctor}. */
export interface DoctorOptions {
  /**
   * The ranking self-retrieval and the usage check use: a built-in name or a strategy. With `keyword`, a tool finds
   * itself when a keyword selection of its own text binds it (at any place), and mutual outranking is not checked.
   * @defaultValue the catalog's default strategy (`defaultStrategyFor`: keyword for a catalog of keyword categories, else hybrid)
   */
  strategy?: string | RetrievalStrategy;
  /** A tool must find itself within this many results. @defaultValue 5 */
  top?: number;
  /** Results kept per tool (confusable pairs are looked for among them). @defaultValue 10 */
  depth?: number;
  /** Definitions over this many tokens are reported. @defaultValue 1000 */
  maxDefinitionTokens?: number;
  /**
   * Cosine similarity of two tools' embeddings from which they count as near-duplicates; `false` skips the check
   * (and the embedding pass). @defaultValue 0.985 (the offline word vectors put tools of one template, such as get_tree_height and
   *   get_tree_age, near 0.99)
   */
  similarity?: number | false;
  /** The embeddings of the near-duplicate check. @defaultValue the default embeddings (offline word vectors) */
  embeddings?: EmbeddingsInterface;
  /** Past usage: adds the `never-called` and `missed-message` checks. */
  observations?: readonly Observation[];
  /** Most distinct usage messages ranked by the `missed-message` check. @defaultValue 2000 */
  maxMessages?: number;
}

/** A self-retrieval finding's ready-made catalog change. */
export type DoctorFindingWithPatch = DoctorFinding & { patch?: DeclarationPatch };

/** What {@link runDoctor} found. */
export interface DoctorReport {
  /** Tools in the catalog. */
  tools: number;
  /** The ranking used. */
  strategy: string;
  top: number;
  selfRetrieval: {
    /** Tools searched by their own text (enabled, searchable, not core, with a description). */
    checked: number;
    /** Of those, how many found themselves within `top` (with `keyword`: were selected by it). */
    inTop: number;
    /** Each checked tool's own rank (null: not within `depth`). */
    ranks: { name: string; rank: number | null }[];
  };
  usage?: {
    observations: number;
    distinctMessages: number;
    checkedMessages: number;
    missedMessages: number;
    /** Observations that name only tools the catalog does not have (not checked; `usage report` does not learn them). */
    unknownToolObservations?: number;
    /** Up to 10 of the tools they name. */
    unknownTools?: string[];
  };
  /** Findings by check. */
  counts: Partial<Record<DoctorCheck, number>>;
  findings: DoctorFindingWithPatch[];
  /** Milliseconds the doctor took. */
  ms: number;
}

/**
 * Checks a catalog: self-retrieval (does each tool's own description and `whenToUse` find it in the top 5?),
 * confusable tools (the same description, texts that rank each other above themselves, near-identical embeddings), empty or one-line
 * descriptions, parameters without descriptions, names a provider rejects, definitions over a token size,
 * categories or namespaces that alone exceed the budget, and, given usage, tools never called and messages that did
 * not find their tool. Each finding says what to add or change in the catalog file.
 *
 * @param options.strategy - the ranking to check against. @defaultValue the catalog's default strategy
 * @param options.observations - past usage, for the usage checks.
 * @example
 * ```ts
 * import { loadCatalogFile, runDoctor } from "@dynamic-tools/core";
 * const report = await runDoctor(loadCatalogFile("catalog.yaml"));
 * for (const finding of report.findings) console.log(`${finding.message}\n  fix: ${finding.fix}`);
 * ```
 */
export async function runDoctor(catalog: ToolCatalog, options: DoctorOptions = {}): Promise<DoctorReport> {
  const started = performance.now();
  const { top = 5, depth = Math.max(10, top), maxDefinitionTokens = MAX_DEFINITION_TOKENS, similarity = 0.985 } = options;
  const strategy =
    typeof options.strategy === "object" ? options.strategy : createStrategy(options.strategy ?? defaultStrategyFor(catalog));
  const tools = catalog.tools().filter((tool) => tool.enabled);
  const core = new Set(catalog.settings.core);
  const searchable = tools.filter((tool) => tool.searchable && !core.has(tool.name));
  const toolNamed = (name: string): ToolMetadata => catalog.get(name)!;

  await strategy.index(catalog);
  // Keyword selection binds every tool of a category its keywords match, in catalog order: a tool finds itself when it
  // is among them, whatever its place (and a place among them says nothing about confusion).
  const selected = strategy.name === "keyword";
  const rankings = await rankOwnTexts(catalog, strategy, { depth: selected ? catalog.size : depth, tools: searchable, selected });
  const common = commonStems(tools.map((tool) => `${tool.description} ${tool.whenToUse ?? ""}`));
  const findings: DoctorFindingWithPatch[] = [
    ...providerNameFindings(tools),
    ...descriptionFindings(tools),
    ...selfRetrievalFindings(rankings, toolNamed, top, { selected, common }),
    ...sameDescriptionFindings(tools),
    ...confusionFindings(
      selected ? [] : mutuallyOutranking(rankings),
      similarity === false ? [] : await duplicates(rankings, catalog, similarity, options.embeddings),
      toolNamed,
    ),
    ...parameterFindings(tools),
    ...definitionSizeFindings(
      tools.map((tool) => ({ name: tool.name, tokens: catalog.tokensOf(tool.name) })),
      maxDefinitionTokens,
    ),
    ...groupBudgetFindings(groups(catalog), (name) => catalog.tokensOf(name), catalog.settings),
  ];
  let usage: DoctorReport["usage"];
  if (options.observations !== undefined) {
    const missed = await missedMessages(options.observations, strategy, {
      top,
      ...(options.maxMessages === undefined ? {} : { maxMessages: options.maxMessages }),
      ...(selected ? { selected: { limit: catalog.size } } : {}),
      known: (name) => catalog.has(name),
    });
    findings.push(
      ...missedMessageFindings(missed.missed, (name) => toolDocumentText(toolNamed(name)), top),
      ...neverCalledFindings(
        searchable.map((tool) => tool.name),
        options.observations,
      ),
    );
    const unknown = unknownToolObservations(options.observations, (name) => catalog.has(name));
    usage = {
      observations: options.observations.length,
      ...(unknown.observations === 0 ? {} : { unknownToolObservations: unknown.observations, unknownTools: unknown.tools }),
      distinctMessages: missed.distinct,
      checkedMessages: missed.checked,
      missedMessages: missed.missed.length,
    };
  }
  findings.sort((a, b) => DOCTOR_CHECKS.indexOf(a.check) - DOCTOR_CHECKS.indexOf(b.check));
  const counts: Partial<Record<DoctorCheck, number>> = {};
  for (const finding of findings) counts[finding.check] = (counts[finding.check] ?? 0) + 1;
  const ranks = rankings.map((ranking) => ({ name: ranking.name, rank: selfRank(ranking) ?? null }));
  return {
    tools: catalog.size,
    strategy: strategy.name,
    top,
    selfRetrieval: {
      checked: rankings.length,
      inTop: ranks.filter((entry) => entry.rank !== null && (selected || entry.rank <= top)).length,
      ranks,
    },
    ...(usage === undefined ? {} : { usage }),
    counts,
    findings,
    ms: Math.round(performance.now() - started),
  };
}

/** Categories (selected whole) and namespaces (loaded whole, up to their `maxSize`, default 10). */
function groups(catalog: ToolCatalog): ToolGroup[] {
  return [
    ...catalog.categories().map((category) => ({ kind: "category" as const, name: category.name, tools: category.tools })),
    ...catalog
      .namespaces()
      .map((namespace) => ({ kind: "namespace" as const, name: namespace.name, tools: namespace.tools.slice(0, namespace.maxSize ?? 10) })),
  ];
}

/** Near-identical pairs among each tool and the tools its own text ranks (embedding each tool's document once). */
async function duplicates(
  rankings: readonly { name: string; ranked: readonly string[] }[],
  catalog: ToolCatalog,
  threshold: number,
  given: EmbeddingsInterface | undefined,
) {
  const embeddings = given ?? (await loadDefaultEmbeddings());
  const names = catalog.names();
  const index = new Map(names.map((name, position) => [name, position]));
  const documents = names.map((name) => toolDocumentText(catalog.get(name)!));
  if (isFittable(embeddings)) await embeddings.fit(documents);
  const vectors = await embeddings.embedDocuments(documents);
  const candidates: Array<[number, number]> = [];
  for (const ranking of rankings) {
    const own = index.get(ranking.name)!;
    for (const other of ranking.ranked) candidates.push([own, index.get(other)!]);
  }
  return nearDuplicates(names, vectors, candidates, threshold);
}
