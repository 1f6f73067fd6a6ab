/**
 * @module Validates the `servers` option of {@link createMcpToolSource} at construction: every error is an
 * `INVALID_OPTION` that names the server, the key and the valid choices.
 */
import { DynamicToolsError } from "@dynamic-tools/core";
import { describeValue, didYouMean, formatPath, isRecord, quote } from "@dynamic-tools/core/internal";
import { assertSourceId } from "../naming/source-names.js";
import { MCP_TRANSPORTS, type McpServerConfig } from "./server-config.js";

type Path = Array<string | number>;

const KEYS: Record<McpServerConfig["transport"], readonly string[]> = {
  stdio: ["transport", "command", "args", "env", "cwd"],
  http: ["transport", "url", "headers"],
};

function fail(serverId: string, path: Path, message: string): never {
  throw new DynamicToolsError("INVALID_OPTION", `${formatPath(path)}: MCP server "${serverId}": ${message}`, { path });
}

function requireString(serverId: string, value: unknown, path: Path): string {
  if (typeof value !== "string" || value.trim() === "") fail(serverId, path, `expected a non-empty string, got ${describeValue(value)}.`);
  return value;
}

function optionalStringMap(serverId: string, value: unknown, path: Path): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) fail(serverId, path, `expected an object of strings, got ${describeValue(value)}.`);
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") fail(serverId, [...path, key], `expected a string, got ${describeValue(item)}.`);
  }
  return { ...(value as Record<string, string>) };
}

function parseServer(serverId: string, value: unknown, path: Path): McpServerConfig {
  if (!isRecord(value)) fail(serverId, path, `expected an object with a "transport", got ${describeValue(value)}.`);
  const transport = value.transport;
  if (transport !== "stdio" && transport !== "http") {
    fail(
      serverId,
      [...path, "transport"],
      `transport ${describeValue(transport)} is not supported.${typeof transport === "string" ? didYouMean(transport, MCP_TRANSPORTS) : ""} ` +
        `Valid transports: ${MCP_TRANSPORTS.join(", ")}.`,
    );
  }
  const valid = KEYS[transport];
  for (const key of Object.keys(value)) {
    if (!valid.includes(key)) {
      fail(
        serverId,
        [...path, key],
        `unknown key ${quote(key)} for transport "${transport}".${didYouMean(key, valid)} Valid keys: ${valid.join(", ")}.`,
      );
    }
  }
  if (transport === "http") {
    const url = requireString(serverId, value.url, [...path, "url"]);
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !["http:", "https:"].includes(parsed.protocol)) {
      fail(serverId, [...path, "url"], `${quote(url)} is not an http(s) URL.`);
    }
    const headers = optionalStringMap(serverId, value.headers, [...path, "headers"]);
    return { transport, url, ...(headers === undefined ? {} : { headers }) };
  }
  const command = requireString(serverId, value.command, [...path, "command"]);
  const args = value.args;
  if (args !== undefined && (!Array.isArray(args) || args.some((arg) => typeof arg !== "string"))) {
    fail(serverId, [...path, "args"], `expected a list of strings, got ${describeValue(args)}.`);
  }
  const env = optionalStringMap(serverId, value.env, [...path, "env"]);
  const cwd = value.cwd === undefined ? undefined : requireString(serverId, value.cwd, [...path, "cwd"]);
  return {
    transport,
    command,
    ...(args === undefined ? {} : { args: [...(args as string[])] }),
    ...(env === undefined ? {} : { env }),
    ...(cwd === undefined ? {} : { cwd }),
  };
}

/**
 * Validates a map of server configurations (untrusted: it often comes from a JSON file) and returns a copy.
 * @throws DynamicToolsError `INVALID_OPTION` naming the server, the key and the valid choices.
 */
export function parseServerConfigs(servers: unknown): Record<string, McpServerConfig> {
  if (!isRecord(servers)) {
    throw new DynamicToolsError(
      "INVALID_OPTION",
      `servers: expected an object of MCP server configurations by id, got ${describeValue(servers)}.`,
      {
        path: ["servers"],
      },
    );
  }
  // Built from entries (own keys only, defined rather than assigned), so no id can reach Object.prototype.
  return Object.fromEntries(
    Object.entries(servers).map(([serverId, config]) => {
      assertSourceId(serverId, "MCP server id", ["servers", serverId]);
      return [serverId, parseServer(serverId, config, ["servers", serverId])];
    }),
  );
}
