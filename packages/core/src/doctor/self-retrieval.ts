/**
 * @module Self-retrieval: does a tool's own description (and its `whenToUse`) find it among the top results? A tool
 * its own words cannot find, a user's words rarely will.
 */
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import type { RetrievalStrategy } from "../retrieval/retrieval-strategy.js";
import { distinctiveWords } from "./distinctive-words.js";
import { type DoctorFinding, quoted } from "./doctor-finding.js";

/** One tool's ranking for its own text: the best `depth` tools, best first. */
export interface SelfRanking {
  readonly name: string;
  /** The text ranked: the description, then `whenToUse`. */
  readonly query: string;
  readonly ranked: readonly string[];
}

/** A catalog-file change for one tool: values to set on its declaration. */
export interface DeclarationPatch {
  readonly keywords?: string[];
  readonly whenToUse?: string;
}

/**
 * The text a tool is searched with: its description, then its `whenToUse` ("" when it has neither).
 * @example
 * ```ts
 * selfRetrievalQuery(catalog.get("get_pending_salaries")!); // "Lists unpaid salary records …"
 * ```
 */
export function selfRetrievalQuery(tool: Pick<ToolMetadata, "description" | "whenToUse">): string {
  return [tool.description.trim(), tool.whenToUse?.trim() ?? ""].filter((part) => part !== "").join(" ");
}

/** 1-based rank of `name` in its own ranking, or undefined when it is not within it. */
export function selfRank(ranking: SelfRanking): number | undefined {
  const index = ranking.ranked.indexOf(ranking.name);
  return index === -1 ? undefined : index + 1;
}

/**
 * The tools a selection binds from a ranking scored by tiers (the keyword strategy): those with the best score, above
 * 0, whatever their order (every tool of a matched category scores alike, and is bound).
 *
 * @example
 * ```ts
 * selectedOf([{ name: "a", score: 4 }, { name: "b", score: 4 }, { name: "c", score: 1 }]); // a and b
 * ```
 */
export function selectedOf<T extends { score: number }>(ranked: readonly T[]): T[] {
  const best = ranked[0]?.score ?? 0;
  return ranked.filter((entry) => entry.score >= best && entry.score > 0);
}

/**
 * Ranks every searchable tool (with a description) by its own text with an indexed strategy.
 * @param options.depth - how many ranked tools to keep per tool. @defaultValue 10
 * @param options.selected - keep only the tools a selection binds for the text, whatever their order: the best-scored
 * ones (the keyword strategy scores every tool of a category the text matches alike, and binds them all). @defaultValue false
 */
export async function rankOwnTexts(
  catalog: ToolCatalog,
  strategy: RetrievalStrategy,
  { depth = 10, tools = catalog.tools(), selected = false }: { depth?: number; tools?: readonly ToolMetadata[]; selected?: boolean } = {},
): Promise<SelfRanking[]> {
  const rankings: SelfRanking[] = [];
  for (const tool of tools) {
    const query = selfRetrievalQuery(tool);
    if (query === "") continue;
    const ranked = await strategy.rank({ query, limit: depth });
    const kept = selected ? selectedOf(ranked) : ranked;
    rankings.push({ name: tool.name, query, ranked: kept.map((entry) => entry.name) });
  }
  return rankings;
}

/**
 * A finding for each tool its own text does not rank within `top` (with `selected`, that its own text does not select:
 * rankings from `rankOwnTexts(…, { selected: true })`, whatever the place), naming the tools found instead and the words
 * of its description they lack (suggested as `keywords`; `patch` is that change, ready to apply).
 * @example
 * ```ts
 * selfRetrievalFindings(rankings, (name) => catalog.get(name)!); // [{ check: "self-retrieval", tools: ["b"], … }]
 * ```
 */
export function selfRetrievalFindings(
  rankings: readonly SelfRanking[],
  toolNamed: (name: string) => ToolMetadata,
  top = 5,
  {
    selected = false,
    common,
  }: {
    selected?: boolean;
    /** Stems too common in the catalog to suggest (see `commonStems`). @defaultValue none */
    common?: ReadonlySet<string>;
  } = {},
): Array<DoctorFinding & { patch: DeclarationPatch }> {
  const findings: Array<DoctorFinding & { patch: DeclarationPatch }> = [];
  for (const ranking of rankings) {
    const rank = selfRank(ranking);
    if (rank !== undefined && (selected || rank <= top)) continue;
    const tool = toolNamed(ranking.name);
    const above = ranking.ranked.slice(0, rank === undefined ? top : rank - 1).filter((name) => name !== ranking.name);
    const aboveTools = above.slice(0, top).map(toolNamed);
    const others = aboveTools.map((other) => `${other.name} ${other.description} ${other.whenToUse ?? ""} ${other.keywords.join(" ")}`);
    const words = distinctiveWords(ranking.query, others, 3, common === undefined ? {} : { common });
    const nameWords = distinctiveWords(tool.name, others, 4, { keepGeneric: true });
    const shown = above.slice(0, 3).join(", ");
    const found = (() => {
      if (selected)
        return above.length === 0 ? "does not select it, nor any tool" : `selects ${shown}${above.length > 3 ? ", …" : ""}, not it`;
      const where = rank === undefined ? `not in the top ${ranking.ranked.length}` : `rank ${rank}`;
      return above.length === 0 ? "finds no tool at all" : `finds it at ${where} (top ${top} wanted), below ${shown}`;
    })();
    const rather = above.length === 0 ? "" : ` rather than ${shown}`;
    // A draft whenToUse from what its name says and the others' texts do not (the words a user would use for it).
    const draft =
      tool.whenToUse === undefined && nameWords.length > 0
        ? `When the request is about ${nameWords.join(" ")}${words.length > 0 ? ` (${words.join(", ")})` : ""}.`
        : undefined;
    const patch: DeclarationPatch = {
      ...(words.length > 0 ? { keywords: [...tool.keywords, ...words] } : {}),
      ...(draft === undefined ? {} : { whenToUse: draft }),
    };
    const lacking = above.length === 0 ? "" : ` that ${shown} lack`;
    const keywordsFix =
      words.length > 0
        ? `add keywords: [${words.join(", ")}] (words of its description${lacking}; declared keywords replace any derived from its description: list every word that should select it)`
        : `its description has no word${lacking}: rewrite its description to say what only it does`;
    const whenFix =
      draft === undefined
        ? `add to whenToUse when to call it${rather}`
        : `add whenToUse: ${JSON.stringify(draft)} (a draft: say when to call it${rather})`;
    findings.push({
      check: "self-retrieval",
      severity: "warning",
      tools: [tool.name],
      message: `${tool.name}: its own description ${found}. Searched: ${quoted(ranking.query)}`,
      fix: selected
        ? `tools: - name: ${tool.name}: ${keywordsFix} (or add them to its category's keywords).`
        : `tools: - name: ${tool.name}: ${keywordsFix}; ${whenFix}.`,
      patch,
    });
  }
  return findings;
}
