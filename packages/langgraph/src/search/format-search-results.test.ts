import { describe, expect, it } from "vitest";
import { formatSearchResults } from "./format-search-results.js";
import type { ToolSearchArtifact } from "./search-artifact.js";

const artifact: ToolSearchArtifact = {
  query: "fetch a specific URL",
  limit: 3,
  totalCandidates: 12,
  matches: [
    { name: "open_url", description: "Fetch a URL and return a clean text excerpt.", score: 0.42171 },
    { name: "web_search", description: "Search the web with a configurable\n provider.", score: 0.1875 },
  ],
  loaded: ["open_url", "web_search", "web_fetch_pdf"],
  namespaces: ["web"],
};

describe("formatSearchResults", () => {
  it("lists matches by rank with name, score, description and the when-to-use hint, then what was loaded", () => {
    const text = formatSearchResults({
      artifact,
      whenToUseOf: (name) => (name === "open_url" ? "Use this when you need exact content from a specific URL." : undefined),
      namespaceSizeOf: () => 2,
    });
    expect(text).toBe(
      [
        'Best tools for "fetch a specific URL" (ranked by relevance):',
        "1. open_url (score=0.4217) — Fetch a URL and return a clean text excerpt.",
        "   ↳ when to use: Use this when you need exact content from a specific URL.",
        "2. web_search (score=0.1875) — Search the web with a configurable provider.",
        "",
        "Loaded (callable from your next step): open_url, web_search, web_fetch_pdf.",
        "Whole namespaces loaded: web (2 tools).",
      ].join("\n"),
    );
  });

  it("says when nothing matched, and when there was nothing left to search", () => {
    expect(formatSearchResults({ artifact: { ...artifact, matches: [], loaded: [], namespaces: [] } })).toBe(
      'No tools match "fetch a specific URL" among 12 tools. Try other words (what you want to do, not a tool name you guess).',
    );
    expect(formatSearchResults({ artifact: { ...artifact, matches: [], loaded: [], namespaces: [], totalCandidates: 0 } })).toContain(
      "already available",
    );
  });

  it("quotes the model's query shortened, its control characters escaped", () => {
    const query = `\u0000${"x".repeat(5_000)}`;
    const text = formatSearchResults({ artifact: { ...artifact, query, matches: [], loaded: [], namespaces: [] } });
    expect(text).toBe(
      `No tools match "\\u0000${"x".repeat(79)}…" (5001 characters) among 12 tools. Try other words (what you want to do, not a tool name you guess).`,
    );
  });
});
