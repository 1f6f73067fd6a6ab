import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { jsonSchemaOf, registerSchemaConverter } from "./schema-converter.js";

afterEach(() => registerSchemaConverter(undefined));

describe("jsonSchemaOf", () => {
  it("takes a plain JSON Schema as it is", () => {
    const schema = { type: "object", properties: { city: { type: "string" } } };
    expect(jsonSchemaOf(schema)).toBe(schema);
  });

  it("converts zod with the CommonJS copy of LangChain's converter exactly as the ES module copy does", () => {
    const schema = z.object({ clientId: z.number().describe("the client"), note: z.string().optional() }).describe("args");
    const converted = jsonSchemaOf(schema) as { properties: Record<string, unknown> };
    expect(converted).toEqual(toJsonSchema(schema));
    expect(converted.properties.clientId).toEqual({ type: "number", description: "the client" });
  });

  it("uses a registered converter instead", () => {
    const seen: object[] = [];
    registerSchemaConverter((schema) => {
      seen.push(schema);
      return { type: "object", properties: {} };
    });
    const schema = z.object({ a: z.string() });
    expect(jsonSchemaOf(schema)).toEqual({ type: "object", properties: {} });
    expect(seen).toEqual([schema]);
  });
});
