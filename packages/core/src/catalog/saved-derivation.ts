/**
 * @module What a catalog derives from its tools that is costly to derive again (every definition's token count), saved by {@link ToolCatalog.saveDerived} and handed back at
 * construction (`new ToolCatalog({ ..., derived })`), with the fingerprint that says which tools it was derived from.
 */
import { createHash } from "node:crypto";
import type { CatalogContext, CatalogEntry } from "./catalog-state.js";

/** A catalog's saved derivation (see the module summary); plain JSON. */
export interface SavedCatalogDerivation {
  /** {@link derivationFingerprint} of the catalog it was saved from: used only by a catalog with the same one. */
  fingerprint: string;
  /** Token counts of the definitions counted so far (all of them when saved for a snapshot). */
  tokens: Array<[tool: string, tokens: number]>;
  /**
   * The source hash of the catalog file it was loaded from (see `catalog-source.ts`), when saved before any update:
   * loading that very file again with this derivation skips validating its tools and fingerprinting them.
   */
  source?: string;
}

/**
 * One hash over everything a catalog's derivation depends on: every tool's metadata in catalog order, the declared
 * categories and namespaces, the declared core tools and the default permission. Two catalogs with the same
 * fingerprint count the same tokens.
 */
export function derivationFingerprint(entries: Iterable<CatalogEntry>, context: CatalogContext): string {
  const hash = createHash("sha1");
  for (const { metadata } of entries) hash.update(JSON.stringify(metadata), "utf8").update("\n");
  const declared = [[...context.categories], [...context.namespaces], [...context.core].sort(), context.defaultPermission];
  return hash.update(JSON.stringify(declared), "utf8").digest("base64");
}
