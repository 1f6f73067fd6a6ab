import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { confusionFindings, cosine, mutuallyOutranking, nearDuplicates, sameDescriptionFindings } from "./confusable-pairs.js";

describe("mutuallyOutranking", () => {
  it("pairs tools whose texts each rank the other above themselves, once per pair", () => {
    const pairs = mutuallyOutranking([
      { name: "notification-send-user", query: "…", ranked: ["notification-send-channel", "notification-send-user"] },
      { name: "notification-send-channel", query: "…", ranked: ["notification-send-user", "notification-send-channel"] },
      { name: "other", query: "…", ranked: ["notification-send-user", "other"] },
    ]);
    expect(pairs).toEqual([["notification-send-user", "notification-send-channel"]]);
  });

  it("never pairs a tool with one it ranks below itself (property)", () => {
    const names = ["a", "b", "c", "d"];
    const ranking = fc.shuffledSubarray(names, { minLength: 1 });
    fc.assert(
      fc.property(fc.tuple(ranking, ranking, ranking, ranking), (lists) => {
        const rankings = names.map((name, index) => ({ name, query: name, ranked: lists[index]! }));
        for (const [a, b] of mutuallyOutranking(rankings)) {
          const ra = rankings.find((entry) => entry.name === a)!.ranked;
          const rb = rankings.find((entry) => entry.name === b)!.ranked;
          const at = (list: readonly string[], name: string) => (list.includes(name) ? list.indexOf(name) : Infinity);
          expect(at(ra, b)).toBeLessThan(at(ra, a));
          expect(at(rb, a)).toBeLessThan(at(rb, b));
        }
      }),
    );
  });
});

describe("nearDuplicates", () => {
  it("keeps candidate pairs at or above the threshold, most similar first, each pair once", () => {
    const found = nearDuplicates(
      ["a", "b", "c"],
      [
        [1, 0, 0],
        [0.99, 0.05, 0],
        [0, 1, 0],
      ],
      [
        [0, 1],
        [1, 0],
        [0, 2],
      ],
      0.95,
    );
    expect(found.map(({ a, b }) => [a, b])).toEqual([["a", "b"]]);
    expect(cosine([1, 0], [0, 0])).toBe(0);
  });

  it("names the words that tell a confusable pair apart", () => {
    const tools = {
      "notification-send-user": { name: "notification-send-user", description: "Send a notification to a user" },
      "notification-send-channel": { name: "notification-send-channel", description: "Send a notification to a channel" },
    } as const;
    const [finding] = confusionFindings(
      [["notification-send-user", "notification-send-channel"]],
      [],
      (name) => tools[name as keyof typeof tools],
    );
    expect(finding!.fix).toContain(
      "notification-send-user: whenToUse saying when it is right and notification-send-channel is not (only it has: user)",
    );
    expect(finding!.fix).toContain("(only it has: channel)");
  });
});

describe("sameDescriptionFindings", () => {
  it("groups the tools whose descriptions are the same but for case, spacing and closing punctuation, not empty ones", () => {
    const findings = sameDescriptionFindings([
      { name: "get_invoice", description: "Retrieve an invoice by its number." },
      { name: "get_invoices", description: "retrieve an  invoice by its number" },
      { name: "fetch_invoice", description: "Retrieve an invoice by its number" },
      { name: "void_invoice", description: "Retrieve an invoice by its number", whenToUse: "When it must be cancelled" },
      { name: "ping", description: "" },
      { name: "pong", description: " " },
    ]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      check: "same-description",
      severity: "warning",
      tools: ["get_invoice", "get_invoices", "fetch_invoice"],
    });
    expect(findings[0]!.message).toMatch(/^get_invoice, get_invoices and fetch_invoice have the same description/);
    expect(findings[0]!.fix).toMatch(/enabled: false/);
  });
});
