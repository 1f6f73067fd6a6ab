/**
 * @module The seam through which the catalog turns a LangChain tool's schema (zod 3 or 4, Standard Schema) into the
 * JSON Schema a model is sent. A plain JSON Schema is taken as it is, with nothing loaded; for the others the
 * converter registered here runs: `@dynamic-tools/langgraph` registers `toJsonSchema` from the `@langchain/core` its
 * application loaded, and core's entry points register one that loads it on first use (see
 * `plugins/default-plugins.ts`), so importing core does not load zod and LangChain's runnables.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** Turns a schema object into JSON Schema: `toJsonSchema` of `@langchain/core/utils/json_schema`, or one like it. */
export type SchemaConverter = (schema: object) => unknown;

let registered: SchemaConverter | undefined;

/**
 * Sets (or, with `undefined`, removes) the converter of non-JSON schemas (zod, Standard Schema).
 * @example
 * ```ts
 * import { toJsonSchema } from "@langchain/core/utils/json_schema";
 * registerSchemaConverter(toJsonSchema);
 * ```
 */
export function registerSchemaConverter(converter: SchemaConverter | undefined): void {
  registered = converter;
}

/** Whether a converter is registered. */
export function hasSchemaConverter(): boolean {
  return registered !== undefined;
}

/** Whether `schema` is a zod (3 or 4) or Standard Schema object rather than a plain JSON Schema. */
function needsConversion(schema: object): boolean {
  return "_zod" in schema || "_def" in schema || "~standard" in schema;
}

/**
 * The JSON Schema of a tool's schema: a plain JSON Schema as it is, anything else through the registered converter.
 * @throws DynamicToolsError `INVALID_OPTION` when a zod or Standard Schema needs converting and none is registered.
 */
export function jsonSchemaOf(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || !needsConversion(schema)) return schema;
  if (registered === undefined) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      "A tool's schema is a zod or Standard Schema, and no schema converter is registered: import @dynamic-tools/core " +
        "(its entry point registers one) or call registerSchemaConverter(toJsonSchema).",
    );
  }
  return registered(schema);
}
