import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billConversation, type PromptRequest, type PromptSegment } from "./bill-requests.js";
import { cacheRules } from "./cache-rules.js";

const tools: PromptSegment[] = [
  { id: "tool:a", tokens: 900 },
  { id: "tool:b", tokens: 400 },
];
const system: PromptSegment[] = [{ id: "system", tokens: 600 }];
const turn1: PromptRequest = { tools, system, messages: [{ id: "human:1", tokens: 20 }] };
const turn2: PromptRequest = { tools, system, messages: [...turn1.messages, { id: "ai:1", tokens: 60 }, { id: "human:2", tokens: 20 }] };

describe("billConversation under Anthropic's rules", () => {
  const rules = cacheRules("anthropic");

  it("writes the first request whole and reads it back on the next", () => {
    const bill = billConversation([turn1, turn2], rules);
    expect(bill.requests[0]).toEqual({
      inputTokens: 1920,
      cacheReadTokens: 0,
      cacheWriteTokens: 1920,
      uncachedTokens: 0,
      billedTokens: 2400,
    });
    expect(bill.requests[1]).toMatchObject({ inputTokens: 2000, cacheReadTokens: 1920, cacheWriteTokens: 80, uncachedTokens: 0 });
    expect(bill.requests[1]!.billedTokens).toBeCloseTo(1920 * 0.1 + 80 * 1.25);
    expect(bill.total.inputTokens).toBe(3920);
  });

  it("loses everything after a changed tools array (the system breakpoint includes the tools)", () => {
    const changed = { ...turn2, tools: [tools[0]!, { id: "tool:c", tokens: 400 }] };
    const bill = billConversation([turn1, changed], rules);
    expect(bill.requests[1]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 2000 });
  });

  it("reads the system breakpoint when only the messages differ", () => {
    const other = { tools, system, messages: [{ id: "human:other", tokens: 20 }] };
    const bill = billConversation([turn1, other], rules);
    expect(bill.requests[1]).toMatchObject({ cacheReadTokens: 1900, cacheWriteTokens: 20 });
  });

  it("caches nothing under 1,024 tokens", () => {
    const small: PromptRequest = {
      tools: [{ id: "t", tokens: 300 }],
      system: [{ id: "s", tokens: 300 }],
      messages: [{ id: "m", tokens: 10 }],
    };
    const bill = billConversation([small, small], rules);
    expect(bill.requests[1]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 610, billedTokens: 610 });
  });
});

describe("billConversation under OpenAI's rules", () => {
  it("reads the longest common prefix in 128-token steps from 1,024 tokens", () => {
    const bill = billConversation([turn1, turn2], cacheRules("openai"));
    expect(bill.requests[0]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, billedTokens: 1920 });
    // Common prefix 1,920 tokens → 15 steps of 128.
    expect(bill.requests[1]).toMatchObject({ cacheReadTokens: 1920, uncachedTokens: 80 });
    const appended = { ...turn2, tools: [...tools, { id: "tool:c", tokens: 400 }] };
    // Appending a tool keeps the tools before it (1,300 tokens → 1,280), and re-bills system and messages.
    expect(billConversation([turn1, appended], cacheRules("openai")).requests[1]).toMatchObject({ cacheReadTokens: 1280 });
  });

  it("takes the read price it is given", () => {
    const bill = billConversation([turn1, turn2], cacheRules("openai", { read: 0.5 }));
    expect(bill.requests[1]!.billedTokens).toBe(1920 * 0.5 + 80);
  });
});

describe("billConversation identity", () => {
  it("never reads more than a request holds when ids repeat with other counts (found by the property below)", () => {
    const first: PromptRequest = {
      tools: [
        { id: "b", tokens: 376 },
        { id: "b", tokens: 27 },
        { id: "b", tokens: 621 },
      ],
      system: [],
      messages: [],
    };
    const second: PromptRequest = {
      tools: [
        { id: "b", tokens: 0 },
        { id: "b", tokens: 0 },
        { id: "b", tokens: 0 },
      ],
      system: [],
      messages: [],
    };
    expect(billConversation([first, second], cacheRules("anthropic")).requests[1]).toMatchObject({
      inputTokens: 0,
      cacheReadTokens: 0,
      uncachedTokens: 0,
    });
  });
});

describe("billConversation properties", () => {
  const segment = fc.record({ id: fc.constantFrom("a", "b", "c", "d"), tokens: fc.integer({ min: 0, max: 900 }) });
  const request = fc.record({
    tools: fc.array(segment, { maxLength: 4 }),
    system: fc.array(segment, { maxLength: 1 }),
    messages: fc.array(segment, { maxLength: 5 }),
  });

  it("never bills more than writing everything, nor less than reading everything, and splits every input token", () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 6 }), fc.constantFrom("anthropic" as const, "openai" as const), (requests, provider) => {
        const rules = cacheRules(provider);
        const bill = billConversation(requests, rules);
        bill.requests.forEach((one, index) => {
          const input = [...requests[index]!.tools, ...requests[index]!.system, ...requests[index]!.messages].reduce(
            (sum, s) => sum + s.tokens,
            0,
          );
          expect(one.inputTokens).toBe(input);
          expect(one.cacheReadTokens + one.cacheWriteTokens + one.uncachedTokens).toBe(input);
          expect(one.uncachedTokens).toBeGreaterThanOrEqual(0);
          expect(one.billedTokens).toBeLessThanOrEqual(input * Math.max(1, rules.prices.write) + 1e-9);
          expect(one.billedTokens).toBeGreaterThanOrEqual(input * rules.prices.read - 1e-9);
        });
      }),
    );
  });

  it("bills a request identical to an earlier one (over 1,024 tokens) as a full cache read", () => {
    fc.assert(
      fc.property(request, fc.constantFrom("anthropic" as const, "openai" as const), (one, provider) => {
        const rules = cacheRules(provider);
        const total = [...one.tools, ...one.system, ...one.messages].reduce((sum, s) => sum + s.tokens, 0);
        const [, second] = billConversation([one, one], rules).requests;
        const expected = total < 1024 ? 0 : provider === "openai" ? Math.floor(total / 128) * 128 : total;
        expect(second!.cacheReadTokens).toBe(expected);
      }),
    );
  });
});

describe("cacheRules", () => {
  it("names the valid providers and rejects bad prices", () => {
    expect(() => cacheRules("gemini" as never)).toThrow(/Unknown provider "gemini". Providers: anthropic, openai/);
    expect(() => cacheRules("openai", { read: -1 })).toThrow(/read price must be a finite number ≥ 0/);
  });
});

describe("billConversation with the breakpoints a request carries", () => {
  const rules = cacheRules("anthropic");

  it("caches nothing for a request without breakpoints, and reads nothing past its last one", () => {
    const bare = { ...turn1, breakpoints: [] };
    const bill = billConversation([turn1, { ...turn2, breakpoints: [] }, bare], rules);
    expect(bill.requests[1]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 2000 });
    expect(bill.requests[2]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it("writes up to its last breakpoint only and bills the rest uncached", () => {
    // One breakpoint at the end of the system block (tools 2 + system 1 segments).
    const bill = billConversation(
      [
        { ...turn1, breakpoints: [3] },
        { ...turn2, breakpoints: [3] },
      ],
      rules,
    );
    expect(bill.requests[0]).toMatchObject({ cacheWriteTokens: 1900, uncachedTokens: 20 });
    expect(bill.requests[1]).toMatchObject({ cacheReadTokens: 1900, cacheWriteTokens: 0, uncachedTokens: 100 });
  });

  it("gives the default breakpoints when none are given", () => {
    const explicit = billConversation(
      [
        { ...turn1, breakpoints: [3, 4] },
        { ...turn2, breakpoints: [3, 6] },
      ],
      rules,
    );
    expect(explicit).toEqual(billConversation([turn1, turn2], rules));
  });
});
