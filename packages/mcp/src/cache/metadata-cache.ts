/**
 * @module The metadata cache: one JSON file per MCP server with its tools and the hash of the configuration they
 * were listed under, so a catalog can be built at start-up without starting a single server.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { JsonSchema } from "@dynamic-tools/core";
import { isRecord } from "@dynamic-tools/core/internal";

/** The version of the cache file format; a file of another version is ignored (and rewritten on connect). */
export const CACHE_FORMAT_VERSION = 1;

/** The MCP tool annotations the catalog uses (all are hints: a server may not tell the truth). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool as listed by its server (schema as `@langchain/mcp-adapters` presents it to the model). */
export interface CachedTool {
  /** The tool's own name on the server, without prefix. */
  name: string;
  description: string;
  inputSchema: JsonSchema;
  annotations?: McpToolAnnotations;
}

/** What the server said about itself when it was connected. */
export interface CachedServerInfo {
  name?: string;
  version?: string;
  instructions?: string;
}

/** The content of one cache file. */
export interface ServerMetadata {
  formatVersion: typeof CACHE_FORMAT_VERSION;
  serverId: string;
  /** {@link configHash} of the configuration the tools were listed under. */
  configHash: string;
  /** ISO 8601 time of the listing. */
  savedAt: string;
  server?: CachedServerInfo;
  tools: CachedTool[];
}

/**
 * The cache file of a server: `{cacheDir}/{serverId}.json` (server ids are validated to be safe file names).
 *
 * @example
 * ```ts
 * import { rmSync } from "node:fs";
 * rmSync(cacheFilePath(".dynamic-tools/mcp", "files"), { force: true }); // the next start connects "files"
 * ```
 */
export function cacheFilePath(cacheDir: string, serverId: string): string {
  return join(cacheDir, `${serverId}.json`);
}

function isCachedTool(value: unknown): value is CachedTool {
  return (
    isRecord(value) &&
    typeof value.name === "string" &&
    typeof value.description === "string" &&
    isRecord(value.inputSchema) &&
    (value.annotations === undefined || isRecord(value.annotations))
  );
}

/**
 * The cached metadata of a server, or undefined when there is none to trust: no file, unreadable or malformed JSON,
 * another format version, another server, or a configuration hash that no longer matches.
 */
export async function readServerMetadata(cacheDir: string, serverId: string, expectedHash: string): Promise<ServerMetadata | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(cacheFilePath(cacheDir, serverId), "utf8"));
  } catch {
    return undefined; // missing or corrupt: the server is connected instead, and the file rewritten
  }
  if (
    !isRecord(parsed) ||
    parsed.formatVersion !== CACHE_FORMAT_VERSION ||
    parsed.serverId !== serverId ||
    parsed.configHash !== expectedHash ||
    !Array.isArray(parsed.tools) ||
    !parsed.tools.every(isCachedTool)
  ) {
    return undefined;
  }
  return parsed as unknown as ServerMetadata;
}

/** Writes a server's metadata, atomically (a reader never sees half a file). */
export async function writeServerMetadata(cacheDir: string, metadata: ServerMetadata): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const file = cacheFilePath(cacheDir, metadata.serverId);
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(metadata, null, 2)}\n`);
  await rename(temporary, file);
}
