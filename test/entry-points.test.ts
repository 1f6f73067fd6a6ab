/**
 * The public surface of every package, as a reviewed list: each published entry point's exported names (values and
 * types, sorted) are listed in {@link SURFACE}, so adding, removing or renaming an export is a diff of this file.
 * Then every entry point is imported from its built output, as ESM and as CJS, in a fresh Node process (outside
 * vitest's module graph and aliases), as a user's project would, and must export exactly the listed values.
 */
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { entryPointsOf, exportedNamesOf } from "./support/entry-point-names.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Every exported name of every entry point. `@dynamic-tools/core/internal` is what the sibling packages share with
 * core: not semver-stable, not for applications.
 */
const SURFACE: Record<string, readonly string[]> = {
  "@dynamic-tools/core": [
    "ALLOW_ALL",
    "BruteForceVectorIndex",
    "Caller",
    "CatalogChange",
    "CatalogChanges",
    "CatalogConfig",
    "CatalogWarning",
    "ConversationMessage",
    "DEFAULT_POLICY",
    "DefaultEmbeddingsLoader",
    "DynamicToolsError",
    "DynamicToolsErrorCode",
    "JsonSchema",
    "JsonlUsageStore",
    "KeywordToolSelector",
    "LoadCatalogOptions",
    "MemoryUsageStore",
    "Observation",
    "PermissionDecision",
    "PermissionKind",
    "PermissionPolicy",
    "PolicyDefinition",
    "RankedTool",
    "RetrievalStrategy",
    "SavedCatalogDerivation",
    "SelectToolsOptions",
    "SelectedCategory",
    "SelectedTool",
    "SelectionInput",
    "SelectionRequest",
    "SelectionTier",
    "SnapshotFile",
    "ToolCatalog",
    "ToolCatalogOptions",
    "ToolDeclaration",
    "ToolDefinition",
    "ToolMetadata",
    "ToolSelection",
    "ToolSelector",
    "ToolSelectorOptions",
    "ToolSourceKind",
    "ToolsUpdate",
    "UsageModel",
    "UsageRecorder",
    "UsageStore",
    "VectorIndex",
    "VectorIndexFactory",
    "VectorIndexPlugin",
    "VectorIndexPluginLoader",
    "VectorMatch",
    "countDefinitionTokens",
    "createBm25Strategy",
    "createFuzzyStrategy",
    "createHybridStrategy",
    "createToolSelector",
    "createVectorStoreStrategy",
    "createVectorStrategy",
    "defaultStrategyFor",
    "definePolicy",
    "learnFromFile",
    "loadCatalogFile",
    "loadSnapshot",
    "readSnapshot",
    "registerDefaultEmbeddings",
    "registerVectorIndexPlugin",
    "toolResultsObservation",
    "usageReport",
    "writeSnapshot",
  ],
  "@dynamic-tools/core/eval": [
    "COMPLETE_KS",
    "EvalQuery",
    "EvalResult",
    "NDCG_KS",
    "RECALL_KS",
    "RetrievalMetrics",
    "RunEvalOptions",
    "completeAt",
    "formatEvalTable",
    "loadQueriesFile",
    "meanMetrics",
    "ndcgAt",
    "parseQueries",
    "queryMetrics",
    "recallAt",
    "reciprocalRank",
    "runEval",
  ],
  "@dynamic-tools/core/internal": [
    "CoUsageInput",
    "ESTIMATE_ERROR_BOUND",
    "ListenerSet",
    "NamespaceDeclaration",
    "OPENAI_MAX_TOOLS",
    "PERMISSION_KINDS",
    "TOOL_NAME_PATTERN",
    "ToolFilterOptions",
    "Unsubscribe",
    "UsageBatch",
    "applyBudget",
    "checkObservation",
    "checkParameters",
    "clipMessage",
    "closestMatches",
    "coUsageReaderOf",
    "createCatalogIndex",
    "createStrategy",
    "declarationFromLangChainTool",
    "defaultVectorIndex",
    "describeValue",
    "didYouMean",
    "expandToNamespaces",
    "finishSelection",
    "followCatalog",
    "formatPath",
    "isBindable",
    "isExecutable",
    "isLangChainTool",
    "isRecord",
    "loadObservationsFile",
    "oftenUsedWithNames",
    "quote",
    "rankedCandidates",
    "readConversation",
    "stem",
    "toMetadata",
    "unbindableTools",
    "visibleTo",
  ],
  "@dynamic-tools/langgraph": [
    "AGENT_NODES",
    "ApprovalDecision",
    "ApprovalRequest",
    "BaseStoreUsageStore",
    "DynamicModelNodeOptions",
    "DynamicToolAgentOptions",
    "DynamicToolNode",
    "DynamicToolNodeOptions",
    "DynamicToolSelection",
    "DynamicToolsAnnotation",
    "DynamicToolsState",
    "DynamicToolsUpdate",
    "KNOWN_CONTEXT_WINDOWS",
    "LoadedToolsUpdate",
    "ToolCallRefusal",
    "ToolCallingModel",
    "ToolMode",
    "ToolSearchArtifact",
    "ToolSearchOptions",
    "ToolSelectorNodeOptions",
    "ToolSelectorNodeUpdate",
    "ToolTimeouts",
    "UnloadedTool",
    "bindSelectedTools",
    "createDynamicModelNode",
    "createDynamicToolAgent",
    "createToolSearchTool",
    "createToolSelectorNode",
    "isToolCallRefusal",
    "isToolSearchArtifact",
    "loadedToolsChannels",
    "loadedToolsFromMessages",
    "parseToolMode",
    "toolSelectionChannels",
  ],
  "@dynamic-tools/langgraph/testing": [
    "ChatCompletionMessage",
    "ChatCompletionRequest",
    "ChatCompletionTool",
    "FakeOpenAI",
    "FakeOpenAIOptions",
    "FakeOpenAIReply",
    "FakeOpenAIScript",
    "FakeOpenAIStep",
    "FakeToolCall",
    "OPENAI_API_MAX_TOOLS",
    "OPENAI_FUNCTION_NAME_PATTERN",
    "OpenAIErrorBody",
    "RecordedRequest",
    "lastUserText",
    "recordBoundTools",
    "replyFromSteps",
    "sentToolNames",
    "startFakeOpenAI",
    "validateChatCompletionRequest",
  ],
  "@dynamic-tools/langgraph/middleware": [
    "DynamicToolsContext",
    "DynamicToolsMiddlewareOptions",
    "dynamicToolsContextSchema",
    "dynamicToolsMiddleware",
    "dynamicToolsMiddlewareState",
  ],
  "@dynamic-tools/mcp": [
    "CACHE_FORMAT_VERSION",
    "CachedServerInfo",
    "CachedTool",
    "HttpServerConfig",
    "MCP_TRANSPORTS",
    "McpServerConfig",
    "McpServerError",
    "McpToolAnnotations",
    "McpToolSource",
    "McpToolSourceOptions",
    "RegisterSdkToolsOptions",
    "SOURCE_ID_PATTERN",
    "SdkToolRegistry",
    "ServerMetadata",
    "ServerStatus",
    "SourceToolInfo",
    "StdioServerConfig",
    "ToolNamespace",
    "ToolsUpdatedEvent",
    "ToolsUpdatedListener",
    "Unsubscribe",
    "cacheFilePath",
    "configHash",
    "createMcpToolSource",
    "createSdkToolRegistry",
    "namespaceDeclarations",
    "permissionFromAnnotations",
    "prefixedToolName",
    "sourceToolInfo",
  ],
  "@dynamic-tools/hnswlib": [
    "HNSW_SIDECAR_FORMAT_VERSION",
    "HnswVectorIndex",
    "HnswVectorIndexOptions",
    "VectorIndex",
    "VectorIndexFactory",
    "VectorMatch",
    "hnswPlugin",
    "hnswVectorIndex",
    "isHnswlibAvailable",
  ],
  "@dynamic-tools/offline-embeddings": [
    "DEFAULT_TABLE_PATH",
    "OFFLINE_EMBEDDINGS_MODEL",
    "OfflineEmbeddings",
    "OfflineEmbeddingsOptions",
    "SavedFit",
    "TABLE_FORMAT_VERSION",
    "WordVectorTable",
    "loadWordVectorTable",
    "splitWords",
  ],
};

const PACKAGES = ["packages/core", "packages/langgraph", "packages/mcp", "packages/hnswlib", "packages/offline-embeddings"];
const ENTRY_POINTS = PACKAGES.flatMap((dir) => entryPointsOf(root, dir));
const NAMES = exportedNamesOf(
  root,
  ENTRY_POINTS.map((entry) => entry.source),
);

function exportedAtRunTime(specifier: string, format: "esm" | "cjs"): string[] {
  const script =
    format === "esm"
      ? `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`
      : `const m = require(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`;
  const args = format === "esm" ? ["--input-type=module", "-e", script] : ["-e", script];
  return (JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" })) as string[]).sort();
}

describe("the published entry points", () => {
  it("are exactly the ones listed in SURFACE", () => {
    expect(ENTRY_POINTS.map((entry) => entry.specifier).sort()).toEqual(Object.keys(SURFACE).sort());
  });

  describe.each(ENTRY_POINTS.map((entry) => [entry.specifier, entry] as const))("%s", (specifier, entry) => {
    it("exports exactly the names listed in SURFACE (sources)", () => {
      expect(NAMES.get(entry.source)!.all).toEqual([...(SURFACE[specifier] ?? [])].sort());
    });

    it.each(["esm", "cjs"] as const)("loads as %s from the build, with exactly its run-time values", (format) => {
      expect(exportedAtRunTime(specifier, format)).toEqual(NAMES.get(entry.source)!.values);
    });
  });
});
