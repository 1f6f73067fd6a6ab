/**
 * @module What co-usage is read from: the question a `UsageModel` answers ("which tools were used with this one?"),
 * so the selection and `tool_search` can ask it without depending on how the model learns.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** What co-usage is read from: a `UsageModel`, or anything answering the same question. */
export interface CoUsageReader {
  /** Tools used with this one, most first, with their (decayed) co-usage weight in observations. */
  oftenUsedWith(tool: string, limit?: number): Array<{ name: string; weight: number }>;
}

/** Where co-usage comes from: a reader itself, or an object holding one as `model` (a `UsageRecorder`). */
export type CoUsageInput = CoUsageReader | { readonly model: CoUsageReader };

/**
 * The {@link CoUsageReader} of a `usage` option (a `UsageModel`, or a `UsageRecorder`'s model).
 * @throws DynamicToolsError `INVALID_OPTION` for anything else, naming `path`.
 */
export function coUsageReaderOf(usage: CoUsageInput, path = "usage"): CoUsageReader {
  const candidate = usage as (Partial<CoUsageReader> & { model?: Partial<CoUsageReader> }) | null;
  if (typeof candidate?.oftenUsedWith === "function") return usage as CoUsageReader;
  if (typeof candidate?.model?.oftenUsedWith === "function") return candidate.model as CoUsageReader;
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `${path} must be a UsageModel or a UsageRecorder (an object with oftenUsedWith(tool, limit), or its model), got ${typeof usage}.`,
    { path: [path] },
  );
}
