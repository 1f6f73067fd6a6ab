/**
 * @module @dynamic-tools/langgraph/middleware: dynamic tools (selection, tool_search, loaded tools, auto mode) for
 * LangChain v1's `createAgent`. Needs the `langchain` package (an optional peer dependency of this one).
 */
export { dynamicToolsMiddleware, type DynamicToolsMiddlewareOptions } from "./dynamic-tools-middleware.js";
export { dynamicToolsMiddlewareState } from "./middleware-state.js";
export { dynamicToolsContextSchema, type DynamicToolsContext } from "./middleware-context.js";
