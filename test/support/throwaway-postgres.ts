/**
 * @module A throwaway PostgreSQL server for tests: `initdb` a cluster in a temp dir, start it on a free loopback port
 * (unix socket in the same dir), and stop and delete it afterwards, even when the test fails. As root the server
 * binaries refuse to run, so they run as the `postgres` user (`runuser -u postgres --`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A running throwaway server. */
export interface ThrowawayPostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Stops the server and deletes its directory; safe to call twice. */
  stop(): void;
}

/** Options of {@link startThrowawayPostgres}. */
export interface ThrowawayPostgresOptions {
  /** The directory of initdb, pg_ctl and postgres. @defaultValue $PG_BIN, else the newest /usr/lib/postgresql/N/bin */
  binDir?: string;
}

function findBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((name) => existsSync(join(base, name, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0] === undefined) {
    throw new Error(
      `No PostgreSQL server binaries found (looked for ${base}/<version>/bin/initdb; set PG_BIN). On Debian: apt-get install -y postgresql.`,
    );
  }
  return join(base, versions[0], "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Starts a throwaway server; call `stop()` when done (the process's exit stops it too). */
export async function startThrowawayPostgres({ binDir = findBinDir() }: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const run = (binary: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(binDir, binary), ...args]]
      : [join(binDir, binary), args];
    return execFileSync(command, commandArgs as string[], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  };
  const dir = mkdtempSync(join(tmpdir(), "dynamic-tools-pg-"));
  const data = join(dir, "data");
  const log = join(dir, "server.log");
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      spawnSync(
        asRoot ? "runuser" : join(binDir, "pg_ctl"),
        [...(asRoot ? ["-u", "postgres", "--", join(binDir, "pg_ctl")] : []), "-D", data, "-m", "immediate", "-w", "stop"],
        { stdio: "ignore" },
      );
    }
    rmSync(dir, { recursive: true, force: true });
    process.off("exit", stop);
  };
  process.on("exit", stop);
  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
    }
    run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    const port = await freePort();
    const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
    started = true;
    run("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", serverOptions, "start"]);
    return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, port, stop };
  } catch (error) {
    const serverLog = existsSync(log) ? readFileSync(log, "utf8") : "";
    const output = error as { stderr?: string; stdout?: string };
    stop();
    throw new Error(
      `Could not start a throwaway PostgreSQL: ${(error as Error).message}\n${output.stderr ?? ""}${output.stdout ?? ""}${serverLog}`,
      { cause: error },
    );
  }
}
