/**
 * @module @dynamic-tools/langgraph/middleware: dynamic tools (selection, tool_search, loaded tools, auto mode) for
 * LangChain v1's `createAgent`. Needs the `langchain` package (an optional peer dependency of this one).
 */
import { registerSchemaConverter } from "@dynamic-tools/core/internal";
import { toJsonSchema } from "@langchain/core/utils/json_schema";

// Tools' zod schemas are converted by the @langchain/core this application imported (core alone loads its own copy).
registerSchemaConverter((schema) => toJsonSchema(schema as Parameters<typeof toJsonSchema>[0]));

export { dynamicToolsMiddleware, type DynamicToolsMiddlewareOptions } from "./dynamic-tools-middleware.js";
export { dynamicToolsMiddlewareState } from "./middleware-state.js";
export { dynamicToolsContextSchema, type DynamicToolsContext } from "./middleware-context.js";
