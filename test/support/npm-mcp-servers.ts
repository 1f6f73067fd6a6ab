/**
 * Three real MCP servers from npm (devDependencies of the workspace), started over stdio with `node` (offline): the
 * reference "everything" server, the filesystem server on a temporary folder, and the knowledge-graph memory server.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The entry script of a server package (its `bin`). */
function serverScript(name: string): string {
  const manifest = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const bin = (require(manifest) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0]!);
}

/** Writes a servers file (createMcpToolSource's options) for the three servers; returns its path and folder. */
export function writeNpmServersFile(): { file: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), "doctor-mcp-"));
  const servers = {
    servers: {
      everything: { transport: "stdio", command: process.execPath, args: [serverScript("server-everything"), "stdio"] },
      filesystem: { transport: "stdio", command: process.execPath, args: [serverScript("server-filesystem"), folder] },
      memory: {
        transport: "stdio",
        command: process.execPath,
        args: [serverScript("server-memory")],
        env: { MEMORY_FILE_PATH: join(folder, "memory.jsonl") },
      },
    },
  };
  const file = join(folder, "servers.json");
  writeFileSync(file, JSON.stringify(servers, null, 2));
  return { file, folder };
}
