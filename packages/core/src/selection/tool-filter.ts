/**
 * @module Which tools may be bound at all: enabled, for this platform, and (for anything but core) searchable.
 */
import type { ToolMetadata } from "../catalog/tool-metadata.js";

/** Filters applied to every candidate tool. */
export interface ToolFilterOptions {
  /** The platform the agent runs on; tools declaring other platforms are never exposed. */
  platform?: string;
  /** Tool names never to bind or run (an agent-level exclusion list). */
  exclude?: readonly string[];
}

/** True when the tool may run for this agent: enabled, not excluded, and available on the platform. */
export function isExecutable(tool: ToolMetadata, { platform, exclude }: ToolFilterOptions): boolean {
  if (!tool.enabled) return false;
  if (exclude?.includes(tool.name)) return false;
  return platform === undefined || tool.platforms === "all" || tool.platforms.includes(platform);
}

/**
 * True when the tool may be bound to a model: executable ({@link isExecutable}), searchable unless core, and with a
 * name and schema model APIs accept (a code-defined tool with a name such as `files.read`, or a schema with no JSON
 * Schema form, runs when called but is never bound: see `ToolMetadata.unbindable`).
 */
export function isBindable(tool: ToolMetadata, filters: ToolFilterOptions, isCore: boolean): boolean {
  if (tool.unbindable !== undefined) return false;
  if (!isCore && !tool.searchable) return false;
  return isExecutable(tool, filters);
}
