/**
 * @module Names of imported tools and their namespaces: `mcp_{serverId}_{tool}` and `sdk_{appName}_{tool}`, always
 * valid for OpenAI (`^[a-zA-Z0-9_-]{1,64}$`) whatever the server calls its tools.
 */
import { createHash } from "node:crypto";
import { DynamicToolsError } from "@dynamic-tools/core";
import { quote } from "@dynamic-tools/core/internal";

/**
 * Server ids and app names: short, safe in tool names and file names, and without "_", so the id in
 * `mcp_{serverId}_{tool}` is everything between the first two underscores and two sources never make the same name
 * (server "a_b" with tool "c" and server "a" with tool "b_c" would both make `mcp_a_b_c`).
 */
export const SOURCE_ID_PATTERN = /^[a-zA-Z0-9-]{1,40}$/;

const MAX_NAME_LENGTH = 64;

/**
 * Throws `INVALID_OPTION` unless `id` is a valid server id or app name.
 * @param what - how the id is named in the message, e.g. `MCP server id`.
 * @param path - where the id sits in the options.
 */
export function assertSourceId(id: string, what: string, path: Array<string | number>): void {
  if (!SOURCE_ID_PATTERN.test(id)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `${what} ${quote(id)} is not valid: use 1 to 40 letters, digits or "-" (no "_": it becomes part of tool names, ` +
        `as in mcp_{id}_{tool}, and of a file name).${id.includes("_") ? ` Try ${quote(id.replaceAll("_", "-"))}.` : ""}`,
      { path },
    );
  }
}

/** `mcp_files` for server `files`, `sdk_calendar` for app `calendar`. */
export function namespaceName(prefix: "mcp" | "sdk", id: string): string {
  return `${prefix}_${id}`;
}

/**
 * The catalog name of a tool: `{namespace}_{name}`, with characters OpenAI rejects (`.`, `/`, spaces…) replaced by
 * `_`. A name that had to change, or is too long, or collides with one in `taken`, ends in a short hash of the
 * original instead, so two different tools never get the same name.
 *
 * @example
 * ```ts
 * prefixedToolName("mcp_files", "read_file"); // "mcp_files_read_file"
 * prefixedToolName("mcp_git", "repo.status"); // "mcp_git_repo_status_3f1c0a9b"
 * ```
 */
export function prefixedToolName(namespace: string, name: string, taken: ReadonlySet<string> = new Set()): string {
  const plain = plainName(namespace, name);
  return plain !== undefined && !taken.has(plain) ? plain : hashedName(namespace, name, taken);
}

/**
 * The catalog names of one source's tools, in order ({@link prefixedToolName} for each), whatever the order they are
 * listed in: every name that can stay plain is reserved first, so a tool whose cleaned name happens to equal another's
 * plain name (`a.b` cleaned and hashed to `a_b_c9f4da8e`, beside a tool named `a_b_c9f4da8e`) gets a longer hash
 * instead of replacing it; all names are distinct.
 *
 * @example
 * ```ts
 * prefixedToolNames("mcp_git", ["status", "repo.status"]); // ["mcp_git_status", "mcp_git_repo_status_3f1c0a9b"]
 * ```
 */
export function prefixedToolNames(namespace: string, names: readonly string[]): string[] {
  const taken = new Set<string>();
  const plain = names.map((name) => {
    const candidate = plainName(namespace, name);
    if (candidate === undefined || taken.has(candidate)) return undefined;
    taken.add(candidate);
    return candidate;
  });
  return plain.map((assigned, index) => {
    if (assigned !== undefined) return assigned;
    const hashed = hashedName(namespace, names[index]!, taken);
    taken.add(hashed);
    return hashed;
  });
}

/** `{namespace}_{name}` when providers accept it as is, else undefined. */
function plainName(namespace: string, name: string): string | undefined {
  const plain = `${namespace}_${name}`;
  return plain.length <= MAX_NAME_LENGTH && /^[a-zA-Z0-9_-]+$/.test(name) ? plain : undefined;
}

/** The cleaned name with a hash of the original, longer (then numbered) while it is `taken`. */
function hashedName(namespace: string, name: string, taken: ReadonlySet<string>): string {
  const hash = createHash("sha256").update(`${namespace}\u0000${name}`).digest("hex");
  const cleaned = `${namespace}_${name.replace(/[^a-zA-Z0-9_-]+/g, "_")}`;
  const withSuffix = (suffix: string) => `${cleaned.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
  for (const length of [8, 16, 32]) {
    const candidate = withSuffix(`_${hash.slice(0, length)}`);
    if (!taken.has(candidate)) return candidate;
  }
  for (let number = 2; ; number++) {
    const candidate = withSuffix(`_${hash.slice(0, 8)}_${number}`);
    if (!taken.has(candidate)) return candidate;
  }
}
