/**
 * @module The keyword strategy's own index over a catalog: the keywords in effect (declared, plus those derived for
 * zero-config categories and loose tools) in a {@link KeywordIndex}. One per catalog, built on first use; each live
 * update is applied when the catalog announces it, re-deriving only what it touched.
 */
import type { CatalogChange } from "../../catalog/catalog-events.js";
import type { CategoryInfo, ToolCatalog } from "../../catalog/tool-catalog.js";
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import type { CategoryText } from "./derive-keywords.js";
import { KeywordIndex, type KeywordMatch, type KeywordTarget } from "./keyword-index.js";
import { KeywordStatistics } from "./keyword-statistics.js";

/** Most keywords derived for a tool that has no category (zero-config). */
export const LOOSE_TOOL_KEYWORDS = 5;

/** The keyword-statistics name of a loose tool: no category can be named so. */
function looseKey(name: string): string {
  return `\u0000${name}`;
}

const categoryTarget = (name: string): KeywordTarget => ({ kind: "category", name });
const toolTarget = (name: string): KeywordTarget => ({ kind: "tool", name });

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}

const shared = new WeakMap<ToolCatalog, CatalogKeywords>();

/**
 * The keywords of one catalog as the keyword strategy matches them. Zero-config: a category that declares no
 * keywords (or `deriveKeywords: true`) gets keywords derived from its tools' names and descriptions, and a loose
 * tool (no category, no keywords, not core) gets up to {@link LOOSE_TOOL_KEYWORDS} of its own, as if it were a
 * one-tool category. An update re-derives the categories whose tools changed and any whose keyword stopped being
 * distinctive (see {@link KeywordStatistics}).
 *
 * @example
 * ```ts
 * const keywords = CatalogKeywords.of(catalog);
 * keywords.match("what is pending salary?"); // [{ target: { kind: "category", name: "salary" }, keyword: "salary", position: 3 }]
 * keywords.keywordsOf("salary"); // ["salary", "payroll"]
 * ```
 */
export class CatalogKeywords {
  readonly #catalog: ToolCatalog;
  readonly #core: ReadonlySet<string>;
  #pending: CatalogChange[] = [];
  #index = new KeywordIndex();
  #statistics: KeywordStatistics;
  /** The keywords in effect per category. */
  readonly #categoryKeywords = new Map<string, readonly string[]>();
  readonly #derivedToolKeywords = new Map<string, readonly string[]>();
  /** Each indexed tool's category and own keywords, as indexed (to take them out again). */
  readonly #indexedTools = new Map<string, { category: string | undefined; keywords: readonly string[]; loose: boolean }>();

  /** The shared index of `catalog`, built on the first call. */
  static of(catalog: ToolCatalog): CatalogKeywords {
    let keywords = shared.get(catalog);
    if (keywords === undefined) {
      keywords = new CatalogKeywords(catalog);
      shared.set(catalog, keywords);
    }
    return keywords;
  }

  private constructor(catalog: ToolCatalog) {
    this.#catalog = catalog;
    this.#core = new Set(catalog.settings.core);
    // Each update is applied as announced, while the catalog is in the state it produced, so categories are derived
    // again exactly as a rebuild after that update would (queued first: an update made by another listener waits).
    catalog.on("toolsUpdated", (event) => {
      this.#pending.push(event);
      this.#catchUp();
    });
    const tools = catalog.tools();
    const categories = catalog.categories();
    const loose = tools.filter((tool) => this.#isLoose(tool));
    const { statistics, derived } = KeywordStatistics.build([
      ...categories.map((category) => this.#categoryText(category)),
      ...loose.map((tool) => ({ name: looseKey(tool.name), tools: [tool] })),
    ]);
    this.#statistics = statistics;
    for (const category of categories) this.#indexCategory(category, derived.get(category.name) ?? []);
    for (const tool of loose) this.#setLooseKeywords(tool.name, derived.get(looseKey(tool.name)) ?? []);
    for (const tool of tools) this.#indexTool(tool);
  }

  /** Applies any catalog update not applied yet (one announced while another listener was updating the catalog). */
  refresh(): void {
    this.#catchUp();
  }

  /** Every category or tool whose keywords `text` contains, once each, in order of position. */
  match(text: string): readonly KeywordMatch[] {
    this.#catchUp();
    return this.#index.match(text);
  }

  /** A category's keywords in effect: declared, derived, or both. */
  keywordsOf(category: string): readonly string[] {
    this.#catchUp();
    return this.#categoryKeywords.get(category) ?? [];
  }

  /** Keywords derived for a loose tool (no category, no keywords of its own, not core), or an empty list. */
  derivedToolKeywords(name: string): readonly string[] {
    this.#catchUp();
    return this.#derivedToolKeywords.get(name) ?? [];
  }

  #isLoose(tool: ToolMetadata): boolean {
    return tool.category === undefined && tool.keywords.length === 0 && !this.#core.has(tool.name);
  }

  #categoryText(category: CategoryInfo): CategoryText {
    return { name: category.name, tools: category.tools.map((name) => this.#catalog.get(name)!) };
  }

  #indexCategory(category: CategoryInfo, derived: readonly string[]): void {
    const keywords = [...new Set([...category.keywords, ...(category.derivedKeywords ? derived : [])])];
    const previous = this.#categoryKeywords.get(category.name);
    if (previous !== undefined && sameWords(previous, keywords)) return;
    for (const keyword of previous ?? []) this.#index.remove(keyword, categoryTarget(category.name));
    for (const keyword of keywords) this.#index.add(keyword, categoryTarget(category.name));
    this.#categoryKeywords.set(category.name, Object.freeze(keywords));
  }

  #removeCategory(name: string): void {
    for (const keyword of this.#categoryKeywords.get(name) ?? []) this.#index.remove(keyword, categoryTarget(name));
    this.#categoryKeywords.delete(name);
  }

  #setLooseKeywords(name: string, derived: readonly string[]): void {
    for (const word of this.#derivedToolKeywords.get(name) ?? []) this.#index.remove(word, toolTarget(name));
    const own = derived.slice(0, LOOSE_TOOL_KEYWORDS);
    if (own.length === 0) {
      this.#derivedToolKeywords.delete(name);
      return;
    }
    this.#derivedToolKeywords.set(name, Object.freeze(own));
    for (const word of own) this.#index.add(word, toolTarget(name));
  }

  #indexTool(tool: ToolMetadata): void {
    for (const keyword of tool.keywords) this.#index.add(keyword, toolTarget(tool.name));
    this.#indexedTools.set(tool.name, { category: tool.category, keywords: tool.keywords, loose: this.#isLoose(tool) });
  }

  #removeTool(name: string): void {
    const indexed = this.#indexedTools.get(name);
    if (indexed === undefined) return;
    for (const keyword of indexed.keywords) this.#index.remove(keyword, toolTarget(name));
    this.#setLooseKeywords(name, []);
    this.#indexedTools.delete(name);
  }

  /**
   * Applies every queued update at once, against the catalog as it is now: the tools they touched leave the index
   * and come back as they are now, and the categories they left or joined are derived again.
   */
  #catchUp(): void {
    if (this.#pending.length === 0) return;
    const events = this.#pending;
    this.#pending = [];
    const catalog = this.#catalog;
    const touched = new Set<string>();
    for (const { added, changed, removed } of events) {
      for (const tool of [...added, ...changed]) touched.add(tool.name);
      for (const name of removed) touched.add(name);
    }
    const categories = new Set<string>();
    const removedUnits: string[] = [];
    for (const name of touched) {
      const indexed = this.#indexedTools.get(name);
      if (indexed?.category !== undefined) categories.add(indexed.category);
      if (indexed?.loose === true) removedUnits.push(looseKey(name));
      this.#removeTool(name);
    }
    const present = [...touched].flatMap((name) => catalog.get(name) ?? []);
    for (const tool of present) if (tool.category !== undefined) categories.add(tool.category);
    const upserted: CategoryText[] = [];
    for (const name of categories) {
      const category = catalog.category(name);
      if (category === undefined) removedUnits.push(name);
      else upserted.push(this.#categoryText(category));
    }
    const loose = present.filter((tool) => this.#isLoose(tool));
    for (const tool of loose) upserted.push({ name: looseKey(tool.name), tools: [tool] });
    const { statistics, derived } = this.#statistics.update({ removed: removedUnits, upserted });
    this.#statistics = statistics;
    for (const name of categories) {
      const category = catalog.category(name);
      if (category === undefined) this.#removeCategory(name);
      else this.#indexCategory(category, derived.get(name) ?? []);
    }
    for (const [unit, words] of derived) {
      if (unit.startsWith(looseKey(""))) {
        const name = unit.slice(looseKey("").length);
        if (catalog.has(name)) this.#setLooseKeywords(name, words);
        continue;
      }
      // Categories derived again because a keyword stopped being distinctive; their tools did not change.
      const category = catalog.category(unit);
      if (category !== undefined && !categories.has(unit)) this.#indexCategory(category, words);
    }
    for (const tool of present) this.#indexTool(tool);
  }
}
