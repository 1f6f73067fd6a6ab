/**
 * @module A request of several steps ("Retrieve the course's content. Then find its author's other books, and also
 * check the library's hours") is one bag of words to BM25: the tool of a step with few words ranks below the tools the
 * longest step matches. Each step, searched on its own, finds its own best tools, which are then raised toward the
 * whole request's best. Pure.
 */
import { topicalWords } from "../../text/conversational-words.js";
import { foldsIntoAscii } from "../../text/unicode-folding.js";

// Where a step ends: the end of a sentence (followed by a space, so "example.com" is one word) and the words that
// chain one request to the next. Commas and a plain "and" join the parts of one request too often ("flights to Oslo
// and Bergen", "with a blurred background, a soft light"), so they do not split. One punctuation mark before the
// space, not a run: a run would be tried from each of its marks, quadratic in a message of 16,000 dots.
const STEP_BOUNDARY = /[.?!;]\s+|\n+|\b(?:then|after that|afterwards|additionally|also)\b/giu;
/** {@link STEP_BOUNDARY} without the `u` flag: the same splits for a text without characters it folds (`foldsIntoAscii`). */
const ASCII_STEP_BOUNDARY = /[.?!;]\s+|\n+|\b(?:then|after that|afterwards|additionally|also)\b/gi;

/**
 * The pieces of `text` between sentence ends and chaining words (the split {@link requestSteps} reads), as
 * `text.split(STEP_BOUNDARY)`.
 *
 * @example
 * ```ts
 * stepPieces("Book a room. Then email Ann"); // ["Book a room", "", " email Ann"]
 * ```
 */
export function stepPieces(text: string): string[] {
  return text.split(foldsIntoAscii(text) ? STEP_BOUNDARY : ASCII_STEP_BOUNDARY);
}

/**
 * Fewest words a step must have that are neither stop words, small talk nor generic tool verbs ("can you help me
 * with that?" has none): a step without them names nothing a tool could do, and its best match would be noise.
 */
export const MIN_STEP_WORDS = 2;

/**
 * Most steps a request is searched by: a message of more pieces is a document (a pasted text, a log), not a list of
 * requests, and is searched as a whole (Seal-Tools' longest requests have 12 steps).
 */
export const MAX_STEPS = 16;

/**
 * How far a step's best matches are raised: a step's scores are multiplied by `(best of the request / best of the
 * step) ^ exponent`. At 1 a step's best tool would tie with the request's best, however weakly the step matched; at 0
 * nothing is raised. Measured on the dev sets (docs/selection.md, "Requests of several steps").
 */
export const STEP_SCORE_EXPONENT = 0.75;

/**
 * The steps of a request worth searching on their own: the pieces between sentence ends and chaining words ("then",
 * "after that", "additionally", "also") that have at least {@link MIN_STEP_WORDS} words beyond stop words, small talk
 * and generic tool verbs. Empty when fewer than two pieces qualify (the whole request is searched anyway) or more than
 * {@link MAX_STEPS} do.
 *
 * @example
 * ```ts
 * requestSteps("Retrieve the content of the course CS101. Then find the weather in Boston.");
 * // ["Retrieve the content of the course CS101", "find the weather in Boston."]
 * requestSteps("I need a playlist for a relaxing spa day. Can you help me with that?"); // [] (the second names nothing)
 * ```
 */
export function requestSteps(text: string): string[] {
  const pieces = stepPieces(text);
  const steps: string[] = [];
  for (let index = 0; index < pieces.length; index++) {
    // Two steps at least, or none: stop when the pieces left cannot make up two.
    if (steps.length + pieces.length - index < 2) return [];
    const piece = pieces[index]!.trim().replace(/^[,:]\s*/u, "");
    if (piece !== "" && topicalWords(piece).length >= MIN_STEP_WORDS) steps.push(piece);
  }
  return steps.length >= 2 && steps.length <= MAX_STEPS ? steps : [];
}

/** The signal a tool raised by a step carries: the step's number, from 1 ("step 2 of the request" in `reason`). */
export const STEP_SIGNAL = "step";

/** A search result: a tool and its score. */
export interface ScoredTool {
  id: string;
  score: number;
}

/** A result of {@link raiseStepMatches}: with `step`, the step (from 1) whose raised score it has. */
export interface SteppedTool extends ScoredTool {
  step?: number;
}

/**
 * The whole request's results with each step's best matches raised: a tool scores the most of its own score and, for
 * each step, its step score times `(best of the request / best of the step) ^ exponent` (then `step` says which). The
 * best `limit`, ties in the order they first appear (the request's results, then each step's). Given each list's best
 * `limit`, the result is the best `limit` of the full lists. Without a positive score in the request, its results are
 * returned as they are.
 *
 * @example
 * ```ts
 * raiseStepMatches(
 *   [{ id: "getCourseContent", score: 9 }, { id: "getCourseReviews", score: 7 }, { id: "getWeather", score: 2 }],
 *   [[{ id: "getCourseContent", score: 6 }], [{ id: "getWeather", score: 4 }]],
 *   3,
 * );
 * // getCourseContent 9, then getWeather 4 · (9 / 4) ^ 0.75 ≈ 7.35 (step 2), then getCourseReviews 7
 * ```
 */
export function raiseStepMatches(
  whole: readonly ScoredTool[],
  steps: ReadonlyArray<readonly ScoredTool[]>,
  limit: number,
  exponent = STEP_SCORE_EXPONENT,
): SteppedTool[] {
  const top = whole.reduce((best, tool) => Math.max(best, tool.score), 0);
  if (!(top > 0)) return whole.slice(0, limit);
  const results = new Map<string, SteppedTool>(whole.map((tool) => [tool.id, { id: tool.id, score: tool.score }]));
  steps.forEach((step, index) => {
    const best = step.reduce((max, tool) => Math.max(max, tool.score), 0);
    if (!(best > 0)) return;
    const scale = (top / best) ** exponent;
    for (const tool of step) {
      const raised = tool.score * scale;
      if (raised > (results.get(tool.id)?.score ?? -Infinity)) results.set(tool.id, { id: tool.id, score: raised, step: index + 1 });
    }
  });
  // A Map keeps a key's first place and the sort is stable: ties keep the order they first appeared in.
  return [...results.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}
