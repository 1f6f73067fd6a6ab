/**
 * @module The catalog's `toolsUpdated` event and what an update is made of.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ToolDeclaration, ToolMetadata } from "./tool-metadata.js";

/** One source's tools, as a tool source reports them (the mcp package's `ToolsUpdatedEvent` fits). */
export interface ToolsUpdate {
  source: "mcp" | "sdk";
  /** The MCP server id or SDK app name. */
  sourceId: string;
  /** Every tool this source now has (empty once it unregistered). */
  tools: readonly StructuredToolInterface[];
  /** The source's declarations of those tools; the catalog's own declarations still win. */
  declarations?: readonly ToolDeclaration[];
  /** The namespace of these tools, created when not declared. */
  namespace?: string;
  /** Its description, when the namespace is new. */
  namespaceDescription?: string;
}

/** What changed in one update of the catalog. */
export interface CatalogChange {
  /** The catalog's version after the update. */
  version: number;
  added: ToolMetadata[];
  /** Tools whose metadata or implementation changed. */
  changed: ToolMetadata[];
  /** Names of tools that are gone. */
  removed: string[];
}

/** Receives {@link CatalogChange}s. */
export type CatalogChangeListener = (event: CatalogChange) => void;
