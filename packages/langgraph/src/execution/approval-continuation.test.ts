import { describe, expect, it } from "vitest";
import { ApprovalClaims } from "./approval-claims.js";
import { answeredPauses, claimApproval, markSelfPause } from "./approval-continuation.js";

/** A task's config as LangGraph builds it, with these resume values read and one still unread (or none). */
const taskConfig = (resume: unknown[], nullResume?: unknown) => ({
  configurable: { __pregel_scratchpad: { resume, ...(nullResume === undefined ? {} : { nullResume }) } },
});

describe("answeredPauses", () => {
  it("counts the answers read and the one not read yet; undefined outside a LangGraph task", () => {
    expect(answeredPauses(taskConfig([], "approve"))).toBe(1);
    expect(answeredPauses(taskConfig(["approve"], "yes"))).toBe(2);
    expect(answeredPauses(taskConfig(["approve", "yes"]))).toBe(2);
    expect(answeredPauses({ configurable: { thread_id: "t" } })).toBeUndefined();
    expect(answeredPauses({ configurable: { __pregel_scratchpad: { resume: "no list" } } })).toBeUndefined();
    expect(answeredPauses(undefined)).toBeUndefined();
  });
});

describe("claimApproval", () => {
  it("claims an approval once; a resume of a pause the call did not raise itself never runs it again", async () => {
    const claims = new ApprovalClaims();
    expect(await claimApproval(claims, "k", 1)).toBe(true);
    expect(await claimApproval(claims, "k", 1)).toBe(false);
    expect(await claimApproval(claims, "k", 2)).toBe(false);
    expect(await claimApproval(claims, "k", 2)).toBe(false);
    expect(await claimApproval(claims, "k", undefined)).toBe(false);
  });

  it("runs the call once more for the resume that answers the pause it raised itself, and only once", async () => {
    const claims = new ApprovalClaims();
    expect(await claimApproval(claims, "k", 1)).toBe(true);
    await markSelfPause(claims, "k", taskConfig(["approve"]));
    expect(await claimApproval(claims, "k", 3)).toBe(false);
    expect(await claimApproval(claims, "k", 2)).toBe(true);
    expect(await claimApproval(claims, "k", 2)).toBe(false);
  });

  it("leaves the re-run refused when the store fails to mark the pause", async () => {
    const claims = new ApprovalClaims();
    expect(await claimApproval(claims, "k", 1)).toBe(true);
    await expect(markSelfPause({ claim: () => Promise.reject(new Error("down")) }, "k", taskConfig(["approve"]))).resolves.toBeUndefined();
    expect(await claimApproval(claims, "k", 2)).toBe(false);
  });
});
