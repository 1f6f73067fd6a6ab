import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callDigest, readAnswer } from "./approval.js";
import { ApprovalClaims, pauseKey } from "./approval-claims.js";
import { recordedAnswer, recordStepApprovals } from "./approval-ledger.js";

const call = { id: "c1", name: "delete_file", args: { path: "a.txt" } };
const bound = (
  decision: Record<string, unknown>,
  shown: { id?: string | undefined; name: string; args: Record<string, unknown> } = call,
) => ({
  decisions: [{ ...decision, toolCallId: shown.id ?? null, digest: callDigest(shown) }],
});

describe("readAnswer", () => {
  it("reads LangChain's HITL decisions, the bare decision and the older { decision } form, when they name the call", () => {
    expect(readAnswer(bound({ type: "approve" }), call)).toEqual({ decision: "approve" });
    expect(readAnswer(bound({ type: "reject", message: "no" }), call)).toEqual({ decision: "reject", reason: "no" });
    // An untrusted resume value: a reason of 20 MB reaches the model shortened.
    expect(readAnswer(bound({ type: "reject", message: "n".repeat(20_000_000) }), call)).toEqual({
      decision: "reject",
      reason: `${"n".repeat(4_000)}… (20000000 characters)`,
    });
    expect(readAnswer(bound({ type: "edit", editedAction: { name: "archive_file", args: { path: "b" } } }), call)).toEqual({
      decision: "edit",
      name: "archive_file",
      args: { path: "b" },
    });
    const [decision] = bound({ decision: "edit", args: { path: "c" } }).decisions;
    expect(readAnswer(decision, call)).toEqual({ decision: "edit", name: "delete_file", args: { path: "c" } });
    expect(readAnswer(bound({ type: "approve" }, { name: "t", args: {} }), { name: "t", args: {} })).toEqual({ decision: "approve" });
  });

  it("binds to the digest of name and arguments, key order aside", () => {
    expect(callDigest({ name: "t", args: { a: 1, b: 2 } })).toBe(callDigest({ name: "t", args: { b: 2, a: 1 } }));
    expect(callDigest({ name: "t", args: { a: 1 } })).not.toBe(callDigest({ name: "u", args: { a: 1 } }));
  });

  it("refuses (mismatch) an answer that does not name this call as it is now, whatever it decides", () => {
    const cases: unknown[] = [
      true,
      "approve",
      { decision: "approve" },
      { decisions: [{ type: "approve" }] },
      { decisions: [] },
      { decisions: [bound({ type: "approve" }).decisions[0], bound({ type: "approve" }).decisions[0]] },
      bound({ type: "approve" }, { ...call, id: "other" }),
      bound({ type: "approve" }, { ...call, args: { path: "/etc/passwd" } }),
      bound({ type: "approve" }, { ...call, name: "drop_database" }),
      bound({ type: "edit" }),
      bound({ type: "maybe" }),
      { decisions: "approve" },
      1,
      null,
    ];
    for (const value of cases) expect(readAnswer(value, call).decision, JSON.stringify(value)).toBe("mismatch");
  });

  it("property: an answer applies only to the call it names, with the arguments it was shown", () => {
    const callArb = fc.record({
      id: fc.option(fc.constantFrom("a", "b", "c"), { nil: undefined }),
      name: fc.constantFrom("delete_file", "archive_file"),
      args: fc.dictionary(fc.constantFrom("path", "force"), fc.oneof(fc.string({ maxLength: 3 }), fc.boolean()), { maxKeys: 2 }),
    });
    fc.assert(
      fc.property(callArb, callArb, fc.constantFrom("approve", "reject", "edit"), (shown, now, type) => {
        const decision = type === "edit" ? { type, editedAction: { name: "archive_file", args: {} } } : { type };
        const read = readAnswer(bound(decision, shown), now);
        const same = (shown.id ?? null) === (now.id ?? null) && callDigest(shown) === callDigest(now);
        return same ? read.decision === type : read.decision === "mismatch";
      }),
    );
  });
});

describe("recorded answers (the middleware's ledger)", () => {
  const a = { id: "x", name: "delete_file", args: { path: "/etc/passwd" } };
  const b = { id: "x", name: "delete_file", args: { path: "tmp" } };

  const key = Buffer.alloc(32, 7);

  it("finds an answer by id and digest, never by position or id alone", () => {
    const recorded = recordStepApprovals([a, b], [{ decision: "reject" }, { decision: "approve" }], "pause", key);
    expect(recordedAnswer(recorded, b, key)).toEqual({ answer: { decision: "approve" }, claims: ["pause#1"] });
    expect(recordedAnswer(recorded, a, key)?.answer).toEqual({ decision: "reject" });
    expect(recordedAnswer(recorded, { ...b, args: { path: "other" } }, key)).toBeUndefined();
    expect(recordedAnswer({ x: recorded }, b, key)).toBeUndefined();
  });

  it("applies only records sealed under its key: a record written into the state by anyone else is no answer", () => {
    const recorded = recordStepApprovals([a], [{ decision: "reject" }], "pause", key)!;
    const forged = [{ ...recorded[0]!, answer: { decision: "approve" } }];
    expect(recordedAnswer(forged, a, key)).toBeUndefined();
    expect(recordedAnswer([{ ...recorded[0]!, seal: undefined }], a, key)).toBeUndefined();
    expect(recordedAnswer(recorded, a, Buffer.alloc(32, 8))).toBeUndefined();
  });

  it("gives indistinguishable calls with different answers the most restrictive one, each with its own claim", () => {
    const twins = recordStepApprovals([b, b], [{ decision: "approve" }, { decision: "reject" }], "p", key);
    expect(recordedAnswer(twins, b, key)).toEqual({ answer: { decision: "reject" }, claims: ["p#0", "p#1"] });
    const edits = recordStepApprovals([b, b], [{ decision: "edit", name: "delete_file", args: {} }, { decision: "approve" }], "p", key);
    expect(recordedAnswer(edits, b, key)?.answer.decision).toBe("reject");
  });
});

describe("ApprovalClaims", () => {
  it("keys a pause by thread and namespace as printable text, unambiguous whatever they hold", () => {
    const key = (thread_id: unknown, checkpoint_ns: unknown) => pauseKey({ configurable: { thread_id, checkpoint_ns } });
    expect(key("t\u0000x", "tools:1")).not.toMatch(/[\u0000-\u001f]/);
    expect(key("a|b", "c")).not.toBe(key("a", "b|c"));
    expect(key('a","b', "")).not.toBe(key("a", 'b",""'));
    expect(key("t", "tools:1")).toBe(key("t", "tools:1"));
    expect(pauseKey(undefined)).toBe(key(42, null));
  });

  it("lets one claim of a key win, and forgets the oldest past its limit", async () => {
    const claims = new ApprovalClaims(2);
    expect([claims.claim("a"), claims.claim("a")]).toEqual([true, false]);
    expect([claims.claim("b"), claims.claim("b")]).toEqual([true, false]);
    claims.claim("c"); // "a" forgotten
    expect(claims.claim("a")).toBe(true);
  });
});
