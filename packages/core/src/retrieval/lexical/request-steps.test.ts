import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_STEPS,
  MIN_STEP_WORDS,
  raiseStepMatches,
  requestSteps,
  STEP_SCORE_EXPONENT,
  stepPieces,
  type ScoredTool,
} from "./request-steps.js";

describe("stepPieces", () => {
  // The boundary as a case-insensitive Unicode regex reads it: what the faster ASCII regex must agree with.
  const UNICODE_BOUNDARY = /[.?!;]\s+|\n+|\b(?:then|after that|afterwards|additionally|also)\b/giu;

  it("splits every text as the case-insensitive Unicode boundary does, long s and Kelvin sign included", () => {
    const piece = fc.constantFrom(
      "then",
      "THEN",
      "also",
      "alſo",
      "afterwards",
      "afterwardſ",
      "after that",
      "additionally",
      "ſ",
      "\u212a",
      "é",
      "x",
      "_",
      "1",
      " ",
      ". ",
      "!",
      "\n",
      ";",
      "?\t",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(stepPieces(text)).toEqual(text.split(UNICODE_BOUNDARY));
      }),
      { numRuns: 3000 },
    );
    expect(stepPieces("Book a room. Then email Ann")).toEqual(["Book a room", "", " email Ann"]);
    expect(stepPieces("book it alſo call")).toEqual(["book it ", " call"]);
  });
});

describe("requestSteps", () => {
  it("splits at sentence ends and at chaining words", () => {
    expect(requestSteps("Retrieve the content of the course CS101. Then find the weather in Boston.")).toEqual([
      "Retrieve the content of the course CS101",
      "find the weather in Boston.",
    ]);
    expect(requestSteps("Recommend a language course and also some travel destinations for practice")).toEqual([
      "Recommend a language course and",
      "some travel destinations for practice",
    ]);
    expect(requestSteps("Book the hotel room in Rome; after that, email the booking details to Ann")).toEqual([
      "Book the hotel room in Rome",
      "email the booking details to Ann",
    ]);
  });

  it("does not split at commas, a plain 'and', or a dot inside a word", () => {
    expect(requestSteps("Find flights to Oslo and Bergen, leaving Friday morning with a window seat")).toEqual([]);
    expect(requestSteps('Can you see if "connectedcommunity.com" is available for my social platform?')).toEqual([]);
  });

  it(`keeps only steps with ${MIN_STEP_WORDS} words beyond stop words, small talk and generic tool verbs`, () => {
    // The second sentence names nothing a tool could do.
    expect(requestSteps("I need a playlist for a relaxing spa day. Can you help me with that?")).toEqual([]);
    expect(requestSteps("Thanks a lot! Get the list of items, please.")).toEqual([]);
  });

  it(`reads a message of more than ${MAX_STEPS} steps as a document, searched whole`, () => {
    const sentence = (index: number) => `Report number ${index} lists the quarterly sales figures.`;
    const steps = (count: number) => Array.from({ length: count }, (_, index) => sentence(index)).join(" ");
    expect(requestSteps(steps(MAX_STEPS))).toHaveLength(MAX_STEPS);
    expect(requestSteps(steps(MAX_STEPS + 1))).toEqual([]);
  });

  it("is empty for a single request", () => {
    expect(requestSteps("what's the weather in Paris?")).toEqual([]);
    expect(requestSteps("")).toEqual([]);
  });
});

const tool = (id: string, score: number): ScoredTool => ({ id, score });

describe("raiseStepMatches", () => {
  it("raises a step's best toward the request's best, by (best / step best) ^ exponent", () => {
    const raised = raiseStepMatches(
      [tool("getCourseContent", 9), tool("getCourseReviews", 7), tool("getWeather", 2)],
      [[tool("getCourseContent", 6)], [tool("getWeather", 4)]],
      3,
    );
    expect(raised.map((item) => item.id)).toEqual(["getCourseContent", "getWeather", "getCourseReviews"]);
    // Its own score beats its step's 6 · 1.5^0.75: no step is said.
    expect(raised[0]).toEqual({ id: "getCourseContent", score: 9 });
    expect(raised[1]!.score).toBeCloseTo(4 * (9 / 4) ** STEP_SCORE_EXPONENT, 12);
    expect(raised[1]!.step).toBe(2);
    expect(raised[2]).toEqual({ id: "getCourseReviews", score: 7 });
  });

  it("brings in a tool only a step found", () => {
    expect(raiseStepMatches([tool("a", 4)], [[tool("b", 2), tool("c", 1)]], 3)).toEqual([
      tool("a", 4),
      { ...tool("b", 2 * 2 ** STEP_SCORE_EXPONENT), step: 1 },
      { ...tool("c", 2 ** STEP_SCORE_EXPONENT), step: 1 },
    ]);
  });

  it("returns the request's results as they are without steps, without a positive score, or at exponent 0", () => {
    const whole = [tool("a", 3), tool("b", 1)];
    expect(raiseStepMatches(whole, [], 5)).toEqual(whole);
    expect(raiseStepMatches([], [[tool("b", 2)]], 5)).toEqual([]);
    expect(raiseStepMatches(whole, [[tool("b", 0.5)]], 5, 0)).toEqual(whole);
    expect(raiseStepMatches(whole, [[tool("b", 0)]], 5)).toEqual(whole);
  });

  it("keeps ties in the order they first appear, and at most limit", () => {
    expect(raiseStepMatches([tool("a", 2), tool("b", 2)], [[tool("c", 1)]], 2, 1).map((item) => item.id)).toEqual(["a", "b"]);
  });

  it("given each list's best limit, equals the best limit of the full lists (the scores as a full merge has them)", () => {
    const list = fc
      .uniqueArray(fc.record({ id: fc.constantFrom(..."abcdefghij"), score: fc.integer({ min: 1, max: 50 }) }), {
        selector: (item) => item.id,
        maxLength: 10,
      })
      .map((items) => items.sort((x, y) => y.score - x.score));
    fc.assert(
      fc.property(list, fc.array(list, { maxLength: 3 }), fc.integer({ min: 1, max: 10 }), (whole, steps, limit) => {
        const full = raiseStepMatches(whole, steps, 10);
        const cut = raiseStepMatches(
          whole.slice(0, limit),
          steps.map((step) => step.slice(0, limit)),
          limit,
        );
        // Scores match place by place (ties may order differently, the scores at each place may not).
        expect(cut.map((item) => item.score)).toEqual(full.slice(0, limit).map((item) => item.score));
      }),
    );
  });
});
