/**
 * Every TypeScript block of the README and of each package's README compiles as written: each block is its own
 * module (its own imports, nothing added), type-checked under strict settings against the built packages (the
 * `types` their package.json names, as a user's project sees them). `npm test` builds the packages first.
 *
 * A block whose first line is a file name comment (`// catalog.ts`) is that file of the reader's project: the
 * README's other blocks import it (`import { catalog } from "./catalog.js"`), so it is written under that name.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const READMES = [
  "README.md",
  "packages/core/README.md",
  "packages/langgraph/README.md",
  "packages/hnswlib/README.md",
  "packages/mcp/README.md",
  "packages/offline-embeddings/README.md",
  "docs/learning.md",
  "docs/performance.md",
  "docs/snapshots.md",
];

interface Snippet {
  readme: string;
  /** 1-based line of the block's first code line in the README. */
  line: number;
  code: string;
}

/** The ```ts and ```typescript blocks of a Markdown file, with the line each starts on. */
function typescriptBlocks(readme: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[index]!)) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !lines[end]!.startsWith("```")) end++;
    snippets.push({ readme, line: start + 1, code: lines.slice(start, end).join("\n") });
    index = end;
  }
  return snippets;
}

// Inside the workspace's node_modules, so that imports resolve as in a project that installed the packages.
const directory = join(root, "node_modules", ".cache", "readme-snippets");

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: false,
  noUnusedLocals: false,
  skipLibCheck: true,
  noEmit: true,
  isolatedModules: true,
  verbatimModuleSyntax: false,
  esModuleInterop: true,
};

describe("README TypeScript blocks", () => {
  const snippets = READMES.flatMap((readme) => typescriptBlocks(readme, readFileSync(join(root, readme), "utf8")));

  it("finds the blocks (the extraction itself works)", () => {
    expect(snippets.filter((snippet) => snippet.readme === "README.md").length).toBeGreaterThanOrEqual(6);
    expect(typescriptBlocks("x.md", "text\n```ts\nconst a = 1;\n```\n```bash\nls\n```\n```typescript\nlet b;\n```\n")).toEqual([
      { readme: "x.md", line: 3, code: "const a = 1;" },
      { readme: "x.md", line: 9, code: "let b;" },
    ]);
  });

  it("each compiles under strict settings against the built packages", () => {
    rmSync(directory, { recursive: true, force: true });
    const files = snippets.map((snippet) => {
      // One folder per README (a project of its own), an ES module package like a user's.
      // docs/ pages continue the README: their blocks import the README's `catalog.ts` too.
      const project = snippet.readme.startsWith("docs/") ? "README.md" : snippet.readme;
      const folder = join(directory, project.replace(/[/.]/g, "_"));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "package.json"), JSON.stringify({ type: "module" }));
      const named = /^\/\/ ([\w-]+)\.ts\s*$/.exec(snippet.code.split("\n")[0]!);
      const file = join(folder, named ? `${named[1]}.ts` : `block-at-line-${snippet.line}.ts`);
      // `export {}` makes a block without imports a module too (top-level await, no global names shared).
      writeFileSync(file, `${snippet.code}\nexport {};\n`);
      return { file, snippet };
    });
    const program = ts.createProgram(
      files.map(({ file }) => file),
      OPTIONS,
    );
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      const entry = files.find(({ file }) => file === diagnostic.file?.fileName);
      if (entry === undefined || diagnostic.file === undefined || diagnostic.start === undefined)
        return `${relative(root, diagnostic.file?.fileName ?? "?")}: ${message}`;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${entry.snippet.readme}:${entry.snippet.line + line}: TS${diagnostic.code} ${message}`;
    });
    expect(problems).toEqual([]);
  }, 120_000);
});
