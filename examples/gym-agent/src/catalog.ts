/**
 * @module The gym agent's catalog: the 137 executable tools merged with the metadata in catalog.yaml.
 */
import { fileURLToPath } from "node:url";
import { loadCatalogFile, type ToolCatalog } from "@dynamic-tools/core";
import { createGymStore, type GymStore } from "./store.js";
import { createGymTools } from "./tools/index.js";

/** Path of the declarative catalog (categories, keywords, related, core, defaults, descriptions). */
export const GYM_CATALOG_FILE = fileURLToPath(new URL("../catalog.yaml", import.meta.url));

/** The gym catalog over a store (a fresh demo store by default). */
export function createGymCatalog(store: GymStore = createGymStore()): ToolCatalog {
  return loadCatalogFile(GYM_CATALOG_FILE, { tools: createGymTools(store) });
}
