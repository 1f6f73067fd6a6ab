// Builds the multi-turn dev sets from ../metatool/queries.jsonl (deterministic; run: node build.mjs).
// See SOURCE.md for what each file holds.
import { readFileSync, writeFileSync } from "node:fs";

const queries = readFileSync(new URL("../metatool/queries.jsonl", import.meta.url), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const singles = new Map();
for (const query of queries) {
  if (query.relevant.length !== 1) continue;
  const [tool] = query.relevant;
  if (!singles.has(tool)) singles.set(tool, []);
  singles.get(tool).push(query);
}
const tools = [...singles.keys()].sort();
let seed = 2024;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (list) => list[Math.floor(random() * list.length)];
const turn = (query) => ({ query: query.query, tools: query.relevant });

// Follow-ups: a two-tool request after a turn that called one of its tools (and an unrelated turn before that).
const followUps = [];
for (const query of queries) {
  if (query.relevant.length !== 2) continue;
  const earlier = query.relevant[followUps.length % 2];
  if (!singles.has(earlier)) continue;
  const unrelated = pick(tools.filter((tool) => !query.relevant.includes(tool)));
  followUps.push({
    id: `follow-${query.id}`,
    query: query.query,
    relevant: query.relevant,
    history: [turn(pick(singles.get(unrelated))), turn(pick(singles.get(earlier)))],
  });
}
// Topic switches: a one-tool request after two turns that called other tools (memory must not crowd it out).
const switches = [];
for (const query of queries) {
  if (query.relevant.length !== 1 || random() > 0.25) continue;
  const others = tools.filter((tool) => tool !== query.relevant[0]);
  switches.push({
    id: `switch-${query.id}`,
    query: query.query,
    relevant: query.relevant,
    history: [turn(pick(singles.get(pick(others)))), turn(pick(singles.get(pick(others))))],
  });
}
const write = (file, rows) => writeFileSync(new URL(file, import.meta.url), rows.map((row) => JSON.stringify(row)).join("\n") + "\n");
write("follow-ups.jsonl", followUps);
write("topic-switches.jsonl", switches);
console.log(`follow-ups.jsonl: ${followUps.length}, topic-switches.jsonl: ${switches.length}`);
