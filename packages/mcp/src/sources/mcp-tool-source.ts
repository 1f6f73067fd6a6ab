/**
 * @module The MCP tool source: the tools of configured MCP servers under `mcp_{serverId}_`, built from the metadata
 * cache without connecting, each server started or connected on the first call of one of its tools.
 */
import { DynamicToolsError, type ToolDeclaration } from "@dynamic-tools/core";
import { didYouMean, quote, type NamespaceDeclaration } from "@dynamic-tools/core/internal";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { ServerMetadata } from "../cache/metadata-cache.js";
import { canonicalJson } from "../config/config-hash.js";
import { parseServerConfigs } from "../config/parse-server-configs.js";
import type { McpServerConfig } from "../config/server-config.js";
import { ServerSession, type ServerStatus } from "../connection/server-session.js";
import type { McpServerError } from "../errors/mcp-server-error.js";
import { diffTools, toolsUpdatedListeners, type ToolsUpdatedListener, type Unsubscribe } from "../events/tools-updated.js";
import { namespaceName, prefixedToolNames } from "../naming/source-names.js";
import { permissionFromAnnotations } from "../tools/permission.js";
import { createProxyTool } from "../tools/proxy-tool.js";
import { sourceDeclaration } from "../tools/tool-declaration.js";
import { namespaceDeclarations, type ToolNamespace } from "../tools/tool-namespace.js";

/** Options of {@link createMcpToolSource}. */
export interface McpToolSourceOptions {
  /** The servers by id (1–40 letters, digits or "-"): the id names their tools, `mcp_{serverId}_{tool}`. */
  servers: Readonly<Record<string, McpServerConfig>>;
  /** The folder of the metadata cache, one `{serverId}.json` per server; created when first written. */
  cacheDir: string;
  /**
   * A description of each server's namespace for tool search.
   * @defaultValue the first line of the server's instructions, else a generic line
   */
  namespaceDescriptions?: Readonly<Record<string, string>>;
  /** Most time to start and initialise a server, in ms. @defaultValue 30000 */
  connectTimeoutMs?: number;
  /**
   * Failures nobody awaits: a server without a valid cache that cannot be reached while `tools()` loads (its tools
   * are then missing until a later `tools()` or `refresh()`), a failed background re-listing, a failed cache write.
   * @defaultValue `console.warn` of the message
   */
  onServerError?: (error: McpServerError) => void;
  /** What stdio servers write on stderr. @defaultValue written to this process's stderr, each line prefixed `[mcp:{serverId}]` */
  onStderr?: (serverId: string, text: string) => void;
}

/** The tools of a set of MCP servers; see {@link createMcpToolSource}. */
export interface McpToolSource {
  /** The configured server ids. */
  readonly serverIds: readonly string[];
  /**
   * Every server's tools as LangChain tools. The first call reads the cache, and connects only the servers without a
   * valid cache entry (and writes theirs); later calls return the known tools, retrying servers that have none.
   * A server that cannot be reached contributes no tools and is reported to `onServerError`; it never fails the call.
   */
  tools(): Promise<StructuredToolInterface[]>;
  /** Catalog declarations of the known tools: source "mcp", sourceId, namespace and permission. */
  declarations(): ToolDeclaration[];
  /** One namespace per server that has tools. */
  namespaces(): ToolNamespace[];
  /** The same namespaces as a `ToolCatalog`'s `namespaces` option (name → description). */
  namespaceDeclarations(): Record<string, NamespaceDeclaration>;
  /** Where a server stands. @throws DynamicToolsError `INVALID_OPTION` for an unknown server id */
  status(serverId: string): ServerStatus;
  /** The last failure of a server, until it connects again. */
  lastError(serverId: string): McpServerError | undefined;
  /**
   * Connects (or reuses the connection), lists the tools again and rewrites the cache, for one server or all.
   * Fires `onToolsUpdated` for each server whose tools changed.
   * @throws McpServerError the first failure, after every server was tried.
   */
  refresh(serverId?: string): Promise<StructuredToolInterface[]>;
  /** Closes connections (ends stdio processes) but stays usable: the next call connects again. */
  disconnect(serverId?: string): Promise<void>;
  /** Closes every connection for good; later calls fail with an error naming the server. */
  close(): Promise<void>;
  /** Called whenever a server's tool list changes after it was first known (a connect or refresh found other tools). */
  onToolsUpdated(listener: ToolsUpdatedListener): Unsubscribe;
}

interface Entry {
  tool: StructuredToolInterface;
  declaration: ToolDeclaration;
  fingerprint: string;
}

function unknownServer(serverId: string, known: readonly string[], path: string[]): DynamicToolsError {
  return new DynamicToolsError(
    "INVALID_OPTION",
    `${path.join(".")}: there is no MCP server ${quote(serverId)}.${didYouMean(serverId, known)} Servers: ${known.join(", ") || "(none)"}.`,
    { path },
  );
}

/** The first line of a server's instructions, at most 200 characters: tool search lists every namespace. */
function summary(instructions: string | undefined): string | undefined {
  const line = instructions?.trim().split("\n")[0]?.trim();
  if (!line) return undefined;
  return line.length <= 200 ? line : `${line.slice(0, 199)}…`;
}

function writeStderr(serverId: string, text: string): void {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  process.stderr.write(lines.map((line) => `[mcp:${serverId}] ${line}\n`).join(""));
}

/** The longest delay a timer takes (2³¹ − 1 ms): Node fires a longer one at once. */
const MAX_TIMER_MS = 2_147_483_647;

class ServerToolSource implements McpToolSource {
  readonly serverIds: readonly string[];
  readonly #sessions = new Map<string, ServerSession>();
  /** Each server's tools by catalog name; absent until the server was first loaded (or failed to load). */
  readonly #entries = new Map<string, Map<string, Entry>>();
  readonly #listeners = toolsUpdatedListeners();
  /** Namespace descriptions by server id (a Map: ids such as `constructor` are user data, not object keys). */
  readonly #descriptions: Map<string, string>;
  readonly #onServerError: (error: McpServerError) => void;
  #loading: Promise<void> | undefined;

  constructor(options: McpToolSourceOptions) {
    const servers = parseServerConfigs(options.servers);
    if (typeof options.cacheDir !== "string" || options.cacheDir.trim() === "") {
      throw new DynamicToolsError("INVALID_OPTION", `cacheDir: expected a folder path, got ${JSON.stringify(options.cacheDir)}.`, {
        path: ["cacheDir"],
      });
    }
    const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    if (!Number.isFinite(connectTimeoutMs) || connectTimeoutMs <= 0) {
      throw new DynamicToolsError("INVALID_OPTION", `connectTimeoutMs must be a positive number of ms, got ${String(connectTimeoutMs)}.`, {
        path: ["connectTimeoutMs"],
      });
    }
    if (connectTimeoutMs > MAX_TIMER_MS) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `connectTimeoutMs must be at most ${MAX_TIMER_MS} ms (about 24.8 days, the longest timer Node keeps; a longer one fires at once), got ${connectTimeoutMs}.`,
        { path: ["connectTimeoutMs"] },
      );
    }
    this.serverIds = Object.freeze(Object.keys(servers));
    this.#descriptions = new Map(Object.entries(options.namespaceDescriptions ?? {}));
    for (const serverId of this.#descriptions.keys()) {
      if (!Object.hasOwn(servers, serverId)) throw unknownServer(serverId, this.serverIds, ["namespaceDescriptions", serverId]);
    }
    this.#onServerError = options.onServerError ?? ((error) => console.warn(error.message));
    for (const [serverId, config] of Object.entries(servers)) {
      this.#sessions.set(
        serverId,
        new ServerSession({
          serverId,
          config,
          cacheDir: options.cacheDir,
          connectTimeoutMs,
          onStderr: options.onStderr ?? writeStderr,
          onMetadata: (metadata) => this.#update(metadata),
          onBackgroundError: (error) => this.#onServerError(error),
        }),
      );
    }
  }

  async tools(): Promise<StructuredToolInterface[]> {
    this.#loading ??= this.#loadMissing().finally(() => {
      this.#loading = undefined;
    });
    await this.#loading;
    return this.#allEntries().map((entry) => entry.tool);
  }

  async #loadMissing(): Promise<void> {
    const missing = [...this.#sessions.values()].filter((session) => session.metadata === undefined);
    await Promise.all(
      missing.map(async (session) => {
        try {
          await session.load();
        } catch (error) {
          if (!this.#entries.has(session.serverId)) this.#entries.set(session.serverId, new Map());
          this.#onServerError(error as McpServerError);
        }
      }),
    );
  }

  declarations(): ToolDeclaration[] {
    return this.#allEntries().map((entry) => entry.declaration);
  }

  namespaces(): ToolNamespace[] {
    // In configuration order, like tools(): #entries is filled in whatever order the servers finished loading.
    return this.serverIds
      .map((serverId) => [serverId, this.#entries.get(serverId)] as const)
      .filter((pair): pair is readonly [string, Map<string, Entry>] => pair[1] !== undefined && pair[1].size > 0)
      .map(([serverId, entries]) => ({
        name: namespaceName("mcp", serverId),
        description:
          this.#descriptions.get(serverId) ??
          summary(this.#sessions.get(serverId)?.metadata?.server?.instructions) ??
          `Tools of the MCP server "${serverId}".`,
        source: "mcp" as const,
        sourceId: serverId,
        tools: [...entries.keys()],
      }));
  }

  namespaceDeclarations(): Record<string, NamespaceDeclaration> {
    return namespaceDeclarations(this.namespaces());
  }

  status(serverId: string): ServerStatus {
    return this.#requireSession(serverId, ["serverId"]).status;
  }

  lastError(serverId: string): McpServerError | undefined {
    return this.#requireSession(serverId, ["serverId"]).lastError;
  }

  async refresh(serverId?: string): Promise<StructuredToolInterface[]> {
    const sessions = serverId === undefined ? [...this.#sessions.values()] : [this.#requireSession(serverId, ["serverId"])];
    const results = await Promise.allSettled(sessions.map((session) => session.refresh()));
    sessions.forEach((session) => {
      if (!this.#entries.has(session.serverId)) this.#entries.set(session.serverId, new Map());
    });
    const failure = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
    if (failure !== undefined) throw failure.reason;
    return this.#allEntries().map((entry) => entry.tool);
  }

  async disconnect(serverId?: string): Promise<void> {
    const sessions = serverId === undefined ? [...this.#sessions.values()] : [this.#requireSession(serverId, ["serverId"])];
    await Promise.all(sessions.map((session) => session.disconnect()));
  }

  async close(): Promise<void> {
    await Promise.all([...this.#sessions.values()].map((session) => session.disconnect(true)));
  }

  onToolsUpdated(listener: ToolsUpdatedListener): Unsubscribe {
    return this.#listeners.add(listener);
  }

  #allEntries(): Entry[] {
    return this.serverIds.flatMap((serverId) => [...(this.#entries.get(serverId)?.values() ?? [])]);
  }

  #requireSession(serverId: string, path: string[]): ServerSession {
    const session = this.#sessions.get(serverId);
    if (session === undefined) throw unknownServer(serverId, this.serverIds, path);
    return session;
  }

  /** Rebuilds one server's proxies from its metadata, keeping the objects of unchanged tools. */
  #update(metadata: ServerMetadata): void {
    const { serverId } = metadata;
    const session = this.#sessions.get(serverId)!;
    const namespace = namespaceName("mcp", serverId);
    const previous = this.#entries.get(serverId);
    const next = new Map<string, Entry>();
    const names = prefixedToolNames(
      namespace,
      metadata.tools.map((cached) => cached.name),
    );
    for (const [index, cached] of metadata.tools.entries()) {
      const name = names[index]!;
      const permission = permissionFromAnnotations(cached.annotations);
      const fingerprint = canonicalJson([cached.name, cached.description, cached.inputSchema, cached.annotations ?? null]);
      const kept = previous?.get(name);
      if (kept !== undefined && kept.fingerprint === fingerprint) {
        next.set(name, kept);
        continue;
      }
      const info = { source: "mcp" as const, sourceId: serverId, namespace, permission };
      const tool = createProxyTool({
        name,
        toolName: cached.name,
        description: cached.description,
        inputSchema: cached.inputSchema,
        annotations: cached.annotations,
        info,
        call: (toolName, args, config) => session.call(toolName, args, config),
      });
      next.set(name, {
        tool,
        fingerprint,
        declaration: sourceDeclaration({ name, description: cached.description, parameters: cached.inputSchema }, info),
      });
    }
    this.#entries.set(serverId, next);
    if (previous === undefined) return; // the first listing is what tools() returns, not an update
    const fingerprints = (entries: Map<string, Entry>) => new Map([...entries].map(([name, entry]) => [name, entry.fingerprint]));
    const diff = diffTools(fingerprints(previous), fingerprints(next));
    if (diff.added.length + diff.changed.length + diff.removed.length === 0) return;
    const entries = [...next.values()];
    this.#listeners.emit({
      source: "mcp",
      sourceId: serverId,
      namespace,
      tools: entries.map((entry) => entry.tool),
      declarations: entries.map((entry) => entry.declaration),
      ...diff,
    });
  }
}

/**
 * The tools of a set of MCP servers (stdio or Streamable HTTP), named `mcp_{serverId}_{tool}`, with source "mcp",
 * sourceId the server id, namespace `mcp_{serverId}` and a permission from the tool's annotations. Each server's tool
 * list is cached in `cacheDir` under a hash of its configuration: with a valid cache the tools are built without
 * starting the server, which starts (or is connected) on the first call of one of its tools. One connection per
 * server is shared by all calls. A server that fails to start or dies during a call makes that call throw an error
 * naming the server and the cause (a ToolNode turns it into an error ToolMessage); the next call tries again.
 *
 * @param options.servers - the servers by id; `{ transport: "stdio", command, args?, env?, cwd? }` or
 *   `{ transport: "http", url, headers? }`.
 * @param options.cacheDir - the folder of the metadata cache.
 * @param options.namespaceDescriptions - a description per server id, for namespace loading in tool search.
 * @param options.connectTimeoutMs - most time to start and initialise a server. @defaultValue 30000
 * @param options.onServerError - failures nobody awaits. @defaultValue console.warn
 * @param options.onStderr - stderr of stdio servers. @defaultValue prefixed and written to process.stderr
 * @throws DynamicToolsError `INVALID_OPTION` for a bad server id or configuration, naming the server and the valid
 *   transports or keys.
 * @example
 * ```ts
 * import { createMcpToolSource } from "@dynamic-tools/mcp";
 *
 * const mcp = createMcpToolSource({
 *   servers: {
 *     files: { transport: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
 *     docs: { transport: "http", url: "https://example.com/mcp", headers: { Authorization: `Bearer ${token}` } },
 *   },
 *   cacheDir: ".dynamic-tools/mcp",
 * });
 * const tools = await mcp.tools(); // from the cache when it is valid: no server started
 * const catalog = new ToolCatalog({ tools, declarations: mcp.declarations(), namespaces: mcp.namespaceDeclarations() });
 * // …
 * await mcp.close(); // a server it started keeps the process alive until then (so "beforeExit" would never fire)
 * ```
 */
export function createMcpToolSource(options: McpToolSourceOptions): McpToolSource {
  return new ServerToolSource(options);
}
