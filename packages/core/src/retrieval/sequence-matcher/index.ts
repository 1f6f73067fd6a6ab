/**
 * @module The "sequence-matcher" strategy and its pure TypeScript port of Python's difflib ratio.
 */
export { createSequenceMatcherStrategy, sequenceHaystack, type SequenceMatcherOptions } from "./sequence-matcher-strategy.js";
export { getMatchingBlocks, preparedRatio, sequenceRatio } from "./sequence-ratio.js";
export { positionsOf, prepareSequence, toCodePoints, type PreparedSequence } from "./prepared-sequence.js";
export type { Match } from "./longest-match.js";
