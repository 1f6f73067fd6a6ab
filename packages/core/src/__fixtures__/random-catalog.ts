/**
 * fast-check arbitraries for property tests: a generated catalog (many categories, keywords drawn from a
 * vocabulary, random related links, core tools, disabled and non-searchable tools) and conversations built from
 * the same vocabulary plus random words.
 */
import fc from "fast-check";
import { ToolCatalog } from "../catalog/tool-catalog.js";
import type { CategoryDeclaration } from "../catalog/catalog-config.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import type { ConversationMessage } from "../conversation/conversation-text.js";

export const VOCABULARY = [
  "salary",
  "pay",
  "payroll",
  "pending salary",
  "client",
  "clients",
  "member",
  "who",
  "today",
  "came today",
  "check-in",
  "yoga",
  "class",
  "booking",
  "staff",
  "employee",
  "freeze",
  "membership",
  "lead",
  "pipeline",
  "invoice",
  "goal",
  "diet",
  "photo",
  "note",
  "guest",
  "product",
  "campaign",
  "equipment",
  "survey",
  "reward",
  "trainer",
  "工资",
  "会员",
] as const;

const CATEGORY_NAMES = [
  "clients",
  "memberships",
  "attendance",
  "salary",
  "staff",
  "classes",
  "leads",
  "goals",
  "diets",
  "photos",
  "notes",
  "guests",
  "products",
  "campaigns",
  "surveys",
  "loyalty",
  "wearables",
  "referrals",
] as const;

export interface ToolSpec {
  description: string[];
  keywords: string[];
  enabled: boolean;
  searchable: boolean;
}

export interface CategorySpec {
  /** undefined: zero-config (derived keywords). */
  keywords: string[] | undefined;
  deriveKeywords: boolean | undefined;
  related: number[];
  tools: ToolSpec[];
}

export interface CatalogSpec {
  categories: CategorySpec[];
  looseTools: ToolSpec[];
  /** Indexes into the flat tool list (categories' tools, then loose tools). */
  core: number[];
}

const word = fc.constantFrom(...VOCABULARY);

const toolSpec: fc.Arbitrary<ToolSpec> = fc.record({
  description: fc.array(word, { maxLength: 4 }),
  keywords: fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.uniqueArray(word, { minLength: 1, maxLength: 2 }) },
  ),
  enabled: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  searchable: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
});

export const catalogSpec: fc.Arbitrary<CatalogSpec> = fc.integer({ min: 1, max: CATEGORY_NAMES.length }).chain((count) =>
  fc
    .record({
      categories: fc.array(
        fc.record({
          keywords: fc.option(fc.uniqueArray(word, { maxLength: 4 }), { nil: undefined, freq: 4 }),
          deriveKeywords: fc.option(fc.boolean(), { nil: undefined, freq: 2 }),
          related: fc.uniqueArray(fc.nat({ max: count - 1 }), { maxLength: 3 }),
          tools: fc.array(toolSpec, { maxLength: 6 }),
        }),
        { minLength: count, maxLength: count },
      ),
      looseTools: fc.array(toolSpec, { maxLength: 4 }),
    })
    .chain((spec) => {
      const total = spec.categories.reduce((sum, category) => sum + category.tools.length, 0) + spec.looseTools.length;
      const core =
        total === 0 ? fc.constant([] as number[]) : fc.uniqueArray(fc.nat({ max: total - 1 }), { maxLength: Math.min(4, total) });
      return core.map((indexes) => ({ ...spec, core: indexes }));
    }),
);

function declaration(name: string, spec: ToolSpec, category?: string): ToolDeclaration {
  return {
    name,
    description: spec.description.join(" "),
    ...(category === undefined ? {} : { category }),
    ...(spec.keywords.length === 0 ? {} : { keywords: spec.keywords }),
    enabled: spec.enabled,
    searchable: spec.searchable,
  };
}

/** The tools, categories and core list a spec describes. */
export function catalogParts(spec: CatalogSpec): {
  tools: ToolDeclaration[];
  categories: Record<string, CategoryDeclaration>;
  core: string[];
} {
  const tools: ToolDeclaration[] = [];
  const categories: Record<string, CategoryDeclaration> = {};
  spec.categories.forEach((category, index) => {
    const name = CATEGORY_NAMES[index]!;
    const declared: CategoryDeclaration = { related: category.related.map((related) => CATEGORY_NAMES[related]!) };
    if (category.keywords !== undefined) declared.keywords = category.keywords;
    if (category.deriveKeywords !== undefined) declared.deriveKeywords = category.deriveKeywords;
    categories[name] = declared;
    category.tools.forEach((tool, toolIndex) => tools.push(declaration(`${name}_tool_${toolIndex}`, tool, name)));
  });
  spec.looseTools.forEach((tool, index) => tools.push(declaration(`loose_tool_${index}`, tool)));
  return { tools, categories, core: spec.core.map((index) => tools[index]!.name) };
}

export function buildCatalog(spec: CatalogSpec): ToolCatalog {
  const { tools, categories, core } = catalogParts(spec);
  return new ToolCatalog({ tools, categories, core, defaults: Object.keys(categories).slice(0, 2) });
}

const randomWord = fc.oneof(
  { weight: 3, arbitrary: word },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-z]{1,9}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("today's", "Check-In", "CLIENTS", "getClientsList", "pay_salary", "?", "!", "读文件", "display", "whole"),
  },
);

export const messageText: fc.Arbitrary<string> = fc.array(randomWord, { maxLength: 8 }).map((words) => words.join(" "));

export const conversation: fc.Arbitrary<string | ConversationMessage[]> = fc.oneof(
  messageText,
  fc.array(fc.record({ role: fc.constantFrom("user", "assistant", "tool", "system"), content: messageText }), { maxLength: 14 }),
);
