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

/** True when the tool may be bound: enabled, not excluded, available on the platform, and searchable unless core. */
export function isBindable(tool: ToolMetadata, { platform, exclude }: ToolFilterOptions, isCore: boolean): boolean {
  if (!tool.enabled) return false;
  if (exclude?.includes(tool.name)) return false;
  if (!isCore && !tool.searchable) return false;
  return platform === undefined || tool.platforms === "all" || tool.platforms.includes(platform);
}
