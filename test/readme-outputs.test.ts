/**
 * The output blocks of the README and docs/ cannot go stale: each block after a `<!-- output: <command> -->` marker must
 * be exactly what that command prints now. (The install-size figures are checked by test/install-size.int.test.ts.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatFirstTurnTable, measureFirstTurn } from "../examples/gym-agent/src/first-turn-tokens.js";
import { main } from "../packages/core/src/cli/main.js";
import { readmeInstallFigures } from "./support/readme-install-figures.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Each marked block: the command and the text of the fenced block that follows the marker. */
function outputBlocks(markdown: string): { command: string; text: string }[] {
  const blocks: { command: string; text: string }[] = [];
  const pattern = /<!-- output: (.+?) -->\n```\n([\s\S]*?)\n```/g;
  for (const match of markdown.matchAll(pattern)) blocks.push({ command: match[1]!, text: match[2]! });
  return blocks;
}

/** A command line's words, with "double-quoted" words kept whole. */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

/** What a documented command prints now. */
async function printed(command: string): Promise<string> {
  if (command === "npm start -- --tokens") return formatFirstTurnTable(await measureFirstTurn());
  const [npx, cli, ...argv] = words(command);
  if (npx === "npx" && cli === "dynamic-tools") {
    let out = "";
    const code = await main(
      argv,
      (text) => (out += text),
      () => {},
    );
    expect(code, command).toBe(0);
    return out;
  }
  throw new Error(`No way to run the README's output command "${command}": add it to test/readme-outputs.test.ts.`);
}

const pages = ["README.md", ...readdirSync(join(root, "docs")).map((file) => `docs/${file}`)];
const blocks = pages.flatMap((page) =>
  outputBlocks(readFileSync(join(root, page), "utf8")).map((block) => ({ ...block, command: `${page}: ${block.command}` })),
);

describe("output blocks of the README and docs/", () => {
  it("finds them", () => {
    expect(blocks.map((block) => block.command).sort()).toEqual([
      'docs/cli.md: npx dynamic-tools select --catalog datasets/metatool/catalog.json --top-k 5 "find me a recipe with chicken and rice"',
      "docs/tool-search.md: npm start -- --tokens",
    ]);
  });

  it("states the install size as the figures test/install-size.int.test.ts measures (core set, then MCP)", () => {
    expect(readmeInstallFigures(readFileSync(join(root, "README.md"), "utf8"))).toHaveLength(2);
  });

  it.each(blocks.map((block) => [block.command, block] as const))("%s prints the block as shown", async (_, block) => {
    const previous = process.cwd();
    process.chdir(root);
    try {
      expect(await printed(block.command.slice(block.command.indexOf(": ") + 2))).toBe(block.text);
    } finally {
      process.chdir(previous);
    }
  });
});
