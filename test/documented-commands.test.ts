/**
 * Every command the READMEs and docs/ document runs with Node and npm only: no command starts with pnpm; each npm
 * task exists and its dry run (`node scripts/run.mjs --dry-run <task> …`) succeeds on a PATH without pnpm (it then
 * fetches the pinned pnpm through npx); each `npx dynamic-tools <command>` prints its help; each script run with
 * node exists; and the output blocks of the README (marked `<!-- output: <command> -->`) are what the command prints.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../packages/core/src/cli/main.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The Markdown files whose commands are documented for users. */
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(root, "docs")).map((file) => `docs/${file}`),
  ...["packages", "examples"].flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => existsSync(join(root, folder, name, "README.md")))
      .map((name) => `${folder}/${name}/README.md`),
  ),
];

interface Documented {
  file: string;
  line: number;
  command: string;
}

/** The commands of every ```bash / ```sh block (comments stripped, one a line). */
function documentedCommands(file: string): Documented[] {
  const lines = readFileSync(join(root, file), "utf8").split("\n");
  const found: Documented[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (!/^```(bash|sh|shell)\s*$/.test(lines[index]!)) continue;
    for (index++; index < lines.length && !lines[index]!.startsWith("```"); index++) {
      const command = lines[index]!.replace(/\s+#.*$/, "")
        .replace(/^#.*$/, "")
        .trim();
      if (command !== "") found.push({ file, line: index + 1, command });
    }
  }
  return found;
}

const commands = DOCUMENTS.flatMap(documentedCommands);
const scripts = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<string, string>;

/** A folder with node, npm and npx only: the PATH of a machine that has no pnpm. */
const bin = mkdtempSync(join(tmpdir(), "no-pnpm-"));
for (const tool of ["node", "npm", "npx"]) {
  const found = execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim();
  symlinkSync(found, join(bin, tool));
}
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** `npm start|test|run <script> [-- args]` as [script, args]. */
function npmTask(command: string): [string, string[]] | undefined {
  const words = command.split(/\s+/);
  if (words[0] !== "npm" || words[1] === "install") return undefined;
  const script = words[1] === "run" ? words[2]! : words[1]!;
  const rest = words.slice(words[1] === "run" ? 3 : 2);
  return [script, rest[0] === "--" ? rest.slice(1) : rest];
}

describe("documented commands", () => {
  it("finds the commands (the extraction works)", () => {
    expect(commands.filter((entry) => entry.file === "README.md").length).toBeGreaterThan(15);
  });

  it("never need a global pnpm", () => {
    const pnpm = commands.filter((entry) => /(^|&&\s*|\|\s*)pnpm\s/.test(entry.command));
    expect(pnpm.map((entry) => `${entry.file}:${entry.line}: ${entry.command}`)).toEqual([]);
  });

  const tasks = commands.flatMap((entry) => {
    const task = npmTask(entry.command);
    return task === undefined ? [] : [{ ...entry, script: task[0], args: task[1] }];
  });

  it.each(tasks.map((entry) => [`${entry.file}:${entry.line}: ${entry.command}`, entry] as const))(
    "%s: the npm script exists and its dry run passes without pnpm",
    (_, entry) => {
      expect(Object.keys(scripts)).toContain(entry.script);
      const definition = scripts[entry.script]!;
      const viaRun = /^node scripts\/run\.mjs (\S+)/.exec(definition);
      if (viaRun === null) {
        // A script that needs no task runner: its binary is installed in node_modules/.bin.
        const binary = definition.split(/\s+/)[0]!;
        expect(existsSync(join(root, "node_modules", ".bin", binary)), `${binary} of "${definition}"`).toBe(true);
        return;
      }
      const output = execFileSync(process.execPath, ["scripts/run.mjs", "--dry-run", viaRun[1]!, ...entry.args], {
        cwd: root,
        encoding: "utf8",
        env: { PATH: bin, HOME: process.env.HOME ?? tmpdir() },
      });
      expect(output).not.toMatch(/^pnpm /m);
      expect(output.trim().split("\n").length).toBeGreaterThan(0);
    },
  );

  const cli = commands.filter((entry) => entry.command.startsWith("npx dynamic-tools"));
  it.each(cli.map((entry) => [`${entry.file}:${entry.line}: ${entry.command}`, entry] as const))(
    "%s: the command and its options exist (--help exits 0)",
    async (_, entry) => {
      const words = entry.command.split(/\s+/).slice(2);
      const command = words[0]?.startsWith("-") ? [] : words[0] === "usage" ? ["usage", "report"] : [words[0]!];
      let help = "";
      const code = await main([...command, "--help"], (text) => (help += text));
      expect(code).toBe(0);
      for (const option of words.filter((word) => /^--[a-z]/.test(word) && word !== "--help")) expect(help, option).toContain(option);
    },
  );

  it("each script run with node exists", () => {
    const missing = commands
      .filter(
        (entry) =>
          /^node (?!-)/.test(entry.command) || /^node --\S+ \S+\.m?[jt]s/.test(entry.command) || entry.command.startsWith("scripts/"),
      )
      .map((entry) => entry.command.split(/\s+/).find((word) => /\.(m?js|ts|sh)$/.test(word))!)
      .filter((script) => !existsSync(join(root, script)));
    expect(missing).toEqual([]);
  });

  it("the run.mjs tasks are those the README's npm scripts name", () => {
    const help = execFileSync(process.execPath, ["scripts/run.mjs", "--help"], { cwd: root, encoding: "utf8" });
    for (const definition of Object.values(scripts)) {
      const task = /^node scripts\/run\.mjs (\S+)/.exec(definition)?.[1];
      if (task !== undefined) expect(help).toContain(`  ${task} `);
    }
  });
});
