/**
 * @module The tools of the MCP servers a servers file configures, through `@dynamic-tools/mcp` (an optional
 * package, imported on first use): what the CLI's `--mcp <servers.json>` reads.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { NamespaceDeclaration } from "../catalog/catalog-config.js";
import type { ToolDeclaration } from "../catalog/tool-metadata.js";
import { describeValue } from "../errors/describe-value.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** The MCP plug-in. A variable: bundlers must not resolve the optional package. */
const MCP_PACKAGE = "@dynamic-tools/mcp";

/** What the CLI needs of `@dynamic-tools/mcp`'s `createMcpToolSource` (core cannot import its types). */
interface McpSourceLike {
  tools(): Promise<StructuredToolInterface[]>;
  declarations(): ToolDeclaration[];
  namespaceDeclarations(): Record<string, NamespaceDeclaration>;
  close(): Promise<void>;
}
interface McpModuleLike {
  createMcpToolSource(options: {
    servers: Record<string, unknown>;
    cacheDir: string;
    namespaceDescriptions?: Record<string, string>;
    connectTimeoutMs?: number;
    onServerError?: (error: Error) => void;
    onStderr?: (serverId: string, text: string) => void;
  }): McpSourceLike;
}

/** The tools of a servers file, with their declarations (source, namespace, permission) and namespaces. */
export interface McpServersTools {
  tools: StructuredToolInterface[];
  declarations: ToolDeclaration[];
  namespaces: Record<string, NamespaceDeclaration>;
}

function invalid(file: string, message: string, cause?: unknown): DynamicToolsError {
  return new DynamicToolsError("INVALID_OPTION", `${file}: ${message}`, cause === undefined ? {} : { cause });
}

/**
 * The server map of a servers file, in any of three shapes: `{ "servers": { id: config } , "cacheDir"?,
 * "namespaceDescriptions"?, "connectTimeoutMs"? }` (the options of `createMcpToolSource`), `{ "mcpServers": { id:
 * config } }` (the shape MCP clients use; `transport` is inferred: `command` → stdio, `url` → http), or the map of
 * servers by id itself.
 */
export function parseServersFile(
  file: string,
  text: string,
): { servers: Record<string, unknown>; cacheDir?: string; namespaceDescriptions?: Record<string, string>; connectTimeoutMs?: number } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw invalid(file, `not valid JSON: ${(cause as Error).message}`, cause);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalid(file, `expected an object of MCP servers by id (or { "servers": … }), got ${describeValue(value)}.`);
  const record = value as Record<string, unknown>;
  if ("mcpServers" in record) {
    const servers = record.mcpServers;
    if (typeof servers !== "object" || servers === null || Array.isArray(servers))
      throw invalid(file, `mcpServers: expected an object of servers by id, got ${describeValue(servers)}.`);
    const inferred = Object.fromEntries(
      Object.entries(servers as Record<string, unknown>).map(([id, config]) => {
        if (typeof config !== "object" || config === null || "transport" in config) return [id, config];
        const transport = "url" in config ? "http" : "stdio";
        const { type: _type, ...rest } = config as Record<string, unknown>;
        return [id, { transport, ...rest }];
      }),
    );
    return { servers: inferred };
  }
  if ("servers" in record) {
    const { servers, cacheDir, namespaceDescriptions, connectTimeoutMs } = record as {
      servers: Record<string, unknown>;
      cacheDir?: string;
      namespaceDescriptions?: Record<string, string>;
      connectTimeoutMs?: number;
    };
    return {
      servers,
      ...(cacheDir === undefined ? {} : { cacheDir }),
      ...(namespaceDescriptions === undefined ? {} : { namespaceDescriptions }),
      ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
    };
  }
  return { servers: record };
}

/**
 * Starts (or reads from the file's `cacheDir`) every server of a servers file, lists its tools and closes the
 * connections. Without a `cacheDir` in the file, nothing is cached: each run lists the servers afresh.
 *
 * @param importModule - replaceable for tests.
 * @throws DynamicToolsError `INVALID_OPTION` for an unreadable or invalid file (naming it) or a missing
 *   `@dynamic-tools/mcp`; `SOURCE_UNAVAILABLE` when a server cannot be reached (naming it, with its stderr).
 */
export async function loadMcpServersFile(
  file: string,
  importModule: () => Promise<unknown> = () => import(MCP_PACKAGE),
): Promise<McpServersTools> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (cause) {
    throw new DynamicToolsError("CATALOG_FILE_UNREADABLE", `Cannot read the MCP servers file ${file}: ${(cause as Error).message}`, {
      cause,
    });
  }
  const options = parseServersFile(file, text);
  let module: McpModuleLike;
  try {
    module = (await importModule()) as McpModuleLike;
  } catch (cause) {
    const code = (cause as { code?: unknown }).code;
    if (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND") throw cause;
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `--mcp reads MCP servers through "${MCP_PACKAGE}", which is not installed: npm install ${MCP_PACKAGE} (before it is published, the tarball a clone packs: npm run pack-all, then npm install <clone>/packed/dynamic-tools-mcp-0.1.0.tgz).`,
      {
        cause,
      },
    );
  }
  const temporary = options.cacheDir === undefined ? mkdtempSync(join(tmpdir(), "dynamic-tools-mcp-")) : undefined;
  const failures: string[] = [];
  const stderr = new Map<string, string>();
  let source: McpSourceLike;
  try {
    source = module.createMcpToolSource({
      ...options,
      cacheDir: options.cacheDir ?? temporary!,
      onServerError: (error) => failures.push(error.message),
      // Kept, and shown only when the server fails: a working server's banner is not the command's output.
      onStderr: (serverId, chunk) => stderr.set(serverId, `${stderr.get(serverId) ?? ""}${chunk}`.slice(-2_000)),
    });
  } catch (cause) {
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
    if (DynamicToolsError.isInstance(cause)) throw invalid(file, cause.message, cause);
    throw cause;
  }
  try {
    const tools = await source.tools();
    if (failures.length > 0) {
      const logs = [...stderr].map(([id, text]) => `[mcp:${id}] ${text.trim().split("\n").slice(-5).join(`\n[mcp:${id}] `)}`).join("\n");
      throw new DynamicToolsError("SOURCE_UNAVAILABLE", `${file}: ${failures.join("; ")}${logs === "" ? "" : `\n${logs}`}`);
    }
    return { tools, declarations: source.declarations(), namespaces: source.namespaceDeclarations() };
  } finally {
    await source.close();
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
  }
}
