import { afterEach, describe, expect, it } from "vitest";
import { offerIdleWork, runIdleWork } from "./idle-work.js";

describe("idle work", () => {
  afterEach(() => runIdleWork());

  it("runs offered work once, in the order offered, when some code is about to wait", () => {
    const ran: string[] = [];
    offerIdleWork(() => ran.push("tokenizer"));
    offerIdleWork(() => ran.push("other"));
    expect(ran).toEqual([]);
    runIdleWork();
    expect(ran).toEqual(["tokenizer", "other"]);
    runIdleWork();
    expect(ran).toEqual(["tokenizer", "other"]);
  });

  it("never runs withdrawn work", () => {
    const ran: string[] = [];
    const withdraw = offerIdleWork(() => ran.push("withdrawn"));
    offerIdleWork(() => ran.push("kept"));
    withdraw();
    runIdleWork();
    expect(ran).toEqual(["kept"]);
  });

  it("drops work that throws (its owner does it again when needed) and still runs the rest", () => {
    const ran: string[] = [];
    offerIdleWork(() => {
      throw new Error("no tokenizer installed");
    });
    offerIdleWork(() => ran.push("after"));
    expect(() => runIdleWork()).not.toThrow();
    expect(ran).toEqual(["after"]);
  });
});
