// Builds the multi-turn dev sets from ../sealtools-dev/queries.jsonl (deterministic; run: node build.mjs).
// See SOURCE.md for what each file holds.
import { readFileSync, writeFileSync } from "node:fs";

const queries = readFileSync(new URL("../sealtools-dev/queries.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
let seed = 2026;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(random() * list.length)];
// A history turn: an earlier query and every tool it is labelled with (what that turn called).
const turn = (query) => ({ query: query.query, tools: query.relevant });
const callers = new Map();
for (const query of queries) {
  for (const tool of query.relevant) {
    if (!callers.has(tool)) callers.set(tool, []);
    callers.get(tool).push(query);
  }
}
const followUps = [];
const switches = [];
for (const query of queries) {
  const unrelated = queries.filter((other) => other !== query && !other.relevant.some((tool) => query.relevant.includes(tool)));
  if (query.relevant.length >= 2) {
    // Follow-ups: a several-tool request after a turn that called one of its tools (with whatever else that turn
    // called) and, before that, an unrelated turn.
    const earlier = query.relevant[followUps.length % query.relevant.length];
    const pool = callers.get(earlier).filter((other) => other !== query);
    if (pool.length === 0) continue;
    followUps.push({ id: `follow-${query.id}`, query: query.query, relevant: query.relevant, history: [turn(pick(unrelated)), turn(pick(pool))] });
  } else if (random() < 0.5) {
    // Topic switches: about half the one-tool requests, after two unrelated turns.
    switches.push({ id: `switch-${query.id}`, query: query.query, relevant: query.relevant, history: [turn(pick(unrelated)), turn(pick(unrelated))] });
  }
}
const write = (file, rows) => writeFileSync(new URL(file, import.meta.url), rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
write("follow-ups.jsonl", followUps);
write("topic-switches.jsonl", switches);
console.log(`follow-ups.jsonl: ${followUps.length}, topic-switches.jsonl: ${switches.length}`);
