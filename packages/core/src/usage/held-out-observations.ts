/**
 * @module A sample of the observations a usage model learned, spread over all of them and kept (bounded) so that
 * ranking can be scored on evidence it did not learn from: {@link HeldOutObservations.evidence} gives them as probes
 * and the model's field as if they had never been learned.
 */
import type { HeldOutEvidence, HeldOutProbe, LearnedField } from "../retrieval/learned-field.js";
import { bestK } from "../retrieval/best-k.js";
import { seededRandom } from "../retrieval/seeded-random.js";

/** One learned observation as the split needs it: its content words, and what it added to each tool. */
export interface HeldOutObservation {
  /** Content words of the message (stop words dropped, unstemmed), in order: the probe's query. */
  words: readonly string[];
  /** Its analysed terms (what it added to each tool's learned field). */
  terms: readonly string[];
  /**
   * Each tool learned, the weight (in the model's stored unit) it added to its words, and the credit it added to its
   * terms and observations (a share of the weight when the observation called several tools).
   */
  tools: ReadonlyArray<{ name: string; weight: number; credit: number }>;
}

/** What the held-out view reads from the model: each tool's stored terms and words. */
export interface HeldOutSource {
  fieldTerms(tool: string): ReadonlyMap<string, number> | undefined;
  fieldObservations(tool: string): number;
  wordCounts(tool: string): ReadonlyMap<string, number> | undefined;
  scale(): number;
}

/** Most observations kept. */
export const HELD_OUT_CAPACITY = 512;

/** The seed of the sample's draws: the same observations always hold out the same sample. */
const SAMPLE_SEED = 0x5eed;

/** Words per tool the held-out view keeps for {@link LearnedField.words}. */
const VIEW_WORDS = 64;

/**
 * A sample of the observations, at most {@link HELD_OUT_CAPACITY}, spread evenly over everything learned (a reservoir
 * sample: each observation so far is in it with the same chance), not the newest: a usage log learned in an order
 * that groups it (sorted by tool, by user, by day) would otherwise hold out evidence of its last part only, and fit
 * the fusion to those tools (metatool's file, sorted by tool: its last 256 lines teach 28 of its 199 tools). Drawn
 * from a seeded generator: the same observations always hold out the same sample. At most a
 * quarter of all learned observations is held out, so the field the probes are scored against keeps at least three
 * quarters of the evidence.
 *
 * @example
 * ```ts
 * const recent = new HeldOutObservations();
 * recent.push({ words: ["rain", "oslo"], terms: ["rain", "oslo"], tools: [{ name: "get_weather", weight: 1, credit: 1 }] });
 * recent.evidence(model, 4)?.probes; // [{ query: "rain oslo", tools: ["get_weather"] }]
 * ```
 */
export class HeldOutObservations {
  /** The sample, each entry with its position in the stream of observations (the order probes are given in). */
  #ring: Array<HeldOutObservation & { readonly at: number }> = [];
  #pushed = 0;
  readonly #random = seededRandom(SAMPLE_SEED);

  push(observation: HeldOutObservation): void {
    const at = this.#pushed++;
    if (this.#ring.length < HELD_OUT_CAPACITY) {
      this.#ring.push({ ...observation, at });
      return;
    }
    // Algorithm R: the observation replaces a kept one with probability capacity / (observations so far), the one
    // at a uniform slot.
    const slot = Math.floor(this.#random() * (at + 1));
    if (slot < HELD_OUT_CAPACITY) this.#ring[slot] = { ...observation, at };
  }

  /** Multiplies every kept weight (the model moved its frame). */
  rescale(factor: number): void {
    this.#ring = this.#ring.map((entry) => ({
      ...entry,
      tools: entry.tools.map(({ name, weight, credit }) => ({ name, weight: weight * factor, credit: credit * factor })),
    }));
  }

  /** Drops the tools the model forgot. */
  forget(names: readonly string[]): void {
    const gone = new Set(names);
    this.#ring = this.#ring
      .map((entry) => ({ ...entry, tools: entry.tools.filter(({ name }) => !gone.has(name)) }))
      .filter((entry) => entry.tools.length > 0);
  }

  /**
   * The held-out split of a model that learned `observations` in all: the sample (at most a quarter of all, evenly
   * spaced in it when it holds more), oldest first, as probes, and a static field of the model minus them. Undefined
   * when nothing can be held out.
   */
  evidence(source: HeldOutSource, observations: number): HeldOutEvidence | undefined {
    const count = Math.min(this.#ring.length, Math.floor(observations / 4));
    if (count === 0) return undefined;
    // The sample as it is now (later observations may replace entries), ordered and spaced on first read of the
    // probes or the field.
    const sample = this.#ring.slice();
    let chosen: HeldOutObservation[] | undefined;
    const heldOut = () => {
      if (chosen !== undefined) return chosen;
      sample.sort((a, b) => a.at - b.at);
      chosen = Array.from({ length: count }, (_, index) => sample[Math.floor((index * sample.length) / count)]!);
      return chosen;
    };
    // Both are built on first read: a reader that only checks `observations` pays nothing more.
    let probes: HeldOutProbe[] | undefined;
    let field: LearnedField | undefined;
    return {
      observations,
      get probes() {
        probes ??= heldOut().map((entry) => ({ query: entry.words.join(" "), tools: entry.tools.map(({ name }) => name) }));
        return probes;
      },
      get field() {
        field ??= heldOutField(source, heldOut());
        return field;
      },
    };
  }
}

/** The model's field minus the held-out observations, frozen now (version 0, no changes). */
function heldOutField(source: HeldOutSource, heldOut: readonly HeldOutObservation[]): LearnedField {
  const terms = new Map<string, Map<string, number>>();
  const words = new Map<string, Map<string, number>>();
  const observations = new Map<string, number>();
  const subtract = (
    from: Map<string, Map<string, number>>,
    read: (tool: string) => ReadonlyMap<string, number> | undefined,
    tool: string,
  ) => {
    let counts = from.get(tool);
    if (counts === undefined) from.set(tool, (counts = new Map(read(tool) ?? [])));
    return counts;
  };
  for (const entry of heldOut) {
    for (const { name, weight, credit } of entry.tools) {
      const toolTerms = subtract(terms, (tool) => source.fieldTerms(tool), name);
      for (const term of entry.terms) toolTerms.set(term, (toolTerms.get(term) ?? 0) - credit);
      observations.set(name, (observations.get(name) ?? source.fieldObservations(name)) - credit);
      const toolWords = subtract(words, (tool) => source.wordCounts(tool), name);
      for (const word of entry.words) toolWords.set(word, (toolWords.get(word) ?? 0) - weight);
    }
  }
  // Rounding leaves dust where a term came only from held-out observations: below a millionth of a unit it is gone.
  for (const counts of [...terms.values(), ...words.values()]) for (const [key, value] of counts) if (!(value > 1e-6)) counts.delete(key);
  const scale = source.scale();
  const topWords = (tool: string) => {
    const counts = words.get(tool) ?? source.wordCounts(tool);
    if (counts === undefined) return [];
    return bestK([...counts], VIEW_WORDS, (a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
  };
  const frozenWords = new Map<string, string[]>();
  return {
    fieldTerms: (tool) => {
      const counts = terms.get(tool) ?? source.fieldTerms(tool);
      return counts === undefined || counts.size === 0 ? undefined : counts;
    },
    scale: () => scale,
    fieldObservations: (tool) => {
      const left = observations.get(tool) ?? source.fieldObservations(tool);
      return left > 1e-6 ? left : 0;
    },
    words: (tool, limit) => {
      let list = frozenWords.get(tool);
      if (list === undefined) frozenWords.set(tool, (list = topWords(tool)));
      return list.slice(0, limit);
    },
    version: 0,
    changesSince: () => ({ rebuild: false, version: 0, changes: [] }),
  };
}
