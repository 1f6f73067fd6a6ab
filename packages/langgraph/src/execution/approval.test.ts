import { describe, expect, it } from "vitest";
import { normaliseDecision } from "./approval.js";
import { recordedDecision, type StepApprovals } from "./approval-ledger.js";

describe("normaliseDecision", () => {
  it("reads LangChain's HITL response and the older { decision } form", () => {
    expect(normaliseDecision({ decisions: [{ type: "approve" }] })).toEqual({ decision: "approve" });
    expect(normaliseDecision({ decisions: [{ type: "reject", message: "no" }] })).toEqual({ decision: "reject", reason: "no" });
    expect(normaliseDecision({ decisions: [{ type: "edit", editedAction: { name: "t", args: { a: 1 } } }] })).toEqual({
      decision: "edit",
      args: { a: 1 },
    });
    expect(normaliseDecision({ decision: "edit", args: { a: 2 } })).toEqual({ decision: "edit", args: { a: 2 } });
    expect(normaliseDecision(true)).toEqual({ decision: "approve" });
  });

  it("fails closed on anything else, including a decisions list that is not exactly one decision", () => {
    for (const value of [
      { decisions: [] },
      { decisions: [{ type: "approve" }, { type: "approve" }] },
      { decisions: [{ type: "edit" }] },
      "yes",
      1,
      {},
    ]) {
      expect(normaliseDecision(value).decision).toBe("reject");
    }
  });
});

describe("recordedDecision", () => {
  const approvals: StepApprovals = [
    { id: "x", name: "delete_file", args: { path: "/etc/passwd" }, decision: { decision: "reject" } },
    { id: "x", name: "delete_file", args: { path: "tmp" }, decision: { decision: "approve" } },
  ];

  it("binds an answer to id, name and arguments together (key order aside)", () => {
    expect(recordedDecision(approvals, { id: "x", name: "delete_file", args: { path: "tmp" } })).toEqual({ decision: "approve" });
    expect(recordedDecision(approvals, { id: "x", name: "delete_file", args: { path: "/etc/passwd" } })).toEqual({ decision: "reject" });
    expect(recordedDecision(approvals, { id: "x", name: "delete_file", args: { path: "other" } })).toBeUndefined();
    expect(
      recordedDecision([{ id: null, name: "t", args: { a: 1, b: 2 }, decision: { decision: "approve" } }], {
        name: "t",
        args: { b: 2, a: 1 },
      }),
    ).toEqual({ decision: "approve" });
  });

  it("gives indistinguishable calls with different answers the most restrictive one", () => {
    const twins: StepApprovals = [
      { id: "x", name: "t", args: {}, decision: { decision: "approve" } },
      { id: "x", name: "t", args: {}, decision: { decision: "reject" } },
    ];
    expect(recordedDecision(twins, { id: "x", name: "t", args: {} })).toEqual({ decision: "reject" });
    const edits: StepApprovals = [
      { id: null, name: "t", args: {}, decision: { decision: "edit", args: { a: 1 } } },
      { id: null, name: "t", args: {}, decision: { decision: "approve" } },
    ];
    expect(recordedDecision(edits, { name: "t", args: {} })?.decision).toBe("reject");
  });

  it("ignores state that is not a list of answers", () => {
    expect(
      recordedDecision({ x: { name: "t", args: {}, decision: { decision: "approve" } } }, { id: "x", name: "t", args: {} }),
    ).toBeUndefined();
  });
});
