/**
 * @module What the catalog doctor reports: one finding per problem, each naming the tools (or group) it is about and
 * what to add or change in the catalog file.
 */

/** The checks `runDoctor` makes, one name per kind of finding. */
export type DoctorCheck =
  /** A tool's own description (and `whenToUse`) does not find it in the top 5. */
  | "self-retrieval"
  /** Two tools whose texts each rank the other above themselves. */
  | "confusable-pair"
  /** Tools with the same description (and `whenToUse`): only their names tell them apart. */
  | "same-description"
  /** Two tools whose embeddings are nearly the same. */
  | "near-duplicate"
  /** A tool with no description. */
  | "empty-description"
  /** A tool whose description is one short line. */
  | "short-description"
  /** Parameters without a description. */
  | "parameter-description"
  /** A name some provider rejects. */
  | "provider-name"
  /** A definition over the token size. */
  | "definition-size"
  /** A category or namespace that alone exceeds the budget. */
  | "group-budget"
  /** With usage: a tool nobody called. */
  | "never-called"
  /** With usage: a message whose ranking did not find the tool it led to. */
  | "missed-message";

/** How much a finding matters: `error` breaks a request, `warning` costs selection quality, `info` is a lead. */
export type DoctorSeverity = "error" | "warning" | "info";

/** One problem of a catalog and what to do about it. */
export interface DoctorFinding {
  readonly check: DoctorCheck;
  readonly severity: DoctorSeverity;
  /** The tools it is about (empty for a group finding). */
  readonly tools: readonly string[];
  /** The category or namespace it is about, for a group finding: `category:<name>` or `namespace:<name>`. */
  readonly group?: string;
  /** What is wrong, with the numbers. */
  readonly message: string;
  /** What to add or change, in the catalog file's terms (`whenToUse`, `keywords`, `description`, `categories:` …). */
  readonly fix: string;
}

/** Every check, in the order findings are listed. */
export const DOCTOR_CHECKS: readonly DoctorCheck[] = [
  "provider-name",
  "empty-description",
  "self-retrieval",
  "same-description",
  "confusable-pair",
  "near-duplicate",
  "short-description",
  "parameter-description",
  "definition-size",
  "group-budget",
  "missed-message",
  "never-called",
];

/** Quotes a text for a fix line, cut to `max` characters. */
export function quoted(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return JSON.stringify(flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`);
}
