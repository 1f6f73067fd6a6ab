/**
 * @module The fingerprint of a server's configuration that keys its metadata cache: a changed command, argument,
 * URL, environment variable or header invalidates the cache, and no secret is written to disk.
 */
import { createHash } from "node:crypto";
import type { McpServerConfig } from "./server-config.js";

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** JSON with object keys sorted at every depth, so equal values always serialise the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function hashValues(map: Record<string, string> | undefined): Record<string, string> | undefined {
  return map === undefined ? undefined : Object.fromEntries(Object.entries(map).map(([key, value]) => [key, sha256(value)]));
}

/**
 * sha256 (hex) of the canonical JSON of the configuration, where each `env` and `headers` value is first replaced
 * by its own sha256: every field counts (transport, command, args in order, cwd, url, the env and header names and
 * values), and only this one hash is stored, never a value.
 *
 * @example
 * ```ts
 * configHash({ transport: "stdio", command: "node", args: ["server.js"], env: { TOKEN: "a" } }) !==
 *   configHash({ transport: "stdio", command: "node", args: ["server.js"], env: { TOKEN: "b" } }); // true
 * ```
 */
export function configHash(config: McpServerConfig): string {
  const fingerprint =
    config.transport === "stdio" ? { ...config, env: hashValues(config.env) } : { ...config, headers: hashValues(config.headers) };
  return sha256(canonicalJson(fingerprint));
}
