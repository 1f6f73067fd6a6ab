import { describe, expect, it } from "vitest";
import { commonStems, distinctiveWords } from "./distinctive-words.js";

describe("distinctiveWords", () => {
  it("skips small talk and the common stems it is given, which would select a tool for anything", () => {
    expect(distinctiveWords("thanks, the best tide tables", [])).toEqual(["tide", "tables"]);
    const common = commonStems(["Provide weather", "Provide news", "Provide stock quotes", "Book a table"], 0.5, 2);
    expect([...common]).toEqual(["provid"]);
    expect(distinctiveWords("Provide tide tables for a harbour", ["weather"], 3, { common })).toEqual(["tide", "tables", "harbour"]);
  });
});
