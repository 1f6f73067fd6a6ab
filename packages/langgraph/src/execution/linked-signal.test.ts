import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { linkSignals } from "./linked-signal.js";

describe("linkSignals", () => {
  it("aborts when any signal aborts, with its reason; at once when one already has", () => {
    const a = new AbortController();
    const b = new AbortController();
    const combined = linkSignals([a.signal, b.signal]).signal;
    expect(combined.aborted).toBe(false);
    b.abort("stop");
    expect(combined.aborted).toBe(true);
    expect(combined.reason).toBe("stop");
    expect(linkSignals([new AbortController().signal, AbortSignal.abort("early")]).signal.reason).toBe("early");
  });

  it("returns a single signal as it is", () => {
    const only = new AbortController().signal;
    expect(linkSignals([only]).signal).toBe(only);
  });

  it("follows the linked signals until released, then leaves no listener on them", () => {
    const run = new AbortController();
    const timer = new AbortController();
    const link = linkSignals([run.signal, timer.signal]);
    expect(getEventListeners(run.signal, "abort")).toHaveLength(1);
    link.release();
    link.release();
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
    expect(getEventListeners(timer.signal, "abort")).toHaveLength(0);
    run.abort("late");
    expect(link.signal.aborted).toBe(false);
  });

  it("removes its listeners from the other signals once one aborts, and adds none when one already has", () => {
    const run = new AbortController();
    const timer = new AbortController();
    const link = linkSignals([run.signal, timer.signal]);
    timer.abort("timeout");
    expect(link.signal.reason).toBe("timeout");
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
    const early = linkSignals([run.signal, AbortSignal.abort("early")]);
    expect(early.signal.reason).toBe("early");
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });
});
