/**
 * @module The bm25 strategy: field-weighted BM25 over each tool's name, description, parameters, tags, keywords
 * and category, with stemming, CJK bigrams, query rewriting and multi-turn context.
 */
import type { ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { STOP_WORDS } from "../../text/stop-words.js";
import { analyzedQueryVariants } from "../hybrid/query-rewrite.js";
import { isLearnedField, type LearnedField } from "../learned-field.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { toolText, type ToolField } from "../tool-text.js";
import { analyze } from "../../text/analyzer.js";
import { Bm25Index, type SavedBm25Postings } from "./bm25-index.js";
import { DEFAULT_BM25 } from "./bm25-score.js";
import type { VocabularyExpansion } from "./vocabulary-expansion.js";
import { raiseStepMatches, requestSteps, STEP_SIGNAL, type SteppedTool } from "./request-steps.js";
import { DynamicToolsError } from "../../errors/dynamic-tools-error.js";
import { describeValue } from "../../errors/describe-value.js";
import { runInBackground, runNow, type BackgroundWork } from "../../events/background-steps.js";

/** Default field weights: a word in the name counts three times one in the description. */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<ToolField, number>> = {
  name: 3,
  keywords: 2,
  tags: 1.5,
  category: 1,
  description: 1,
  parameterNames: 1,
  parameterDescriptions: 0.5,
};

/** Options of {@link createBm25Strategy}. */
export interface Bm25StrategyOptions {
  /** Weight of each field. @defaultValue {@link DEFAULT_FIELD_WEIGHTS} */
  fieldWeights?: Partial<Record<ToolField, number>>;
  /** Porter-stem words. @defaultValue true */
  stem?: boolean;
  /** BM25 k1. @defaultValue 1.2 */
  k1?: number;
  /** BM25 b. @defaultValue 0.75 */
  b?: number;
  /**
   * Strip question and filler words from the query. The words stripped still count at half weight where a tool's
   * name uses them (`help_center` for "can you help me…"). @defaultValue true
   */
  rewrite?: boolean;
  /** Weight of earlier human messages' terms relative to the current message's. @defaultValue 0.3 */
  historyWeight?: number;
  /**
   * A request of several steps ("Retrieve the course's content. Then check the weather in Boston"): also search each
   * step on its own, and raise its best tools toward the request's best ({@link requestSteps},
   * {@link raiseStepMatches}), so the tool of a short step is not buried under the tools the longest step matches.
   * Each step costs one more search. @defaultValue true
   */
  steps?: boolean;
  /**
   * Learned evidence (e.g. a `UsageModel`): each tool's learned terms become one more field of its document, scored
   * as a field of its own and added to the text's score: a term scores by how much more often the tool's users said it
   * than all users did, smoothed toward all users' until the tool has some hundreds of observations (`learnedLift`),
   * updated in place as evidence arrives and decayed at search time. Omitted, ranking is exactly as without learning.
   */
  usage?: LearnedField;
  /** Weight of the learned field's score. @defaultValue 1 */
  usageWeight?: number;
  /**
   * Paraphrase reach: a word of the current message no tool uses is also searched as the catalog words nearest to it
   * in a word-vector space, at a lower weight ({@link VocabularyExpansion}). The hybrid strategy sets it when its
   * vector source has word vectors (the default offline embeddings do). Omitted, only the message's own words count.
   * The catalog's words and their vectors are gathered in the background after each `index()` (in ~10 ms slices that
   * never keep the process alive), or by the first message that needs them before that.
   */
  expansion?: VocabularyExpansion;
  /**
   * An index saved by {@link Bm25Strategy.save} from the same catalog: the first `index()` restores it instead of
   * analysing every tool's text, when it holds the catalog's tool names in order and was built with the same field
   * weights, stemming, k1 and b (otherwise it is ignored and the index is built).
   */
  saved?: SavedBm25Index;
}

/** A bm25 strategy's index (see {@link Bm25Strategy.save}): settings, postings in typed arrays, name-term counts. */
export interface SavedBm25Index {
  settings: { weights: Record<string, number>; stem: boolean; k1: number; b: number };
  postings: SavedBm25Postings;
  nameTerms: Array<[term: string, tools: number]>;
}

/** The bm25 strategy, with its index's serialisation. */
export interface Bm25Strategy extends RetrievalStrategy {
  /** The index as typed arrays, for `createBm25Strategy({ saved })` (only after `index()`). */
  save(): SavedBm25Index;
}

/** Options of {@link weightedTerms}: the strategy's, and which terms the catalog's tool names use. */
export interface WeightedTermsOptions extends Pick<Bm25StrategyOptions, "rewrite" | "historyWeight" | "stem"> {
  /**
   * Whether some tool's name uses the (analysed) term. Given, a word the rewrite dropped (a filler word such as
   * "help" or "find") is searched only if a tool name uses it: keeping such words exists for names like
   * `help_center`; where no name uses one it can only match a description that uses it as filler ("will help
   * you…"), which says nothing about what the user wants. Omitted, every dropped word is searched.
   */
  isNameTerm?: (term: string) => boolean;
}

/**
 * Weighted query terms from the current message (its variants) and the history; each term keeps its best weight.
 * Words only the original (unrewritten) message has count at its variant's weight, and only where `isNameTerm`
 * (when given) accepts them.
 */
export function weightedTerms(
  { query, history = [] }: Pick<RankRequest, "query" | "history">,
  { rewrite = true, historyWeight = 0.3, stem = true, isNameTerm }: WeightedTermsOptions = {},
): Array<{ term: string; weight: number }> {
  const weights = new Map<string, number>();
  const add = (terms: readonly string[], weight: number, accept?: (term: string) => boolean) => {
    for (const term of terms) {
      if (accept !== undefined && !weights.has(term) && !accept(term)) continue;
      weights.set(term, Math.max(weights.get(term) ?? 0, weight));
    }
  };
  const analysed = (text: string) => analyze(text, { stem, stopWords: STOP_WORDS });
  const [main, ...others] = rewrite ? analyzedQueryVariants(query, stem) : [{ terms: analysed(query), weight: 1 }];
  add(main!.terms, main!.weight);
  for (const variant of others) add(variant.terms, variant.weight, isNameTerm);
  if (historyWeight > 0) for (const message of history) add(analysed(message), historyWeight);
  return [...weights].map(([term, weight]) => ({ term, weight }));
}

/**
 * Creates the bm25 strategy.
 *
 * @example
 * ```ts
 * const bm25 = createBm25Strategy();
 * bm25.index(catalog);
 * bm25.rank({ query: "what is pending salary?", limit: 5 }); // [{ name: "get_pending_salaries", score: …, signals: { bm25: … } }, …]
 * ```
 */
export function createBm25Strategy(options: Bm25StrategyOptions = {}): Bm25Strategy {
  const { stem = true, k1 = DEFAULT_BM25.k1, b = DEFAULT_BM25.b } = options;
  const weights = { ...DEFAULT_FIELD_WEIGHTS, ...options.fieldWeights };
  const { usage, usageWeight = 1, expansion, steps = true } = options;
  if (typeof steps !== "boolean") {
    throw new DynamicToolsError("INVALID_OPTION", `bm25 steps must be true or false, got ${describeValue(steps)}.`, { path: ["steps"] });
  }
  if (usage !== undefined && !isLearnedField(usage)) {
    throw new DynamicToolsError("INVALID_OPTION", `bm25 usage must be a UsageModel (a learned field), got ${describeValue(usage)}.`, {
      path: ["usage"],
    });
  }
  // The learned field exists only with `usage`: without it the index is exactly the one without learning.
  // (The index skips fields without a weight, so the cast only widens the key set.)
  const fieldWeights = (usage === undefined ? weights : { ...weights, usage: usageWeight }) as Record<ToolField | "usage", number>;
  const settings = { weights: fieldWeights, stem, k1, b };
  let index = new Bm25Index<ToolField | "usage">(fieldWeights, { k1, b }, usage === undefined ? {} : { scaled: "usage" });
  // A saved index holds no learned terms: with `usage` the index is built, so learned evidence is in it from the start.
  let saved = usage === undefined ? options.saved : undefined;
  let catalog: ToolCatalog | undefined;
  /** The indexed tools, and how many of their names use each term (see {@link WeightedTermsOptions.isNameTerm}). */
  const indexed = new Set<string>();
  const nameTerms = new Map<string, number>();
  const countNameTerms = (terms: readonly string[], change: 1 | -1) => {
    for (const term of new Set(terms)) {
      const count = (nameTerms.get(term) ?? 0) + change;
      if (count > 0) nameTerms.set(term, count);
      else nameTerms.delete(term);
    }
  };
  const fieldNames = Object.keys(weights) as ToolField[];
  const analysis = { stem };
  /** With usage: each tool's analysed text, so a change of its learned terms does not analyse its text again. */
  const analysed = new Map<string, Record<ToolField, string[]>>();
  /**
   * The expansion's vocabulary is not noted tool by tool as the index is built or restored, but after it: in the
   * background (`warmUp`), or at once when a word of a message needs it first (`noteAll`). Until then, the tools
   * stored by `add` (which the catalog may not hold) wait here.
   */
  const unnoted = new Map<string, ToolMetadata>();
  /** Whether some indexed tools may not be noted while others are (the background noting has not finished). */
  let notingPending = false;
  /**
   * Notes each indexed tool not noted yet, a step a tool: as the catalog has it when its step comes, or as `add` gave
   * it (`unnoted`, also those added between steps).
   */
  function* notingSteps(vocabulary: VocabularyExpansion): Generator<void, void> {
    for (const name of catalog?.names() ?? []) {
      const tool = catalog?.get(name);
      if (tool === undefined || !indexed.has(name) || unnoted.has(name) || vocabulary.has(name)) continue;
      vocabulary.note(name, expansionText(tool));
      yield;
    }
    for (let next = unnoted.entries().next(); !next.done; next = unnoted.entries().next()) {
      const [name, tool] = next.value;
      unnoted.delete(name);
      if (indexed.has(name)) vocabulary.note(name, expansionText(tool));
      yield;
    }
    notingPending = false;
  }
  const noteAll = () => {
    // Tools stored while the vocabulary was empty wait in `unnoted`, also once the background noting has begun.
    if (expansion === undefined || (!notingPending && !expansion.empty && unnoted.size === 0)) return;
    runNow(notingSteps(expansion));
  };
  let warming: BackgroundWork | undefined;
  /**
   * Notes the vocabulary and builds its vectors in the background once an index is built or restored, so the first
   * message that needs an expansion finds them ready (a message that needs them sooner finishes them itself).
   */
  const warmUp = () => {
    warming?.cancel();
    if (expansion === undefined || indexed.size === 0) return;
    if (expansion.empty) notingPending = true;
    warming = runInBackground(
      (function* () {
        yield* notingSteps(expansion);
        yield* expansion.matrixSteps();
      })(),
    );
  };
  const store = (tool: ToolMetadata, textUnchanged = false, added = false) => {
    if (indexed.has(tool.name)) countNameTerms(analyze(tool.name, { stem }), -1);
    let fields = textUnchanged ? analysed.get(tool.name) : undefined;
    if (fields === undefined) {
      const text = toolText(tool);
      if (expansion !== undefined && !expansion.empty) expansion.note(tool.name, expansionText(tool));
      else if (added) unnoted.set(tool.name, tool);
      else unnoted.delete(tool.name);
      fields = {} as Record<ToolField, string[]>;
      for (const field of fieldNames) fields[field] = analyze(text[field], analysis);
      if (usage !== undefined) analysed.set(tool.name, fields);
    }
    const learned = usage?.fieldTerms(tool.name);
    if (learned === undefined) index.add(tool.name, fields);
    else index.add(tool.name, { ...fields, usage: learned }, usage?.fieldObservations?.(tool.name));
    indexed.add(tool.name);
    countNameTerms(fields.name, 1);
  };
  const unstore = (names: readonly string[]) => {
    for (const name of names) {
      if (!indexed.delete(name)) continue;
      index.remove(name);
      expansion?.forget(name);
      unnoted.delete(name);
      analysed.delete(name);
      countNameTerms(analyze(name, { stem }), -1);
    }
  };
  const termOptions: WeightedTermsOptions = { ...options, isNameTerm: (term) => weights.name > 0 && nameTerms.has(term) };
  /** The usage version the index holds (see {@link LearnedField.changesSince}); undefined before the first build. */
  let usageVersion: number | undefined;
  // Learned evidence is pulled before the index is used: counts that grew change in place; otherwise just the tools
  // named are stored again (every indexed tool when the usage's log no longer reaches back far enough).
  const catchUpUsage = () => {
    if (usage === undefined || usageVersion === undefined || usage.version === usageVersion) return;
    const changes = usage.changesSince(usageVersion);
    usageVersion = changes.version;
    const restore = (names: Iterable<string>) => {
      for (const name of names) {
        const tool = indexed.has(name) ? catalog?.get(name) : undefined;
        if (tool !== undefined) store(tool, true);
      }
    };
    if (changes.rebuild) return restore([...indexed]);
    for (const { tools, increases } of changes.changes) {
      if (increases === undefined) restore(tools);
      // Each increase is one observation of `count` (see LearnedField.fieldObservations).
      else for (const { tool, terms, count } of increases) if (indexed.has(tool)) index.increase(tool, terms, count);
    }
  };
  return {
    name: "bm25",
    index(current: ToolCatalog) {
      catalog = current;
      // Every tool stored below reads its learned terms as they are now.
      catchUpUsage();
      usageVersion = usage?.version;
      const restorable = saved;
      saved = undefined;
      if (restorable !== undefined && indexed.size === 0 && canRestore(restorable, settings, current.names())) {
        index = Bm25Index.restore(fieldWeights, { k1, b }, restorable.postings);
        for (const name of restorable.postings.ids) indexed.add(name);
        for (const [term, count] of restorable.nameTerms) nameTerms.set(term, count);
        warmUp();
        return;
      }
      // Indexing again (e.g. to recover from a failed update) drops what the catalog no longer has.
      const names = new Set(current.names());
      unstore([...indexed].filter((name) => !names.has(name)));
      for (const tool of current.tools()) store(tool);
      index.trim();
      warmUp();
    },
    add(tools) {
      // Stored tools read their learned terms as they are now: the index must be at the usage's version first.
      catchUpUsage();
      for (const tool of tools) store(tool, false, true);
    },
    remove: unstore,
    rank(request: RankRequest): RankedTool[] {
      catchUpUsage();
      if (usage !== undefined) index.setScale(usage.scale());
      const search = (message: Pick<RankRequest, "query" | "history">) => {
        const terms = weightedTerms(message, termOptions);
        if (expansion !== undefined) {
          const have = new Set(terms.map(({ term }) => term));
          for (const extra of expansion.expand(message.query, (term) => index.documentFrequency(term) > 0, noteAll)) {
            if (!have.has(extra.term)) terms.push(extra);
          }
        }
        return index.search(terms, request.limit, request.filter);
      };
      const found = search(request);
      // Each step alone, without the history: the request's own search already reads the conversation.
      const parts = steps ? requestSteps(request.query) : [];
      const ranked: SteppedTool[] =
        parts.length === 0
          ? found
          : raiseStepMatches(
              found,
              parts.map((query) => search({ query })),
              request.limit,
            );
      return ranked.map(({ id, score, step }) => ({
        name: id,
        score,
        signals: step === undefined ? { bm25: score } : { bm25: score, [STEP_SIGNAL]: step },
      }));
    },
    save(): SavedBm25Index {
      catchUpUsage();
      if (usage !== undefined) index.setScale(usage.scale());
      return { settings: structuredClone(settings), postings: index.save(), nameTerms: [...nameTerms] };
    },
  };
}

/**
 * The words of a tool that expansion may reach: its name, description (with `whenToUse` and the localised texts),
 * keywords, tags and category; not its parameters.
 */
function expansionText(tool: ToolMetadata): string {
  const localised = [...Object.values(tool.display), ...Object.values(tool.desc)].join(" ");
  return `${tool.name} ${tool.description} ${tool.whenToUse ?? ""} ${localised} ${tool.keywords.join(" ")} ${tool.tags.join(" ")} ${tool.category ?? ""}`;
}

function canRestore(saved: SavedBm25Index, settings: SavedBm25Index["settings"], names: readonly string[]): boolean {
  const { ids } = saved.postings;
  return (
    JSON.stringify(saved.settings) === JSON.stringify(settings) &&
    ids.length === names.length &&
    ids.every((id, position) => id === names[position])
  );
}
