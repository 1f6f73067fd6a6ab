/**
 * @module Permissions (the model is untrusted): a policy decides, per request, which tools a caller may see and run,
 * and which need a human's approval first. A pure function of (tool, caller).
 */
import {
  PERMISSION_KINDS,
  TOOL_SOURCE_KINDS,
  type PermissionKind,
  type ToolMetadata,
  type ToolSourceKind,
} from "../catalog/tool-metadata.js";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import { describeValue, isRecord, quote } from "../errors/describe-value.js";
import { didYouMean } from "../text/closest-matches.js";

/** What a policy decides for one tool and one caller. */
export type PermissionDecision = "allow" | "deny" | "approve";

/** Who is asking: read from the graph's runtime context or `configurable` (see the langgraph package). */
export interface Caller {
  /** The caller's role, e.g. `"trainer"`. */
  role?: string;
  /** Anything else a custom policy wants to read (user id, tenant…). */
  readonly [key: string]: unknown;
}

/** Decides, per tool and caller, whether the tool may be seen and run, and whether running it needs approval. */
export type PermissionPolicy = (tool: ToolMetadata, caller: Caller) => PermissionDecision;

/** Matches tools; every field given must match (a list matches any of its values). A string matches a tool name. */
export type ToolRule =
  | string
  | {
      name?: string | readonly string[];
      permission?: PermissionKind | readonly PermissionKind[];
      category?: string | readonly string[];
      source?: ToolSourceKind | readonly ToolSourceKind[];
      sourceId?: string | readonly string[];
      namespace?: string | readonly string[];
    };

/** What one role may use. */
export interface RoleRules {
  /** When present, only tools matching one of these rules are allowed. */
  allow?: readonly ToolRule[];
  /** Tools matching any of these are denied (deny wins over allow). */
  deny?: readonly ToolRule[];
}

/** Options of {@link definePolicy}. */
export interface PolicyDefinition {
  /** Rules by role. */
  roles?: Readonly<Record<string, RoleRules>>;
  /** Rules for callers without a role or with a role not listed. @defaultValue `{}` (everything allowed) */
  otherwise?: RoleRules;
  /** Permission kinds that need a human's approval before running. @defaultValue ["dangerous"] */
  approval?: readonly PermissionKind[];
  /** Tool rules that need approval whatever their permission kind. @defaultValue [] */
  approvalTools?: readonly ToolRule[];
}

function matchesValue<T>(value: T | undefined, wanted: T | readonly T[] | undefined): boolean {
  if (wanted === undefined) return true;
  return Array.isArray(wanted) ? (wanted as readonly T[]).includes(value as T) : wanted === value;
}

/**
 * Whether a tool matches a rule.
 * @example
 * ```ts
 * matchesRule(tool, { category: "salary", permission: ["write", "dangerous"] });
 * ```
 */
export function matchesRule(tool: ToolMetadata, rule: ToolRule): boolean {
  if (typeof rule === "string") return tool.name === rule;
  return (
    matchesValue(tool.name, rule.name) &&
    matchesValue(tool.permission, rule.permission) &&
    matchesValue(tool.category, rule.category) &&
    matchesValue(tool.source, rule.source) &&
    matchesValue(tool.sourceId, rule.sourceId) &&
    matchesValue(tool.namespace, rule.namespace)
  );
}

const RULE_FIELDS: Readonly<Record<string, readonly string[] | undefined>> = {
  name: undefined,
  permission: PERMISSION_KINDS,
  category: undefined,
  source: TOOL_SOURCE_KINDS,
  sourceId: undefined,
  namespace: undefined,
};
const ROLE_FIELDS = ["allow", "deny"];
const DEFINITION_FIELDS = ["roles", "otherwise", "approval", "approvalTools"];

function invalid(path: readonly (string | number)[], message: string): DynamicToolsError {
  return new DynamicToolsError("INVALID_OPTION", `policy ${path.join(".")}: ${message}`, { path: ["policy", ...path] });
}

function checkKeys(value: Record<string, unknown>, valid: readonly string[], path: readonly (string | number)[]): void {
  for (const key of Object.keys(value)) {
    if (!valid.includes(key))
      throw invalid([...path, key], `unknown key ${quote(key)}; valid: ${valid.join(", ")}.${didYouMean(key, valid)}`);
  }
}

/** Values of a list field: strings, each one of `valid` when given. */
function checkValues(value: unknown, valid: readonly string[] | undefined, path: readonly (string | number)[]): void {
  const values = Array.isArray(value) ? value : [value];
  for (const [index, item] of values.entries()) {
    const at = Array.isArray(value) ? [...path, index] : path;
    if (typeof item !== "string")
      throw invalid(at, `must be a string${Array.isArray(value) ? "" : " or a list of strings"}, got ${describeValue(item)}.`);
    if (valid !== undefined && !valid.includes(item))
      throw invalid(at, `${quote(item)} is not one of ${valid.join(", ")}.${didYouMean(item, valid)}`);
  }
}

function checkRules(rules: unknown, path: readonly (string | number)[]): void {
  if (!Array.isArray(rules))
    throw invalid(path, `must be a list of rules (tool names or { ${Object.keys(RULE_FIELDS).join(", ")} }), got ${describeValue(rules)}.`);
  for (const [index, rule] of rules.entries()) {
    if (typeof rule === "string") continue;
    if (!isRecord(rule))
      throw invalid([...path, index], `a rule is a tool name or { ${Object.keys(RULE_FIELDS).join(", ")} }, got ${describeValue(rule)}.`);
    checkKeys(rule, Object.keys(RULE_FIELDS), [...path, index]);
    for (const [field, value] of Object.entries(rule))
      if (value !== undefined) checkValues(value, RULE_FIELDS[field], [...path, index, field]);
  }
}

function checkRoleRules(rules: unknown, path: readonly (string | number)[]): void {
  if (!isRecord(rules)) throw invalid(path, `must be { allow?, deny? }, got ${describeValue(rules)}.`);
  checkKeys(rules, ROLE_FIELDS, path);
  for (const field of ROLE_FIELDS) if (rules[field] !== undefined) checkRules(rules[field], [...path, field]);
}

/**
 * Checks a policy definition: only known keys, rule lists that are lists, and permission kinds and source kinds
 * that exist. A misspelled key or value would otherwise fail open (a rule `{ permision: "read" }` matches every tool).
 * @throws DynamicToolsError `INVALID_OPTION` naming the bad key or value (its `path`) and what is valid.
 */
function checkPolicyDefinition(definition: unknown): asserts definition is PolicyDefinition {
  if (!isRecord(definition)) throw invalid([], `must be { ${DEFINITION_FIELDS.join(", ")} }, got ${describeValue(definition)}.`);
  checkKeys(definition, DEFINITION_FIELDS, []);
  const { roles, otherwise, approval, approvalTools } = definition;
  if (roles !== undefined) {
    if (!isRecord(roles)) throw invalid(["roles"], `must be { <role>: { allow?, deny? } }, got ${describeValue(roles)}.`);
    for (const [role, rules] of Object.entries(roles)) checkRoleRules(rules, ["roles", role]);
  }
  if (otherwise !== undefined) checkRoleRules(otherwise, ["otherwise"]);
  if (approval !== undefined) {
    if (!Array.isArray(approval)) throw invalid(["approval"], `must be a list of permission kinds (${PERMISSION_KINDS.join(", ")}).`);
    checkValues(approval, PERMISSION_KINDS, ["approval"]);
  }
  if (approvalTools !== undefined) checkRules(approvalTools, ["approvalTools"]);
}

/**
 * A declarative policy: per-role allow and deny rules, and which permission kinds need approval. The definition is
 * checked when the policy is made: an unknown key, a rule list that is not a list, or a permission or source kind
 * that does not exist throws, since a misspelled rule would match every tool.
 *
 * @param definition.roles - rules by role.
 * @param definition.approval - permission kinds that need a human. @defaultValue ["dangerous"]
 * @example
 * ```ts
 * import { definePolicy } from "@dynamic-tools/core";
 * const policy = definePolicy({
 *   roles: { trainer: { deny: [{ category: "salary", permission: ["write", "dangerous"] }] } },
 *   approval: ["dangerous", "write"],
 * });
 * policy(catalog.get("pay_salary")!, { role: "trainer" }); // "deny"
 * policy(catalog.get("get_pending_salaries")!, { role: "trainer" }); // "allow"
 * definePolicy({ roles: { viewer: { allow: [{ permision: "read" }] } } });
 * // throws INVALID_OPTION: policy roles.viewer.allow.0.permision: unknown key "permision"; … Did you mean: permission?
 * ```
 * @throws DynamicToolsError `INVALID_OPTION` for a definition that is not as described.
 */
export function definePolicy(definition: PolicyDefinition = {}): PermissionPolicy {
  checkPolicyDefinition(definition);
  const { roles = {}, otherwise = {}, approval = ["dangerous"], approvalTools = [] } = definition;
  return function declarativePolicy(tool, caller) {
    const rules = (caller.role !== undefined && Object.hasOwn(roles, caller.role) ? roles[caller.role] : undefined) ?? otherwise;
    if (rules.deny?.some((rule) => matchesRule(tool, rule))) return "deny";
    if (rules.allow !== undefined && !rules.allow.some((rule) => matchesRule(tool, rule))) return "deny";
    if (approval.includes(tool.permission) || approvalTools.some((rule) => matchesRule(tool, rule))) return "approve";
    return "allow";
  };
}

/**
 * Checks an optional `policy` option where it is given (a node's, a middleware's, a search tool's), so a policy that
 * is not a function fails when the graph is built, not on the first call.
 * @throws DynamicToolsError `INVALID_OPTION` naming the value and what is valid.
 */
export function checkPolicyOption(policy: unknown): PermissionPolicy | undefined {
  // An async function answers with a promise, which is no decision: it is refused here rather than on every call.
  const synchronous = typeof policy === "function" && policy.constructor?.name !== "AsyncFunction";
  if (policy === undefined || synchronous) return policy as PermissionPolicy | undefined;
  throw new DynamicToolsError(
    "INVALID_OPTION",
    `policy must be a synchronous function (tool, caller) => "allow" | "deny" | "approve", such as definePolicy({ roles }) makes, got ${
      typeof policy === "function" ? "an async function" : describeValue(policy)
    }.`,
    { path: ["policy"] },
  );
}

/**
 * What `policy` decides for `tool` and `caller`, failing closed: anything but `"allow"` or `"approve"` (a misspelled
 * decision, `undefined`, a promise) and a policy that throws deny the tool.
 *
 * @example
 * ```ts
 * decidePermission(() => "Allow" as PermissionDecision, tool, {}); // "deny"
 * ```
 */
export function decidePermission(policy: PermissionPolicy, tool: ToolMetadata, caller: Caller): PermissionDecision {
  let decision: unknown;
  try {
    decision = policy(tool, caller);
  } catch {
    return "deny";
  }
  if (decision === "allow" || decision === "approve") return decision;
  // A promise's rejection would otherwise be reported as unhandled.
  if (typeof (decision as PromiseLike<unknown> | undefined)?.then === "function")
    (decision as Promise<unknown>).then(undefined, () => undefined);
  return "deny";
}

/** The policy used when none is given: everything allowed, `dangerous` tools need approval. */
export const DEFAULT_POLICY: PermissionPolicy = definePolicy();

/** Allows everything without approval (tests, trusted batch jobs). */
export const ALLOW_ALL: PermissionPolicy = () => "allow";

/**
 * A name filter for one caller: true when the policy lets the caller see the tool (allow or approve).
 * @example
 * ```ts
 * const visible = visibleTo(catalog, policy, { role: "trainer" });
 * visible("pay_salary"); // false
 * ```
 */
export function visibleTo(
  lookup: { get(name: string): ToolMetadata | undefined },
  policy: PermissionPolicy,
  caller: Caller,
): (name: string) => boolean {
  return (name) => {
    const tool = lookup.get(name);
    return tool !== undefined && decidePermission(policy, tool, caller) !== "deny";
  };
}
