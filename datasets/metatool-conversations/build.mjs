#!/usr/bin/env node
// Builds conversations.jsonl, a multi-turn dev set for `dynamic-tools cost`, from ../metatool (queries.jsonl and
// usage.jsonl), deterministically: the same inputs always give the same file; and conversations-with-tools.jsonl, the
// same turns whose history entries carry the tools each earlier turn called ({ query, tools }), for `eval`'s
// conversation memory. See SOURCE.md.
//   node datasets/metatool-conversations/build.mjs
import { writeFileSync } from "node:fs";
import { pathFrom, readJsonLines, seededRandom } from "../build-support.mjs";

const here = (name) => pathFrom(import.meta.url, name);
const read = (name) => readJsonLines(import.meta.url, name);

const CONVERSATIONS = 200;
const MIN_TURNS = 2;
const MAX_TURNS = 6;
const FOLLOW_UP = 0.5;

const { random, pick } = seededRandom(22);

const queries = read("../metatool/queries.jsonl");
const usage = read("../metatool/usage.jsonl");
// Follow-ups come from every labelled message with the same tool (queries and usage); openers and topic shifts from
// queries.jsonl only.
const byTool = new Map();
for (const line of [...queries, ...usage]) {
  for (const tool of line.relevant) {
    if (!byTool.has(tool)) byTool.set(tool, []);
    byTool.get(tool).push(line);
  }
}

const lines = [];
for (let index = 0; index < CONVERSATIONS; index++) {
  const id = `mt${String(index + 1).padStart(3, "0")}`;
  const length = MIN_TURNS + Math.floor(random() * (MAX_TURNS - MIN_TURNS + 1));
  const used = new Set();
  const turns = [];
  let current = pick(queries);
  for (let turn = 0; turn < length; turn++) {
    if (turn > 0) {
      const topic = new Set(current.relevant);
      if (random() < FOLLOW_UP) {
        // Same topic: another message that calls one of the current turn's tools.
        const pool = byTool.get(pick(current.relevant)).filter((line) => !used.has(line.query));
        current = pool.length > 0 ? pick(pool) : pick(queries);
      } else {
        // Topic shift: a message none of whose tools the current turn called.
        let next = pick(queries);
        while (next.relevant.some((tool) => topic.has(tool)) || used.has(next.query)) next = pick(queries);
        current = next;
      }
    }
    used.add(current.query);
    turns.push(current);
  }
  turns.forEach((line, turn) => {
    lines.push({
      id: `${id}-turn-${turn + 1}`,
      query: line.query,
      relevant: line.relevant,
      ...(turn === 0 ? {} : { history: turns.slice(0, turn) }),
    });
  });
}
/** The lines with each history entry as its message only, or as its message and the tools that turn called. */
const written = (entry) => lines.map(({ history, ...line }) => JSON.stringify(history === undefined ? line : { ...line, history: history.map(entry) }));
writeFileSync(here("conversations.jsonl"), `${written((earlier) => earlier.query).join("\n")}\n`);
writeFileSync(
  here("conversations-with-tools.jsonl"),
  `${written((earlier) => ({ query: earlier.query, tools: earlier.relevant })).join("\n")}\n`,
);
console.log(`${CONVERSATIONS} conversations, ${lines.length} turns -> conversations.jsonl, conversations-with-tools.jsonl`);
