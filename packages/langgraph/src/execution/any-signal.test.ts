import { describe, expect, it } from "vitest";
import { anySignal } from "./any-signal.js";

describe("anySignal", () => {
  it("aborts when any signal aborts, with its reason; at once when one already has", () => {
    const a = new AbortController();
    const b = new AbortController();
    const combined = anySignal([a.signal, b.signal]);
    expect(combined.aborted).toBe(false);
    b.abort("stop");
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe("stop");
    expect(anySignal([new AbortController().signal, AbortSignal.abort("early")]).reason).toBe("early");
  });

  it("returns a single signal as it is", () => {
    const only = new AbortController().signal;
    expect(anySignal([only])).toBe(only);
  });
});
