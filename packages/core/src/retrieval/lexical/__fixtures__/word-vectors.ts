/**
 * @module Hand-made word vectors for the vocabulary expansion's tests: "remember" is close to "memory" and "note", far
 * from "weather"; "bill" is close to "invoice".
 */
export const WORD_VECTORS: Readonly<Record<string, number[]>> = {
  remember: [1, 0.2, 0],
  memory: [0.9, 0.3, 0.1],
  note: [0.8, 0, 0.5],
  weather: [0, 0, 1],
  forecast: [0.05, 0.1, 0.99],
  rain: [0, 0.2, 0.9],
  invoice: [0.1, 1, 0],
  bill: [0.15, 0.95, 0.05],
};
