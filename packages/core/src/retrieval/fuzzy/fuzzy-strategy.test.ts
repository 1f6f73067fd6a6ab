import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../catalog/tool-catalog.js";
import { assistantCatalog } from "../__fixtures__/assistant-catalog.js";
import type { RankedTool, RankRequest, RetrievalStrategy } from "../retrieval-strategy.js";
import { createFuzzyStrategy, type FuzzyStrategyOptions } from "./fuzzy-strategy.js";

function indexed(options?: FuzzyStrategyOptions, catalog: ToolCatalog = assistantCatalog()): RetrievalStrategy {
  const strategy = createFuzzyStrategy(options);
  strategy.index(catalog);
  return strategy;
}

const rank = (strategy: RetrievalStrategy, query: string, request: Partial<RankRequest> = {}) =>
  strategy.rank({ query, limit: 10, ...request }) as RankedTool[];
const names = (strategy: RetrievalStrategy, query: string, request: Partial<RankRequest> = {}) =>
  rank(strategy, query, request).map((tool) => tool.name);

// Rarity of a name word = ln(1 + tools / tools whose name has the word); the catalog has 16 tools.
//   write, delete, resize, …: 1 tool → ln 17;  file: 3 tools (read_, write_, delete_file) → ln(1 + 16/3) = ln(19/3);
//   read: 2 tools (read_file, read_email) → ln 9
const WRITE = Math.log(17);
const FILE = Math.log(19 / 3);
const READ = Math.log(9);
const READ_FILE = FILE / (READ + FILE); // "file" matched exactly, "read" not at all
const DELETE_FILE = FILE / (WRITE + FILE); // delete is as rare as write

const fuzzy = indexed();

describe("createFuzzyStrategy: typos", () => {
  it("is named fuzzy", () => {
    expect(fuzzy.name).toBe("fuzzy");
  });

  it("survives swapped letters: 'wirte_file' ranks write_file first", () => {
    // editDistance(wirte, write) = 1 (adjacent swap): similarity 1 − 1/5 = 0.8.
    // write_file: (ln17 × 0.8 + ln(19/3) × 1) / (ln17 + ln(19/3))
    expect(rank(fuzzy, "wirte_file")).toEqual([
      { name: "write_file", score: (WRITE * 0.8 + FILE) / (WRITE + FILE), signals: { fuzzy: (WRITE * 0.8 + FILE) / (WRITE + FILE) } },
      { name: "read_file", score: READ_FILE, signals: { fuzzy: READ_FILE } },
      { name: "delete_file", score: DELETE_FILE, signals: { fuzzy: DELETE_FILE } },
    ]);
  });

  it("survives a missing letter: 'wrte_file'", () => {
    const [first] = rank(fuzzy, "please run wrte_file");
    expect(first!.name).toBe("write_file");
    expect(first!.score).toBeCloseTo((WRITE * 0.8 + FILE) / (WRITE + FILE), 12);
    expect(first!.signals.exact).toBeUndefined();
  });

  it("survives an extra letter: 'writte_file'", () => {
    // editDistance(writte, write) = 1: similarity 1 − 1/6.
    const [first] = rank(fuzzy, "writte_file");
    expect(first!.name).toBe("write_file");
    expect(first!.score).toBeCloseTo((WRITE * (5 / 6) + FILE) / (WRITE + FILE), 12);
  });

  it("matches stems at 0.95: 'delet file' and 'resize the imgae'", () => {
    expect(names(fuzzy, "delet file")[0]).toBe("delete_file");
    expect(names(fuzzy, "resize the imgae")[0]).toBe("resize_image");
  });

  it("matches short words exactly only (minFuzzyLength)", () => {
    // "fiel" (4 letters) is one swap from "file": similarity 0.75 at the default minFuzzyLength 4, nothing at 5.
    expect(rank(fuzzy, "fiel")[0]).toEqual({
      name: "read_file",
      score: (FILE * 0.75) / (READ + FILE),
      signals: { fuzzy: (FILE * 0.75) / (READ + FILE) },
    });
    expect(names(indexed({ minFuzzyLength: 5 }), "fiel")).toEqual([]);
  });
});

describe("createFuzzyStrategy: exact names", () => {
  it.each(["call write_file", "writeFile", "write file", "WriteFile", "write-file", "CALL WRITE_FILE"])(
    "gives %j signals.exact 1 and ranks write_file above the partial matches",
    (query) => {
      expect(rank(fuzzy, query)).toEqual([
        { name: "write_file", score: 2, signals: { fuzzy: 1, exact: 1 } },
        { name: "read_file", score: READ_FILE, signals: { fuzzy: READ_FILE } },
        { name: "delete_file", score: DELETE_FILE, signals: { fuzzy: DELETE_FILE } },
      ]);
    },
  );

  it("needs the name's words consecutive: 'write the file' is a full match without the exact bonus", () => {
    expect(rank(fuzzy, "write the file")[0]).toEqual({ name: "write_file", score: 1, signals: { fuzzy: 1 } });
  });

  it("adds exactBonus", () => {
    expect(rank(indexed({ exactBonus: 0.5 }), "call write_file")[0]).toEqual({
      name: "write_file",
      score: 1.5,
      signals: { fuzzy: 1, exact: 1 },
    });
    expect(rank(indexed({ exactBonus: 0 }), "call write_file")[0]).toEqual({
      name: "write_file",
      score: 1,
      signals: { fuzzy: 1, exact: 1 },
    });
  });

  // BUG: when one tool's name is a prefix of another's, the exact lookup of the longer name ties with the shorter
  // one (both contain all their words and both are "exact": "get user" is a consecutive phrase of "get user groups"),
  // and the tie goes to catalog order. Repro: catalog [get_user, get_user_groups, list_users],
  // rank({ query: "call get_user_groups", limit: 10 }) → [get_user 2 {fuzzy 1, exact 1}, get_user_groups 2
  // {fuzzy 1, exact 1}, list_users 0.475]; expected get_user_groups first (the name the query spells out).
  it("ranks the longest exactly named tool first when one name is a prefix of another", () => {
    const strategy = indexed({}, new ToolCatalog({ tools: [{ name: "get_user" }, { name: "get_user_groups" }, { name: "list_users" }] }));
    expect(names(strategy, "call get_user_groups")[0]).toBe("get_user_groups");
    expect(names(strategy, "get user")[0]).toBe("get_user");
  });
});

describe("createFuzzyStrategy: no match, limit, filter", () => {
  it.each(["hello there", "what's the time in Tokyo?", "edit my picture", ""])("returns [] for %j (no name words)", (query) => {
    expect(rank(fuzzy, query)).toEqual([]);
  });

  it("honours limit and filter", () => {
    expect(names(fuzzy, "wirte_file", { limit: 1 })).toEqual(["write_file"]);
    expect(names(fuzzy, "wirte_file", { filter: (name) => name !== "write_file" })).toEqual(["read_file", "delete_file"]);
    expect(names(fuzzy, "call write_file", { limit: 0 })).toEqual([]);
  });

  it("breaks ties by indexing order", () => {
    // write_file and delete_file both cover only "file" (equally rare first words): same score, catalog order.
    const ranked = rank(fuzzy, "file");
    expect(ranked.map((tool) => tool.name)).toEqual(["read_file", "write_file", "delete_file"]);
    expect(ranked[1]!.score).toBe(ranked[2]!.score);
  });
});

describe("createFuzzyStrategy: add and remove", () => {
  const extra = new ToolCatalog({ tools: [{ name: "translate_text" }, { name: "write_note" }] }).tools();

  it("adds tools without a rebuild", () => {
    const strategy = indexed();
    expect(names(strategy, "translte text")).toEqual([]);
    strategy.add!(extra);
    expect(names(strategy, "translte text")).toEqual(["translate_text"]);
    expect(rank(strategy, "call translate_text")[0]).toEqual({ name: "translate_text", score: 2, signals: { fuzzy: 1, exact: 1 } });
    expect(names(strategy, "wirte")).toEqual(["write_file", "write_note"]);
  });

  it("removes tools, and their words once no tool has them; unknown names are ignored", () => {
    const strategy = indexed();
    strategy.add!(extra);
    strategy.remove!(["write_file", "not_a_tool"]);
    // 17 tools now. write_note: "write" matched, "note" not, both in one name → 0.5. read_file: "read" and "file"
    // are each in 2 names now → 0.5, and it was indexed first. delete_file: ln 9.5 / (ln 18 + ln 9.5).
    expect(rank(strategy, "call write_file")).toEqual([
      { name: "read_file", score: 0.5, signals: { fuzzy: 0.5 } },
      { name: "write_note", score: 0.5, signals: { fuzzy: 0.5 } },
      {
        name: "delete_file",
        score: Math.log(9.5) / (Math.log(18) + Math.log(9.5)),
        signals: { fuzzy: Math.log(9.5) / (Math.log(18) + Math.log(9.5)) },
      },
    ]);
    strategy.remove!(["write_note"]);
    // No tool name has "write" any more: its stem and deletion entries are gone.
    expect(names(strategy, "wirte")).toEqual([]);
    expect(names(strategy, "writes")).toEqual([]);
    expect(names(strategy, "read_file")[0]).toBe("read_file");
  });

  it("keeps names that share a phrase (get_user, getUser) apart: removing one leaves the other named exactly", () => {
    const strategy = indexed({}, new ToolCatalog({ tools: [{ name: "get_user" }, { name: "getUser" }, { name: "get_user_2" }] }));
    expect(
      rank(strategy, "call get user")
        .filter((tool) => tool.signals.exact === 1)
        .map((tool) => tool.name),
    ).toEqual(["get_user", "getUser"]);
    strategy.remove!(["get_user"]);
    expect(rank(strategy, "call get user")[0]).toEqual({ name: "getUser", score: 2, signals: { fuzzy: 1, exact: 1 } });
    strategy.remove!(["getUser"]);
    expect(rank(strategy, "call get user").filter((tool) => tool.signals.exact === 1)).toEqual([]);
    strategy.add!(new ToolCatalog({ tools: [{ name: "getUser" }] }).tools());
    expect(rank(strategy, "call get user")[0]?.name).toBe("getUser");
  });

  it("after removing and re-adding every tool, ranks like a fresh index", () => {
    const catalog = assistantCatalog();
    const strategy = indexed({}, catalog);
    strategy.remove!(catalog.names());
    expect(names(strategy, "call write_file")).toEqual([]);
    strategy.add!(catalog.tools());
    for (const query of ["wirte_file", "call write_file", "resize the imgae", "file"])
      expect(rank(strategy, query)).toEqual(rank(fuzzy, query));
  });

  it("after many removals (the index renumbered densely), ranks, saves and keeps ties like a fresh index of what is left", () => {
    const words = ["send", "read", "write", "delete", "list", "file", "email", "image", "user", "group", "note", "event"];
    const tools = Array.from({ length: 400 }, (_, index) => ({
      name: `${words[index % words.length]}_${words[(index * 5 + 3) % words.length]}_${index}`,
      description: "A tool.",
    }));
    const strategy = createFuzzyStrategy();
    strategy.index(new ToolCatalog({ tools }));
    const removed = tools.filter((_, index) => index % 5 !== 0).map((tool) => tool.name);
    for (let at = 0; at < removed.length; at += 37) strategy.remove!(removed.slice(at, at + 37));
    const kept = tools.filter((_, index) => index % 5 === 0);
    const fresh = createFuzzyStrategy();
    fresh.index(new ToolCatalog({ tools: kept }));
    // The last query names a kept tool exactly: found by its first word after the renumbering.
    for (const query of ["send emial", "write_file", "delete the note", "list users 40", "imgae group", `call ${kept[7]!.name}`])
      expect(rank(strategy, query, { limit: 30 })).toEqual(rank(fresh, query, { limit: 30 }));
    expect(rank(strategy, `call ${kept[7]!.name}`)[0]).toMatchObject({ name: kept[7]!.name, signals: { exact: 1 } });
    expect(strategy.save()).toEqual(fresh.save());
    strategy.add!([{ ...tools[1]!, name: "send_note_new" }] as never);
    expect(names(strategy, "call send_note_new")[0]).toBe("send_note_new");
  });
});

describe("createFuzzyStrategy: shape", () => {
  it("is a plain object of functions: a spread copy or a detached method works like the strategy", () => {
    const strategy = indexed();
    const copy = { ...strategy, name: "wrapped" };
    const { rank: detached } = strategy;
    const expected = names(strategy, "run wirte_file on it");
    expect(expected[0]).toBe("write_file");
    expect(names(copy, "run wirte_file on it")).toEqual(expected);
    expect((detached({ query: "run wirte_file on it", limit: 10 }) as RankedTool[]).map((tool) => tool.name)).toEqual(expected);
    copy.remove!(["write_file"]);
    expect(names(strategy, "run wirte_file on it")).not.toContain("write_file");
  });
});

describe("createFuzzyStrategy: saved index", () => {
  const QUERIES = ["wirte_file", "read file please", "delete the fil", "serch web", "get_weathr", "lst files", "write file"];

  it("restores from save() to rankings identical to a fresh build's, through later adds and removes too", () => {
    const catalog = assistantCatalog();
    const original = createFuzzyStrategy();
    original.index(catalog);
    const saved = original.save();
    const restored = createFuzzyStrategy({ saved });
    restored.index(catalog);
    const fresh = indexed();
    for (const query of QUERIES) expect(rank(restored, query), query).toEqual(rank(fresh, query));
    const [first, second] = catalog.tools();
    for (const strategy of [restored, fresh]) {
      strategy.remove?.([first!.name]);
      strategy.add?.([{ ...second!, name: "write_file_backup" }]);
    }
    for (const query of QUERIES) expect(rank(restored, query), query).toEqual(rank(fresh, query));
  });

  it("restores names that repeat a word or share stems and phrases exactly as a build makes them, removals included", () => {
    const tools = ["copy_file_to_file", "copy_files", "Copy_File", "file_copy", "copying_filed", "get", "get_get_get"].map((name) => ({
      name,
    }));
    const catalog = new ToolCatalog({ tools });
    const built = createFuzzyStrategy();
    built.index(catalog);
    const restored = createFuzzyStrategy({ saved: built.save() });
    restored.index(catalog);
    const queries = ["copy file to file", "copy files", "file copy", "coppy fil", "get get", "copying filed", "get"];
    for (const query of queries) expect(rank(restored, query), query).toEqual(rank(built, query));
    expect(restored.save()).toEqual(built.save());
    // Removal unlinks what restore linked: a word's last tool gone, its stem and deletions go too.
    for (const strategy of [built, restored]) strategy.remove?.(["copying_filed", "get_get_get", "copy_file_to_file"]);
    for (const query of queries) expect(rank(restored, query), query).toEqual(rank(built, query));
    expect(restored.save()).toEqual(built.save());
  });

  it("saves each word once with its stem, and each name as word positions", () => {
    const strategy = createFuzzyStrategy();
    strategy.index(new ToolCatalog({ tools: [{ name: "read_files" }, { name: "write_files" }] }));
    const saved = strategy.save();
    expect(saved.names).toEqual(["read_files", "write_files"]);
    expect(saved.words).toEqual(["read", "files", "write"]);
    expect(saved.stems).toEqual(["read", "file", "write"]);
    expect([...saved.counts]).toEqual([2, 2]);
    expect([...saved.wordIds]).toEqual([0, 1, 2, 1]);
  });

  it("is ignored for another catalog (the names are analysed instead)", () => {
    const saved = { names: ["read_files"], words: ["bogus"], stems: ["bogus"], counts: Uint32Array.of(1), wordIds: Uint32Array.of(0) };
    const strategy = createFuzzyStrategy({ saved });
    strategy.index(new ToolCatalog({ tools: [{ name: "read_files" }, { name: "write_files" }] }));
    expect(rank(strategy, "read files").map((tool) => tool.name)).toEqual(["read_files", "write_files"]);
    expect(rank(strategy, "bogus")).toEqual([]);
  });
});
