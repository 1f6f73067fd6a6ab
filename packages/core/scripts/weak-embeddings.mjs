// Deliberately weak embeddings for the fusion experiments (weak-vector-fusion.mjs, separate-signals-fusion.mjs):
// `dimensions` counts of hashed character trigrams, registered as the default embeddings, so the vector signal is
// the weak one of a held-out set.
import { registerDefaultEmbeddings } from "@dynamic-tools/core";

/** Registers the weak embeddings as the default (8 dimensions unless given). */
export function registerWeakEmbeddings(dimensions = 8) {
  const embed = (text) => {
    const vector = new Array(dimensions).fill(0);
    const padded = ` ${text.toLowerCase()} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      let hash = 0;
      for (const char of padded.slice(i, i + 3)) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
      vector[hash % dimensions] += 1;
    }
    return vector;
  };
  registerDefaultEmbeddings(async () => ({ embedQuery: async (text) => embed(text), embedDocuments: async (texts) => texts.map(embed) }));
}
