// What the dev sets' build scripts share: reading JSON Lines next to a script, and a seeded random generator, so
// a rebuilt file never depends on Math.random.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A path relative to the script whose `import.meta.url` is `base`. */
export function pathFrom(base, name) {
  return fileURLToPath(new URL(name, base));
}

/** The non-empty lines of a JSON Lines file relative to `base`, parsed. */
export function readJsonLines(base, name) {
  return readFileSync(pathFrom(base, name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
}

/** mulberry32 from `seed`: `random()` in [0, 1), and `pick(items)`, one of them. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { random, pick: (items) => items[Math.floor(random() * items.length)] };
}
