#!/usr/bin/env node
// Builds catalog.json (128 Seal-Tools tools with their parameter schemas) and conversations.jsonl, a multi-turn dev
// set for `dynamic-tools cost`, from ../sealtools-dev, deterministically: the same inputs always give the same files.
// See SOURCE.md.
//   node datasets/sealtools-conversations/build.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { pathFrom, readJsonLines, seededRandom } from "../build-support.mjs";

const here = (name) => pathFrom(import.meta.url, name);
const lines = (name) => readJsonLines(import.meta.url, name);

const TOOLS = 128;
const CONVERSATIONS = 200;
const MIN_TURNS = 2;
const MAX_TURNS = 5;
const FOLLOW_UP = 0.5;

const { random, pick } = seededRandom(26);
function shuffled(items) {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

const catalog = JSON.parse(readFileSync(here("../sealtools-dev/catalog.json"), "utf8"));
const queries = lines("../sealtools-dev/queries.jsonl");
const field = new Map(catalog.map((tool) => [tool.name, tool.category.split("/")[0]]));

// The catalog: the tools of dev queries taken in a seeded order while their union stays within TOOLS; the queries
// are the ones whose tools all made it.
const chosen = new Set();
const eligible = [];
for (const query of shuffled(queries)) {
  const fresh = query.relevant.filter((tool) => !chosen.has(tool));
  if (chosen.size + fresh.length > TOOLS) continue;
  for (const tool of fresh) chosen.add(tool);
  eligible.push(query);
}
const fieldsOf = (query) => new Set(query.relevant.map((tool) => field.get(tool)));

const out = [];
for (let index = 0; index < CONVERSATIONS; index++) {
  const id = `st${String(index + 1).padStart(3, "0")}`;
  const length = MIN_TURNS + Math.floor(random() * (MAX_TURNS - MIN_TURNS + 1));
  const used = new Set();
  const turns = [];
  let current = pick(eligible);
  for (let turn = 0; turn < length; turn++) {
    if (turn > 0) {
      const tools = new Set(current.relevant);
      const fields = fieldsOf(current);
      const related = (query) => query.relevant.some((tool) => tools.has(tool)) || [...fieldsOf(query)].some((name) => fields.has(name));
      const pool = eligible.filter((query) => !used.has(query.query) && related(query));
      if (random() < FOLLOW_UP && pool.length > 0) {
        // Same topic: a message sharing a tool or a field with the current one.
        current = pick(pool);
      } else {
        // Topic shift: a message sharing neither.
        const shifts = eligible.filter((query) => !used.has(query.query) && !related(query));
        current = pick(shifts);
      }
    }
    used.add(current.query);
    turns.push(current);
  }
  turns.forEach((line, turn) => {
    out.push({
      id: `${id}-turn-${turn + 1}`,
      query: line.query,
      relevant: line.relevant,
      ...(turn === 0 ? {} : { history: turns.slice(0, turn).map((earlier) => earlier.query) }),
    });
  });
}
writeFileSync(here("catalog.json"), `${JSON.stringify(catalog.filter((tool) => chosen.has(tool.name)), null, 1)}\n`);
writeFileSync(here("conversations.jsonl"), `${out.map((line) => JSON.stringify(line)).join("\n")}\n`);
console.log(`${chosen.size} tools from ${eligible.length} queries; ${CONVERSATIONS} conversations, ${out.length} turns`);
