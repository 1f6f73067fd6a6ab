/**
 * @module How the catalog turns a LangChain tool's schema (zod 3 or 4, Standard Schema) into the JSON Schema a model
 * is sent: with `toJsonSchema` of `@langchain/core/utils/json_schema`, loaded on the first such schema (so importing
 * core loads neither zod nor LangChain's runnables), or with the converter registered here (an application may register
 * the copy it imported; nothing registers one at import). A plain JSON Schema is taken as it is.
 */
import type { toJsonSchema } from "@langchain/core/utils/json_schema";
import { lazyRequire } from "./lazy-require.js";

/** Turns a schema object into JSON Schema: `toJsonSchema` of `@langchain/core/utils/json_schema`, or one like it. */
export type SchemaConverter = (schema: object) => unknown;

/** LangChain's converter, loaded synchronously on first use (its CommonJS build: a catalog is built synchronously). */
const langChainJsonSchema = lazyRequire<{ toJsonSchema: typeof toJsonSchema }>("@langchain/core/utils/json_schema");

let registered: SchemaConverter | undefined;

/**
 * Sets (or, with `undefined`, removes) the converter of non-JSON schemas. An ES module application that imports
 * `@langchain/core` itself can register its `toJsonSchema`, so the CommonJS copy is never loaded beside it.
 * @example
 * ```ts
 * import { toJsonSchema } from "@langchain/core/utils/json_schema";
 * registerSchemaConverter((schema) => toJsonSchema(schema as never));
 * ```
 */
export function registerSchemaConverter(converter: SchemaConverter | undefined): void {
  registered = converter;
}

/** Whether `schema` is a zod (3 or 4) or Standard Schema object rather than a plain JSON Schema. */
function needsConversion(schema: object): boolean {
  return "_zod" in schema || "_def" in schema || "~standard" in schema;
}

/** The JSON Schema of a tool's schema: a plain JSON Schema as it is, anything else through the converter. */
export function jsonSchemaOf(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || !needsConversion(schema)) return schema;
  return registered === undefined ? langChainJsonSchema().toJsonSchema(schema as never) : registered(schema);
}
