/**
 * @module Permissions (the model is untrusted): a policy decides, per request, which tools a caller may see and run,
 * and which need a human's approval first. A pure function of (tool, caller).
 */
import type { PermissionKind, ToolMetadata, ToolSourceKind } from "../catalog/tool-metadata.js";

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

/**
 * A declarative policy: per-role allow and deny rules, and which permission kinds need approval.
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
 * ```
 */
export function definePolicy({
  roles = {},
  otherwise = {},
  approval = ["dangerous"],
  approvalTools = [],
}: PolicyDefinition = {}): PermissionPolicy {
  return function declarativePolicy(tool, caller) {
    const rules = (caller.role !== undefined && Object.hasOwn(roles, caller.role) ? roles[caller.role] : undefined) ?? otherwise;
    if (rules.deny?.some((rule) => matchesRule(tool, rule))) return "deny";
    if (rules.allow !== undefined && !rules.allow.some((rule) => matchesRule(tool, rule))) return "deny";
    if (approval.includes(tool.permission) || approvalTools.some((rule) => matchesRule(tool, rule))) return "approve";
    return "allow";
  };
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
    return tool !== undefined && policy(tool, caller) !== "deny";
  };
}
