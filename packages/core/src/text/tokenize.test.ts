import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCjk, normalizeTerms, splitWords, stem } from "./tokenize.js";

describe("splitWords", () => {
  it("splits snake_case, kebab-case and dotted names", () => {
    expect(splitWords("get_clients_list")).toEqual(["get", "clients", "list"]);
    expect(splitWords("get-clients-list")).toEqual(["get", "clients", "list"]);
    expect(splitWords("clients.list.v2")).toEqual(["clients", "list", "v2"]);
    expect(splitWords("get_clients-list.v2")).toEqual(["get", "clients", "list", "v2"]);
  });

  it("splits camelCase and PascalCase, including acronym runs", () => {
    expect(splitWords("getClientsList")).toEqual(["get", "clients", "list"]);
    expect(splitWords("GetClientsList")).toEqual(["get", "clients", "list"]);
    expect(splitWords("HTTPServerError")).toEqual(["http", "server", "error"]);
    expect(splitWords("sync2Fa")).toEqual(["sync2", "fa"]);
  });

  it("drops a possessive 's (straight or curly apostrophe) and lowercases", () => {
    expect(splitWords("Who came today's yogaClass?")).toEqual(["who", "came", "today", "yoga", "class"]);
    expect(splitWords("John’s MEMBERSHIP")).toEqual(["john", "membership"]);
    expect(splitWords("TODAY'S Attendance")).toEqual(["today", "attendance"]);
  });

  it("makes every CJK character its own token", () => {
    expect(splitWords("读文件")).toEqual(["读", "文", "件"]);
    expect(splitWords("查一下工资 salary")).toEqual(["查", "一", "下", "工", "资", "salary"]);
    expect(splitWords("ひらがな")).toEqual(["ひ", "ら", "が", "な"]);
  });

  it("returns [] for text without letters or digits", () => {
    expect(splitWords("")).toEqual([]);
    expect(splitWords("!!! -- ???")).toEqual([]);
  });
});

describe("splitWords is per-word: ASCII text splits the same whether or not the message has non-ASCII text", () => {
  it.each(["getClientsList", "HTTPServerError", "today's class", "isABook", "getIDs", "today'sClass", "client's_x"])("%s", (text) => {
    expect(splitWords(`${text} é`)).toEqual([...splitWords(text), "é"]);
    expect(splitWords(`工 ${text}`)).toEqual(["工", ...splitWords(text)]);
  });

  it("holds for arbitrary ASCII identifiers and phrases", () => {
    const char = fc.constantFrom(..."abcsABCS019 _-.'".split(""));
    fc.assert(
      fc.property(
        fc.array(char, { maxLength: 16 }).map((chars) => chars.join("")),
        (text) => {
          expect(splitWords(`${text} é`)).toEqual([...splitWords(text), "é"]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("stem", () => {
  it("is the Porter stemmer", () => {
    expect(stem("clients")).toBe("client");
    expect(stem("salaries")).toBe("salari");
    expect(stem("salary")).toBe("salari");
    expect(stem("today")).toBe("todai");
    expect(stem("running")).toBe("run");
    expect(stem("membership")).toBe("membership");
  });

  it("keeps words shorter than 3 letters and CJK characters unchanged", () => {
    expect(stem("is")).toBe("is");
    expect(stem("me")).toBe("me");
    expect(stem("工")).toBe("工");
  });

  it("returns the same stem on repeated calls (memoised)", () => {
    expect(stem("payments")).toBe("payment");
    expect(stem("payments")).toBe("payment");
  });
});

describe("isCjk", () => {
  it("recognises CJK characters only", () => {
    expect(isCjk("工")).toBe(true);
    expect(isCjk("a")).toBe(false);
    expect(isCjk("1")).toBe(false);
  });
});

describe("normalizeTerms", () => {
  it("splits then stems", () => {
    expect(normalizeTerms("Get_Pending-Salaries of clients")).toEqual(["get", "pend", "salari", "of", "client"]);
    expect(normalizeTerms("check-in")).toEqual(["check", "in"]);
    expect(normalizeTerms("Check-In")).toEqual(["check", "in"]);
    expect(normalizeTerms("Who came today's?")).toEqual(["who", "came", "todai"]);
    expect(normalizeTerms("查一下工资")).toEqual(["查", "一", "下", "工", "资"]);
  });
});

describe("splitWords: the recent texts' words", () => {
  it("gives each text its own words however texts follow one another (the same words for the same text)", () => {
    const texts = fc.array(fc.string({ unit: fc.constantFrom(..."abAB9 _é工"), maxLength: 12 }), { minLength: 1, maxLength: 24 });
    fc.assert(
      fc.property(texts, (list) => {
        // The words each text has on its own (`splitWords` of a fresh copy, with a word appended and taken off again).
        const expected = list.map((text) => splitWords(`${text} zq`).slice(0, -1));
        for (const [index, text] of list.entries()) expect(splitWords(text)).toEqual(expected[index]);
        for (const text of list) expect(splitWords(text)).toBe(splitWords(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe("splitWords: the ASCII fast path", () => {
  // Characters that exercise every branch: case changes, digits, separators, apostrophes before s/S.
  const asciiText = fc.string({ unit: fc.constantFrom(..."aAbBsSzZ09_-. '?"), maxLength: 40 });

  it("splits ASCII text exactly as the general (Unicode) path does", () => {
    fc.assert(
      fc.property(asciiText, (text) => {
        // A trailing non-ASCII word sends the same text down the general path, and only adds that word.
        expect(splitWords(`${text} é`)).toEqual([...splitWords(text), "é"]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("stem on hostile words", () => {
  it("keeps a word longer than 64 letters as it is (Porter is quadratic on long vowel-less runs)", () => {
    const word = "q".repeat(200_000);
    expect(stem(word)).toBe(word);
    expect(stem(`${"b".repeat(70)}ing`)).toBe(`${"b".repeat(70)}ing`);
    expect(stem("connections")).toBe("connect");
  });

  it("normalises a message made of one 200,000-letter word into that one word", () => {
    expect(normalizeTerms(`show ${"q".repeat(200_000)} salaries`)).toEqual(["show", "q".repeat(200_000), "salari"]);
  });
});
