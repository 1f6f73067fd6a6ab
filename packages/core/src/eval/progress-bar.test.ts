import { describe, expect, it } from "vitest";
import { progressReporter, renderProgressBar } from "./progress-bar.js";

describe("renderProgressBar", () => {
  it("fills the bar in proportion", () => {
    expect(renderProgressBar("bm25", 5, 20, 8)).toBe("bm25 [##......] 5/20 25%");
    expect(renderProgressBar("bm25", 20, 20, 4)).toBe("bm25 [####] 20/20 100%");
  });
});

describe("progressReporter", () => {
  it("draws nothing when the stream is not a terminal", () => {
    const written: string[] = [];
    const report = progressReporter({ isTTY: false, write: (text) => written.push(text) }, "x");
    report(1, 2);
    report(2, 2);
    expect(written).toEqual([]);
  });

  it("redraws in place on a terminal, throttled, and erases the bar at the end", () => {
    const written: string[] = [];
    const report = progressReporter({ isTTY: true, columns: 80, write: (text) => written.push(text) }, "x", 60_000);
    report(1, 4);
    report(2, 4); // within the interval: skipped
    report(4, 4);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(/^\r\u001b\[2Kx \[#+\.+\] 1\/4 25%$/);
    expect(written[1]).toBe("\r\u001b[2K");
  });
});
