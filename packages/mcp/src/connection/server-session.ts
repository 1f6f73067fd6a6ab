/**
 * @module One MCP server's lifecycle: its known tools (from the cache or the last listing), one shared lazy
 * connection, and a reset after any failure so the next call starts it again.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  CACHE_FORMAT_VERSION,
  readServerMetadata,
  writeServerMetadata,
  type CachedServerInfo,
  type CachedTool,
  type ServerMetadata,
} from "../cache/metadata-cache.js";
import { quote } from "@dynamic-tools/core/internal";
import { canonicalJson, configHash } from "../config/config-hash.js";
import type { McpServerConfig } from "../config/server-config.js";
import { describeCause, McpServerError } from "../errors/mcp-server-error.js";
import type { LiveServer } from "./connect-server.js";

/**
 * Where a server stands. `idle`: nothing known yet (before the source's first `tools()`); `cached`: tools known,
 * no connection; `connecting`; `connected`; `failed`: the last start, connect or call failed (the next call retries).
 */
export type ServerStatus = "idle" | "cached" | "connecting" | "connected" | "failed";

/** Options of {@link ServerSession}. */
export interface ServerSessionOptions {
  serverId: string;
  config: McpServerConfig;
  cacheDir: string;
  connectTimeoutMs: number;
  onStderr: (serverId: string, text: string) => void;
  /** The known tools changed (first load, or a listing that differs). */
  onMetadata: (metadata: ServerMetadata) => void;
  /** A failure nobody awaits (a background re-listing, a cache write). */
  onBackgroundError: (error: McpServerError) => void;
}

function sameTools(a: ServerMetadata | undefined, tools: CachedTool[], server: CachedServerInfo): boolean {
  return a !== undefined && canonicalJson([a.tools, a.server ?? {}]) === canonicalJson([tools, server]);
}

/** The state of one configured MCP server. Internal: {@link createMcpToolSource} is the public face. */
export class ServerSession {
  readonly serverId: string;
  readonly configHash: string;
  #status: ServerStatus = "idle";
  #lastError: McpServerError | undefined;
  #metadata: ServerMetadata | undefined;
  #live: Promise<LiveServer> | undefined;
  /** The session #live resolved to, once it did: lets a close event tell whether it is about the current one. */
  #current: LiveServer | undefined;
  #closed = false;
  readonly #options: ServerSessionOptions;

  constructor(options: ServerSessionOptions) {
    this.#options = options;
    this.serverId = options.serverId;
    this.configHash = configHash(options.config);
  }

  get status(): ServerStatus {
    return this.#status;
  }

  /** The last failure, until the next successful connect. */
  get lastError(): McpServerError | undefined {
    return this.#lastError;
  }

  /** The tools known now, or undefined before the first load. */
  get metadata(): ServerMetadata | undefined {
    return this.#metadata;
  }

  /**
   * Makes the tools known: from a valid cache file without connecting, else by connecting (which writes the cache).
   * @throws McpServerError when there is no valid cache and the server cannot be reached.
   */
  async load(): Promise<void> {
    if (this.#metadata !== undefined) return;
    const cached = await readServerMetadata(this.#options.cacheDir, this.serverId, this.configHash);
    if (cached !== undefined && this.#metadata === undefined) {
      this.#metadata = cached;
      if (this.#status === "idle") this.#status = "cached";
      this.#options.onMetadata(cached);
      return;
    }
    await this.connect();
  }

  /** The live session, connecting once for all concurrent callers. @throws McpServerError */
  connect(): Promise<LiveServer> {
    if (this.#closed) return Promise.reject(new McpServerError(this.serverId, "its tool source was closed."));
    this.#live ??= this.#open();
    return this.#live;
  }

  async #open(): Promise<LiveServer> {
    this.#status = "connecting";
    let live: LiveServer;
    try {
      const { connectServer } = await import("./connect-server.js");
      live = await connectServer({
        serverId: this.serverId,
        config: this.#options.config,
        timeoutMs: this.#options.connectTimeoutMs,
        onStderr: (text) => this.#options.onStderr(this.serverId, text),
        onSkippedTool: (toolName, reason) =>
          this.#options.onBackgroundError(
            new McpServerError(this.serverId, `skipped its tool ${quote(toolName)}: ${reason}. Its other tools are loaded.`),
          ),
        onClose: () => this.#lost(live, "its connection closed"),
        onToolListChanged: () => {
          this.refresh().catch((error: unknown) =>
            this.#options.onBackgroundError(this.#asServerError(error, "re-listing its tools failed")),
          );
        },
      });
    } catch (error) {
      this.#live = undefined;
      this.#status = "failed";
      this.#lastError = new McpServerError(this.serverId, `could not start or connect: ${describeCause(error)}`, { cause: error });
      throw this.#lastError;
    }
    this.#current = live;
    this.#status = "connected";
    this.#lastError = undefined;
    await this.#remember(live, false);
    return live;
  }

  /** Calls one of the server's tools by its own name, connecting first if needed. @throws McpServerError */
  async call(toolName: string, args: Record<string, unknown>, config: RunnableConfig | undefined): Promise<unknown> {
    const live = await this.connect();
    if (!live.tools.some((tool) => tool.name === toolName)) {
      const names = live.tools.map((tool) => tool.name).join(", ") || "none";
      throw new McpServerError(this.serverId, `it has no tool ${quote(toolName)} any more (its tools: ${names}).`);
    }
    try {
      return await live.call(toolName, args, config);
    } catch (error) {
      // A tool error (the server answered isError, bad arguments): the server itself is fine.
      if (live.open) throw error;
      const tail = live.stderrTail();
      // The adapter wraps the SDK's error ("Error calling tool x: McpError: MCP error -32000: Connection closed").
      const cause = describeCause(error).replace(/^Error calling tool \S+: (McpError: )?/, "");
      throw this.#lost(
        live,
        `its connection was lost during a call of ${quote(toolName)} (${cause})${tail ? ` (server stderr: ${tail})` : ""}`,
        error,
      );
    }
  }

  /** Connects if needed, lists the tools again and rewrites the cache. @throws McpServerError */
  async refresh(): Promise<void> {
    const live = await this.connect();
    try {
      await live.relist();
    } catch (error) {
      throw live.open
        ? this.#asServerError(error, "listing its tools failed")
        : this.#lost(live, `its connection was lost while listing tools: ${describeCause(error)}`, error);
    }
    await this.#remember(live, true);
  }

  /** Closes the connection, if any; the next call connects again (unless `final`). */
  async disconnect(final = false): Promise<void> {
    if (final) this.#closed = true;
    const pending = this.#live;
    this.#live = undefined;
    this.#current = undefined;
    if (pending !== undefined) {
      const live = await pending.catch(() => undefined);
      await live?.close().catch(() => undefined);
    }
    if (this.#status !== "failed") this.#status = this.#metadata === undefined ? "idle" : "cached";
  }

  /** Records what a live session listed; writes the cache when it changed, or always when `rewrite`. */
  async #remember(live: LiveServer, rewrite: boolean): Promise<void> {
    const changed = !sameTools(this.#metadata, live.tools, live.server);
    if (!changed && !rewrite) return;
    const metadata: ServerMetadata = {
      formatVersion: CACHE_FORMAT_VERSION,
      serverId: this.serverId,
      configHash: this.configHash,
      savedAt: new Date().toISOString(),
      server: live.server,
      tools: live.tools,
    };
    this.#metadata = metadata;
    try {
      await writeServerMetadata(this.#options.cacheDir, metadata);
    } catch (error) {
      this.#options.onBackgroundError(this.#asServerError(error, "writing its metadata cache failed"));
    }
    // After the write: a listener that reads the cache finds what the event announces.
    if (changed) this.#options.onMetadata(metadata);
  }

  /** Forgets a dead session (if it is still the current one) and returns the error that explains it. */
  #lost(live: LiveServer | undefined, reason: string, cause?: unknown): McpServerError {
    const error = new McpServerError(this.serverId, reason, cause === undefined ? undefined : { cause });
    // Only the current session: a late close event of an older one must not reset a newer connection.
    if (live !== undefined && this.#current === live) {
      this.#current = undefined;
      this.#live = undefined;
      this.#status = "failed";
    }
    // The most precise explanation wins, unless a new connection is already under way.
    if (this.#live === undefined && this.#status === "failed") this.#lastError = error;
    return error;
  }

  #asServerError(error: unknown, reason: string): McpServerError {
    return McpServerError.isInstance(error)
      ? error
      : new McpServerError(this.serverId, `${reason}: ${describeCause(error)}`, { cause: error });
  }
}
