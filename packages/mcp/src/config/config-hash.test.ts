import { describe, expect, it } from "vitest";
import { canonicalJson, configHash } from "./config-hash.js";
import type { StdioServerConfig } from "./server-config.js";

const base: StdioServerConfig = { transport: "stdio", command: "node", args: ["server.js"], env: { TOKEN: "a", MODE: "x" }, cwd: "/srv" };

describe("configHash", () => {
  it("does not depend on key order", () => {
    const reordered = { cwd: "/srv", env: { MODE: "x", TOKEN: "a" }, args: ["server.js"], command: "node", transport: "stdio" } as const;
    expect(configHash({ ...reordered, args: [...reordered.args] })).toBe(configHash(base));
  });

  it("changes with any field: command, an argument, its order, cwd, an env name or value", () => {
    const variants: StdioServerConfig[] = [
      { ...base, command: "bun" },
      { ...base, args: ["server.js", "--verbose"] },
      { ...base, args: [] },
      { ...base, cwd: "/other" },
      { ...base, env: { TOKEN: "b", MODE: "x" } },
      { ...base, env: { TOKEN: "a", MODE: "x", EXTRA: "" } },
    ];
    const hashes = new Set([configHash(base), ...variants.map(configHash)]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it("changes with an http header value, and is a hex sha256", () => {
    const a = configHash({ transport: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer a" } });
    const b = configHash({ transport: "http", url: "https://example.com/mcp", headers: { Authorization: "Bearer b" } });
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("canonicalJson", () => {
  it("sorts keys at every depth, keeps array order and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined, b: null } })).toBe('{"a":{"b":null,"d":[2,1]},"b":1}');
  });
});
