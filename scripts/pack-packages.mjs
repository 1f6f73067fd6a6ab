#!/usr/bin/env node
// Packs every published package with `pnpm pack` into one folder (default: packed/) and prints the tarballs' paths.
// pnpm, not npm: `pnpm pack` rewrites the `workspace:^` ranges between the packages into real version ranges
// (`^0.1.0`), which plain `npm pack` leaves as they are (and npm then cannot install). Each package's `prepack`
// builds it (and what it depends on) first, so a tarball never lacks dist/.
//
//   node scripts/pack-packages.mjs [folder]      (or: npm run pack-all)
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pnpmCommand, root } from "./pnpm-command.mjs";

/** The workspace's published packages (every packages/* that is not private), as { name, dir }. */
export function publishedPackages() {
  return readdirSync(join(root, "packages"))
    .map((dir) => ({
      dir: join(root, "packages", dir),
      manifest: JSON.parse(readFileSync(join(root, "packages", dir, "package.json"), "utf8")),
    }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir }));
}

/** Packs every published package into `destination`; returns { name: tarball path }. */
export function packPackages(destination) {
  mkdirSync(destination, { recursive: true });
  const [command, ...leading] = pnpmCommand();
  const tarballs = {};
  for (const { name, version, dir } of publishedPackages()) {
    execFileSync(command, [...leading, "pack", "--pack-destination", destination], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    tarballs[name] = join(destination, `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
  }
  return tarballs;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const destination = resolve(process.argv[2] ?? join(root, "packed"));
  for (const path of Object.values(packPackages(destination))) console.log(path);
}
