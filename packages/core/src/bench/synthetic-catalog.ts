/**
 * @module A deterministic synthetic catalog (any number of tools and categories, each category with keywords and
 * related links) and conversations over it, for benchmarks and property tests.
 */
import type { CatalogConfig } from "../catalog/catalog-config.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import { seededRandom } from "../selection/abstention.js";

/** The seeded generator the synthetic catalogs (and their tests) draw from: abstention's mulberry32. */
export { seededRandom };

const SYLLABLES = ["ka", "lo", "mi", "ren", "tas", "vo", "quin", "dor", "pel", "sul", "bra", "nix", "tor", "gal", "fen", "hu"];
const VERBS = ["get", "create", "update", "delete", "list", "search", "export", "sync"];

function word(random: () => number): string {
  const length = 2 + Math.floor(random() * 2);
  let text = "";
  for (let index = 0; index < length; index++) text += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return text;
}

/** Options of {@link syntheticCatalog}. */
export interface SyntheticCatalogOptions {
  tools: number;
  categories: number;
  /** @defaultValue 1 */
  seed?: number;
}

/**
 * A catalog config with `tools` tools spread over `categories` categories, each with 3 keywords (one a two-word
 * phrase) and up to 2 related categories, 8 core tools and 5 default categories.
 */
export function syntheticCatalog({ tools, categories, seed = 1 }: SyntheticCatalogOptions): CatalogConfig & { vocabulary: string[] } {
  const random = seededRandom(seed);
  const vocabulary = [...new Set(Array.from({ length: Math.max(400, categories * 4) }, () => word(random)))];
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
  const categoryNames = Array.from({ length: categories }, (_, index) => `cat${index}_${pick()}`);
  const declarations: ToolDeclaration[] = Array.from({ length: tools }, (_, index) => ({
    name: `${VERBS[index % VERBS.length]}_${pick()}_${index}`,
    description: `${VERBS[index % VERBS.length]} the ${pick()} ${pick()} of a ${pick()} and return its ${pick()}`,
    parameters: { type: "object", properties: { id: { type: "string", description: `the ${pick()} id` } }, required: ["id"] },
    ...(index < 8 ? {} : { category: categoryNames[index % categories]! }),
  }));
  const categoryConfig = Object.fromEntries(
    categoryNames.map((name, index) => [
      name,
      {
        keywords: [pick(), pick(), `${pick()} ${pick()}`],
        related: [categoryNames[(index + 1) % categories]!, categoryNames[(index * 7 + 3) % categories]!].filter((other) => other !== name),
      },
    ]),
  );
  return {
    tools: declarations,
    categories: categoryConfig,
    core: declarations.slice(0, 8).map((tool) => tool.name),
    defaults: categoryNames.slice(0, 5),
    vocabulary,
  };
}

const FILLER = (
  "please can you show me the what is for our this last week and all today how many did we have from with " +
  "could tell about need check find give latest new open which were are there"
).split(" ");

/**
 * A deterministic conversation of `turns` human messages (with assistant replies between them), each 6–14 words:
 * everyday filler words with one or two words of the vocabulary, as people write.
 */
export function syntheticConversation(
  vocabulary: readonly string[],
  turns: number,
  seed: number,
): Array<{ role: string; content: string }> {
  const random = seededRandom(seed);
  const messages: Array<{ role: string; content: string }> = [];
  for (let turn = 0; turn < turns; turn++) {
    if (turn > 0) messages.push({ role: "assistant", content: "Here is what I found." });
    const length = 6 + Math.floor(random() * 9);
    const words = Array.from({ length }, () => FILLER[Math.floor(random() * FILLER.length)]!);
    const topical = 1 + Math.floor(random() * 2);
    for (let index = 0; index < topical; index++) {
      words[Math.floor(random() * length)] = vocabulary[Math.floor(random() * vocabulary.length)]!;
    }
    messages.push({ role: "user", content: words.join(" ") });
  }
  return messages;
}
