/**
 * Which named types a package's public signatures use that no published entry point exports: read from the sources
 * with the TypeScript compiler. From every export of every entry point, it walks the declarations' type annotations
 * (parameters, results, properties, heritage, aliases; not bodies, not private members) to every named type declared
 * in a workspace package, and reports each that no entry point of that package exports under its own name.
 */
import { join, sep } from "node:path";
import ts from "typescript";
import { sourceProgram } from "./entry-point-names.js";

/** A type a public signature uses that cannot be imported. */
export interface UnexportedType {
  /** The type's name and the file that declares it (relative to the root). */
  type: string;
  /** The first exported name whose signature reaches it, and the chain of named types in between. */
  via: string;
}

export function unexportedTypes(root: string, sources: readonly string[]): UnexportedType[] {
  const program = sourceProgram(root, sources);
  const checker = program.getTypeChecker();
  const resolve = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  const ours = (declaration: ts.Declaration) => {
    const file = declaration.getSourceFile().fileName;
    return file.startsWith(join(root, "packages")) && file.includes(`${sep}src${sep}`) && !file.includes(`${sep}node_modules${sep}`);
  };
  const packageOf = (file: string) => file.slice(join(root, "packages").length + 1).split(sep)[0]!;

  // Every symbol an entry point exports, under the name it is exported as, by package.
  const exported = new Map<string, Set<ts.Symbol>>();
  const roots: Array<{ name: string; symbol: ts.Symbol }> = [];
  for (const source of sources) {
    const file = program.getSourceFile(join(root, source));
    const module = file === undefined ? undefined : checker.getSymbolAtLocation(file);
    if (module === undefined) throw new Error(`${source}: not found or not a module`);
    const set = exported.get(packageOf(join(root, source))) ?? new Set();
    exported.set(packageOf(join(root, source)), set);
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = resolve(symbol);
      if (target.name === symbol.name) set.add(target);
      roots.push({ name: `${source.split(sep).slice(0, 2).join("/")}: ${symbol.name}`, symbol: target });
    }
  }

  const missing = new Map<ts.Symbol, UnexportedType>();
  const visited = new Set<ts.Symbol>();
  const queue: Array<{ symbol: ts.Symbol; via: string }> = roots.map(({ name, symbol }) => ({ symbol, via: name }));

  /** Named types an annotation mentions. */
  const referencesIn = (node: ts.Node, found: ts.Symbol[]) => {
    const visit = (child: ts.Node): void => {
      if (ts.isTypeReferenceNode(child) || ts.isExpressionWithTypeArguments(child) || ts.isTypeQueryNode(child)) {
        const name = ts.isTypeReferenceNode(child) ? child.typeName : ts.isTypeQueryNode(child) ? child.exprName : child.expression;
        const symbol = checker.getSymbolAtLocation(ts.isQualifiedName(name) ? name.right : name);
        if (symbol !== undefined) found.push(resolve(symbol));
      }
      // Bodies and initial values are not signatures.
      if (ts.isBlock(child)) return;
      ts.forEachChild(child, visit);
    };
    visit(node);
  };

  /** The parts of a declaration that are its public signature. */
  const signatureParts = (declaration: ts.Declaration): ts.Node[] => {
    if (ts.isClassDeclaration(declaration)) {
      return [
        ...(declaration.heritageClauses ?? []),
        ...(declaration.typeParameters ?? []),
        ...declaration.members.filter((member) => {
          const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
          const hidden = modifiers.some(
            (modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
          );
          return !hidden && !(member.name !== undefined && ts.isPrivateIdentifier(member.name));
        }),
      ].map((member) => (ts.isPropertyDeclaration(member) ? (member.type ?? member) : member));
    }
    if (ts.isVariableDeclaration(declaration)) return declaration.type === undefined ? [] : [declaration.type];
    if (ts.isFunctionDeclaration(declaration))
      return [...declaration.parameters, ...(declaration.type ? [declaration.type] : []), ...(declaration.typeParameters ?? [])];
    return [declaration];
  };

  while (queue.length > 0) {
    const { symbol, via } = queue.shift()!;
    if (visited.has(symbol)) continue;
    visited.add(symbol);
    const declarations = (symbol.declarations ?? []).filter(ours);
    if (declarations.length === 0) continue;
    const isType = (symbol.flags & (ts.SymbolFlags.Type | ts.SymbolFlags.Class)) !== 0;
    const home = packageOf(declarations[0]!.getSourceFile().fileName);
    if (isType && !(symbol.flags & ts.SymbolFlags.TypeParameter) && !exported.get(home)?.has(symbol) && !missing.has(symbol)) {
      const file = declarations[0]!.getSourceFile().fileName.slice(root.length + 1);
      missing.set(symbol, { type: `${symbol.name} (${file})`, via });
    }
    for (const declaration of declarations) {
      const found: ts.Symbol[] = [];
      for (const part of signatureParts(declaration)) referencesIn(part, found);
      for (const next of found) if (!visited.has(next)) queue.push({ symbol: next, via: `${via} → ${next.name}` });
    }
  }
  return [...missing.values()].sort((a, b) => a.type.localeCompare(b.type));
}
