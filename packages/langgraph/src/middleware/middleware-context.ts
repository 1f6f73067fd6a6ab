/**
 * @module The runtime context the middleware reads (`agent.invoke(input, { context })`), declared as createAgent's
 * `contextSchema` so the caller's fields are typed: `role` (or a whole `caller`) for the permission policy, and
 * `requestTools` for tools passed for one request.
 */
import type { StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod/v4";

const isToolLike = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string";

/**
 * The middleware's context schema. Every field is optional; other context keys are left to other middleware.
 *
 * @example
 * ```ts
 * await agent.invoke({ messages }, { context: { role: "trainer" } });
 * await agent.invoke({ messages }, { context: { caller: { role: "owner", userId: "u1" }, requestTools: [calendarTool] } });
 * ```
 */
export const dynamicToolsContextSchema = z.object({
  role: z.string().optional().describe("The caller's role, read by the permission policy."),
  caller: z
    .looseObject({ role: z.string().optional() })
    .optional()
    .describe("The whole caller (role and any other fields the policy reads)."),
  requestTools: z
    .array(z.custom<StructuredToolInterface>(isToolLike))
    .optional()
    .describe("Tools passed for this request only, tried before the catalog."),
});

/** The context the middleware reads, as typed by {@link dynamicToolsContextSchema}. */
export type DynamicToolsContext = z.infer<typeof dynamicToolsContextSchema>;
