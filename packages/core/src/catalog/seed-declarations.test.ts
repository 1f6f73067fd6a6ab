import { describe, expect, it } from "vitest";
import { createToolSelector } from "../selection/tool-selector.js";
import { parseCatalogConfig } from "./parse-config.js";
import { ToolCatalog } from "./tool-catalog.js";
import { keywordSelector } from "../__fixtures__/select-by-keywords.js";

// The catalog-file fields beyond the basics: available, searchable, platforms, required, localised display/desc.
const config = parseCatalogConfig({
  tools: [
    {
      name: "web_search",
      available: true,
      searchable: true,
      category: "information",
      tags: ["web", "search", "internet"],
      display: { en: "Web Search", "zh-CN": "网页搜索" },
      desc: { en: "Search the web and return results", "zh-CN": "搜索网页并返回结果" },
      platforms: "all",
      required: false,
    },
    { name: "read_file", description: "Read a text file", display: { "zh-CN": "读文件" }, desc: { "zh-CN": "读取文本文件的内容" } },
    { name: "get_time", description: "Current date and time", required: true },
    { name: "reindex", description: "Internal: rebuild the search index", searchable: false },
    { name: "take_screenshot", description: "Take a screenshot of the screen", platforms: ["desktop"] },
    { name: "legacy_export", description: "Export records in the old format", available: false },
  ],
});

describe("the extended catalog-file fields", () => {
  const catalog = new ToolCatalog(config);

  it("reads available (enabled), required (core), and localised display and desc", () => {
    expect(catalog.get("legacy_export")!.enabled).toBe(false);
    expect(catalog.get("web_search")).toMatchObject({ enabled: true, display: { en: "Web Search", "zh-CN": "网页搜索" }, required: false });
    expect(catalog.settings.core).toEqual(["get_time"]);
  });

  it("rejects a non-string translation with its key path", () => {
    expect(() => parseCatalogConfig({ tools: [{ name: "x", display: { en: 3 } }] })).toThrow(/tools\[0\]\.display\.en: expected a string/);
  });

  it("lets the lexical index search localised names and descriptions", async () => {
    const select = createToolSelector(catalog, { strategy: "bm25", autoCut: false, topK: 3 });
    expect((await select("网页搜索")).ranked?.[0]?.name).toBe("web_search");
    expect((await select("读文件")).ranked?.[0]?.name).toBe("read_file");
  });

  it("never exposes unavailable, non-searchable or other-platform tools to selection; required tools always come", async () => {
    const select = createToolSelector(catalog, { strategy: "bm25", platform: "web", autoCut: false, topK: 10 });
    const tools = (await select("rebuild index, take a screenshot, export records in the old format")).tools;
    expect(tools[0]).toBe("get_time");
    expect(tools).not.toContain("reindex");
    expect(tools).not.toContain("take_screenshot");
    expect(tools).not.toContain("legacy_export");
    expect(keywordSelector(catalog)("anything").tools).toEqual(["get_time"]);
  });
});
