import { afterEach, describe, expect, it, vi } from "vitest";
import { backgroundIdle, runInBackground, runNow, SLICE_MS } from "./background-steps.js";

/** Spins for `ms` milliseconds. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** `count` steps of `ms` each, each noted in `ran` as it ends. */
function* busySteps(count: number, ms: number, ran: number[]): Generator<void> {
  for (let step = 0; step < count; step++) {
    busy(ms);
    ran.push(step);
    yield;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5 * SLICE_MS));

describe("runInBackground", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs every step on later turns of the event loop, in slices, on timers that keep no process alive", async () => {
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const real = globalThis.setTimeout;
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, ms?: number) => {
      const timer = real(callback, ms);
      // The slices' timers, not vi.waitFor's own.
      if (callback.name === "slice") timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    const ran: number[] = [];
    runInBackground(busySteps(8, 4, ran));
    expect(ran).toEqual([]);
    await vi.waitFor(() => expect(ran).toHaveLength(8), { timeout: 2_000 });
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // 32 ms of steps, at most 10 ms (and the step that crosses it) a slice: at least three slices.
    expect(timers.length).toBeGreaterThanOrEqual(3);
    for (const timer of timers) expect(timer.hasRef()).toBe(false);
  });

  it("goes on while the thread waits for something else, with nothing but that wait to wake it", async () => {
    const ran: number[] = [];
    runInBackground(busySteps(6, 8, ran));
    // One timer, as a model's answer is one awaited response: about 50 ms of steps, in four slices or more.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("stops on cancel, and ends silently on a step that throws", async () => {
    const ran: string[] = [];
    const work = runInBackground(
      (function* () {
        ran.push("never");
        yield;
      })(),
    );
    work.cancel();
    runInBackground(
      (function* () {
        ran.push("first");
        yield;
        throw new Error("boom");
      })(),
    );
    await settle();
    expect(ran).toEqual(["first"]);
  });
});

describe("backgroundIdle", () => {
  it("resolves once every background work has ended, done or cancelled (at once when there is none)", async () => {
    await backgroundIdle();
    const ran: number[] = [];
    runInBackground(busySteps(5, 4, ran));
    const endless = runInBackground(
      (function* () {
        for (;;) yield;
      })(),
    );
    const idle = backgroundIdle();
    let resolved = false;
    void idle.then(() => {
      resolved = true;
    });
    await vi.waitFor(() => expect(ran).toHaveLength(5));
    await settle();
    expect(resolved).toBe(false);
    endless.cancel();
    await idle;
    expect(resolved).toBe(true);
  });
});

describe("runNow", () => {
  it("runs the rest of the steps and returns what they return", () => {
    const steps = (function* () {
      yield;
      yield;
      return 42;
    })();
    steps.next();
    expect(runNow(steps)).toBe(42);
  });
});
