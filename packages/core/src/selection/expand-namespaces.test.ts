import { describe, expect, it } from "vitest";
import { expandToNamespaces } from "./expand-namespaces.js";

const namespaces: Record<string, string[]> = {
  github: ["create_issue", "list_issues", "close_issue", "list_pulls"],
  calendar: ["create_event", "list_events"],
};
const namespaceOf = (name: string) => Object.keys(namespaces).find((namespace) => namespaces[namespace]!.includes(name));
const base = { namespaceOf, membersOf: (namespace: string) => namespaces[namespace] ?? [], maxSizeOf: () => 10, isCandidate: () => true };

describe("expandToNamespaces", () => {
  it("loads the whole namespace of a hit (hit first, then catalog order) and loose tools one by one", () => {
    expect(expandToNamespaces({ ...base, hits: ["list_pulls", "get_weather"] })).toEqual({
      loaded: ["list_pulls", "create_issue", "list_issues", "close_issue", "get_weather"],
      namespaces: ["github"],
    });
  });

  it("keeps several hits of one namespace in rank order and loads the namespace once", () => {
    expect(expandToNamespaces({ ...base, hits: ["close_issue", "list_events", "create_issue"] })).toEqual({
      loaded: ["close_issue", "create_issue", "list_issues", "list_pulls", "list_events", "create_event"],
      namespaces: ["github", "calendar"],
    });
  });

  it("caps a namespace at its size limit, hits first", () => {
    expect(expandToNamespaces({ ...base, hits: ["list_pulls"], maxSizeOf: () => 2 }).loaded).toEqual(["list_pulls", "create_issue"]);
  });

  it("skips members already bound or not visible, without counting them", () => {
    const isCandidate = (name: string) => name !== "create_issue";
    expect(expandToNamespaces({ ...base, hits: ["list_pulls"], maxSizeOf: () => 2, isCandidate }).loaded).toEqual([
      "list_pulls",
      "list_issues",
    ]);
  });
});
