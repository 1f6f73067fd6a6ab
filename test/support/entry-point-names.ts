/**
 * The names an entry point of a workspace package exports, read from its source with the TypeScript compiler:
 * values (what `import()` / `require()` return at run time) and types (what only the type checker sees).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

/** One published entry point: `@dynamic-tools/core/eval` and the source file its build starts from. */
export interface EntryPoint {
  specifier: string;
  packageDir: string;
  source: string;
}

/** Every entry point of the package in `packageDir` (its package.json `exports`, mapped to its tsup `entry`). */
export function entryPointsOf(root: string, packageDir: string): EntryPoint[] {
  const manifest = JSON.parse(readFileSync(join(root, packageDir, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, { import: { default: string } } | string>;
  };
  const config = readFileSync(join(root, packageDir, "tsup.config.ts"), "utf8");
  const entries = Object.fromEntries(
    [...(/entry:\s*\{([^}]*)\}/.exec(config)?.[1] ?? "").matchAll(/(?:"([^"]+)"|([\w-]+)):\s*"([^"]+)"/g)].map((match) => [
      match[1] ?? match[2],
      match[3],
    ]),
  );
  return Object.entries(manifest.exports)
    .filter(([subpath]) => !subpath.endsWith(".json"))
    .map(([subpath, target]) => {
      const built = typeof target === "string" ? target : target.import.default;
      const entry = /^\.\/dist\/(.+)\.js$/.exec(built)?.[1];
      const source = entry === undefined ? undefined : entries[entry];
      if (source === undefined) throw new Error(`${packageDir}: exports["${subpath}"] (${built}) is not a tsup entry`);
      return {
        specifier: subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
        packageDir,
        source: join(packageDir, source),
      };
    });
}

/** The exported names of each source entry file, sorted, split into all names and the run-time values. */
export function exportedNamesOf(root: string, sources: readonly string[]): Map<string, { all: string[]; values: string[] }> {
  const program = sourceProgram(root, sources);
  const checker = program.getTypeChecker();
  const names = new Map<string, { all: string[]; values: string[] }>();
  for (const source of sources) {
    const file = program.getSourceFile(join(root, source));
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${source}: not found or not a module`);
    const symbols = checker.getExportsOfModule(module);
    const isValue = (symbol: ts.Symbol) => {
      const declaration = symbol.declarations?.[0];
      // `export { type X }` / `export type { X }`: a type-only export even when X is a class or a constant.
      if (
        declaration !== undefined &&
        ts.isExportSpecifier(declaration) &&
        (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)
      )
        return false;
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    };
    names.set(source, {
      all: symbols.map((symbol) => symbol.name).sort(),
      values: symbols
        .filter(isValue)
        .map((symbol) => symbol.name)
        .sort(),
    });
  }
  return names;
}

/** A TypeScript program over the entry files, resolved as Node resolves the packages (no emit). */
export function sourceProgram(root: string, sources: readonly string[]): ts.Program {
  return ts.createProgram(
    sources.map((source) => join(root, source)),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
    },
  );
}
