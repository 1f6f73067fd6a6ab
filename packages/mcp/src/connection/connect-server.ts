/**
 * @module Opens one live session with one MCP server (stdio or Streamable HTTP), loaded lazily: the MCP SDK and
 * `@langchain/mcp-adapters` are imported only when a server is first connected, so a catalog built from the cache
 * never loads them.
 *
 * Why the SDK `Client` plus the adapters' `loadMcpTools`, not `MultiServerMCPClient`: the multi-server client
 * connects all its servers in one `initializeConnections()`, keeps a stdio connection whose process died (it only
 * checks that a connection was registered), and restarts servers on its own timer. Owning one `Client` per server
 * gives exactly one lazy connect, an `onclose` that marks the session dead the moment the child exits, and a clean
 * reconnect on the next call. `loadMcpTools` still does the LangChain part: schema simplification for the model,
 * content and artifact conversion of results, tool errors.
 */
import type { JsonSchema } from "@dynamic-tools/core";
import { checkParameters } from "@dynamic-tools/core/internal";
import type { DynamicStructuredTool } from "@langchain/core/tools";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CachedServerInfo, CachedTool, McpToolAnnotations } from "../cache/metadata-cache.js";
import type { McpServerConfig } from "../config/server-config.js";
import { BoundedReadBuffer, type ReadBufferLike } from "./bounded-read-buffer.js";

/** A call whose result was over the MCP client's message size limit (the SDK then closed the connection). */
export class ResultTooLargeError extends Error {
  override readonly name = "ResultTooLargeError";
  constructor(toolName: string, cause: Error) {
    super(`the result of ${JSON.stringify(toolName)} was larger than the MCP client accepts (${cause.message})`, { cause });
  }
}

/** The client name this library announces to servers. */
const CLIENT_INFO = { name: "dynamic-tools", version: "0.1.0" };

/** Bytes of a server's stderr kept to explain a failure. */
const STDERR_TAIL = 1_000;

/** Options of {@link connectServer}. */
export interface ConnectServerOptions {
  serverId: string;
  config: McpServerConfig;
  /** Most time for starting and initialising, in ms. */
  timeoutMs: number;
  /** The connection closed without {@link LiveServer.close} (the process exited, the HTTP session ended). */
  onClose: () => void;
  /** The server announced that its tool list changed. */
  onToolListChanged: () => void;
  /** Output of a stdio server on stderr. */
  onStderr: (text: string) => void;
  /** A listed tool was left out (its definition is unusable); the server's other tools are loaded. */
  onSkippedTool: (toolName: string, reason: string) => void;
}

/** An open session with a server. */
export interface LiveServer {
  /** The server's tools as listed on connect or by the last {@link LiveServer.relist}. */
  readonly tools: CachedTool[];
  readonly server: CachedServerInfo;
  /** False once the connection closed, whoever closed it. */
  readonly open: boolean;
  /** The end of what the server wrote on stderr, for error messages ("" when nothing). */
  stderrTail(): string;
  /** Calls a tool by its own name; resolves to `[content, artifacts]` as `@langchain/mcp-adapters` converts them. */
  call(toolName: string, args: Record<string, unknown>, config: RunnableConfig | undefined): Promise<unknown>;
  /** Lists the tools again. */
  relist(): Promise<CachedTool[]>;
  /** Closes the session (and ends a stdio server's process). */
  close(): Promise<void>;
}

function toCachedTool(tool: DynamicStructuredTool): CachedTool {
  const annotations = (tool.metadata as { annotations?: McpToolAnnotations } | undefined)?.annotations;
  return {
    name: tool.name,
    description: tool.description,
    // loadMcpTools builds each tool from the server's JSON Schema (dereferenced and simplified for LLM providers).
    inputSchema: tool.schema as JsonSchema,
    ...(annotations === undefined ? {} : { annotations }),
  };
}

/**
 * Starts or reaches a server, initialises the MCP session and lists its tools.
 * @throws whatever the transport or the initialisation threw; the caller names the server.
 */
export async function connectServer(options: ConnectServerOptions): Promise<LiveServer> {
  const { serverId, config, timeoutMs, onClose, onToolListChanged, onStderr, onSkippedTool } = options;
  const [{ Client }, { ToolListChangedNotificationSchema, ResultSchema, ToolSchema }, { loadMcpTools }] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("@langchain/mcp-adapters"),
  ]).catch((error: unknown) => {
    throw new Error(
      `cannot load the MCP client libraries (install @modelcontextprotocol/sdk, @langchain/mcp-adapters and its peer @langchain/langgraph): ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  });

  let stderr = "";
  let transport: import("@modelcontextprotocol/sdk/shared/transport.js").Transport;
  if (config.transport === "stdio") {
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const stdio = new StdioClientTransport({
      command: config.command,
      args: [...(config.args ?? [])],
      // The SDK merges these over its safe defaults (HOME, PATH, …), not over this process's whole environment.
      ...(config.env === undefined ? {} : { env: { ...config.env } }),
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      stderr: "pipe",
    });
    // An oversized message must fail its call, not close the connection (see bounded-read-buffer.ts). The SDK keeps
    // its buffer in a field; when a future SDK does not, its own buffer (and its close-on-overflow) stays.
    const internals = stdio as unknown as { _readBuffer?: Partial<ReadBufferLike> };
    if (typeof internals._readBuffer?.append === "function" && typeof internals._readBuffer.readMessage === "function") {
      const { deserializeMessage } = await import("@modelcontextprotocol/sdk/shared/stdio.js");
      internals._readBuffer = new BoundedReadBuffer({ parse: deserializeMessage });
    }
    stdio.stderr?.on("data", function keepStderr(chunk: Buffer) {
      const text = chunk.toString("utf8");
      stderr = (stderr + text).slice(-STDERR_TAIL);
      onStderr(text);
    });
    transport = stdio;
  } else {
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    transport = new StreamableHTTPClientTransport(
      new URL(config.url),
      config.headers === undefined ? {} : { requestInit: { headers: config.headers } },
    );
  }

  const client = new Client(CLIENT_INFO);
  let open = false;
  let closing = false;
  // The SDK reports a message over its size limit here, then closes the transport: remembered so the failed call
  // says what happened (a result too large) rather than "connection closed".
  let oversized: Error | undefined;
  client.onerror = function transportError(error: Error) {
    if (/exceeded maximum size/i.test(error.message)) oversized = error;
  };
  client.onclose = function sessionClosed() {
    const wasOpen = open;
    open = false;
    if (wasOpen && !closing) onClose();
  };
  try {
    await client.connect(transport, { timeout: timeoutMs });
    open = true;
  } catch (error) {
    closing = true;
    await client.close().catch(() => undefined);
    if (error instanceof Error) {
      // The SDK's StreamableHTTPError keeps the HTTP status in `code`, not in its message.
      const status = (error as { code?: unknown }).code;
      if (config.transport === "http" && typeof status === "number" && status >= 100) error.message += ` (HTTP ${status})`;
      if (stderr.trim() !== "") error.message += ` (server stderr: ${stderr.trim()})`;
    }
    throw error;
  }

  let adapterTools = new Map<string, DynamicStructuredTool>();
  let tools: CachedTool[] = [];
  /**
   * `client.listTools` validates the whole list at once, so one tool with a bad inputSchema would hide every tool of
   * the server: the list is fetched loosely and each tool checked on its own; the bad ones are skipped and reported.
   */
  const listToolsOneByOne: typeof client.listTools = async function listToolsOneByOne(params, requestOptions) {
    const result = (await client.request({ method: "tools/list", params }, ResultSchema, requestOptions)) as {
      tools?: unknown;
      nextCursor?: unknown;
    };
    const listed = Array.isArray(result.tools) ? (result.tools as unknown[]) : [];
    const tools = listed.flatMap((tool) => {
      const name = typeof (tool as { name?: unknown })?.name === "string" ? (tool as { name: string }).name : "(no name)";
      const parsed = ToolSchema.safeParse(tool);
      if (!parsed.success) {
        onSkippedTool(
          name,
          `its definition is not valid MCP (${parsed.error.issues.map((issue) => `${issue.path.join(".") || "tool"}: ${issue.message}`).join("; ")})`,
        );
        return [];
      }
      try {
        checkParameters(parsed.data.inputSchema, { tool: name, path: ["inputSchema"], shape: false });
      } catch (error) {
        onSkippedTool(name, (error as Error).message);
        return [];
      }
      return [parsed.data];
    });
    (client as unknown as { cacheToolMetadata?: (tools: unknown[]) => void }).cacheToolMetadata?.(tools);
    return { tools, ...(typeof result.nextCursor === "string" ? { nextCursor: result.nextCursor } : {}) };
  };
  // Everything else runs on the client itself (`this` = client): an object inheriting from it would keep its own copy
  // of the request counter once it sent a request, and two requests of one id lose one response (a call times out).
  const lister = new Proxy(client, {
    get(target, property) {
      if (property === "listTools") return listToolsOneByOne;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  async function relist(): Promise<CachedTool[]> {
    // throwOnLoadError false: one tool with a schema LangChain cannot use must not hide the server's other tools.
    const loaded = await loadMcpTools(serverId, lister, { throwOnLoadError: false });
    adapterTools = new Map(loaded.map((tool) => [tool.name, tool]));
    tools = loaded.map(toCachedTool);
    return tools;
  }
  try {
    await relist();
  } catch (error) {
    closing = true;
    await client.close().catch(() => undefined);
    throw error;
  }
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => onToolListChanged());

  const version = client.getServerVersion();
  const instructions = client.getInstructions();
  const server: CachedServerInfo = {
    ...(version?.name === undefined ? {} : { name: version.name }),
    ...(version?.version === undefined ? {} : { version: version.version }),
    ...(instructions === undefined ? {} : { instructions }),
  };

  return {
    get tools() {
      return tools;
    },
    server,
    get open() {
      return open;
    },
    stderrTail: () => stderr.trim(),
    async call(toolName, args, runConfig) {
      const tool = adapterTools.get(toolName);
      if (tool === undefined) {
        throw new Error(`it has no tool "${toolName}" any more (its tools: ${[...adapterTools.keys()].join(", ") || "none"})`);
      }
      // The adapter's own function, not tool.invoke(): our proxy already validated the arguments, and invoke() would
      // drop the artifact half of the [content, artifact] pair.
      try {
        return await tool.func(args, undefined, runConfig);
      } catch (error) {
        if (oversized !== undefined) throw new ResultTooLargeError(toolName, oversized);
        throw error;
      }
    },
    relist,
    async close() {
      closing = true;
      open = false;
      await client.close();
    },
  };
}
