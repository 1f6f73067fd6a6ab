// Trains the remark model (src/selection/remark-model.ts): a logistic regression over remarkFeatures, remarks and small
// talk against requests, and writes src/selection/remark-model-weights.ts. Deterministic: the same lists give the same
// weights. Run after `pnpm --filter @dynamic-tools/core build`:
//
//   node packages/core/scripts/train-remark-model.mjs            # train on every list, write the weights
//   node packages/core/scripts/train-remark-model.mjs --check    # each list left out in turn: its share read as a remark
//   … --without chat-5,requests-8                                # leave lists out (to try a change on them first)
//
// Remarks and small talk: datasets/small-talk's lists of mixed small talk (dev to unseen-5), of remarks (remarks to
// remarks-4) and of chat (chat-5, chat-6); unseen-6 to unseen-12 and chat-1, chat-2 and chat-7 are held out, never
// trained on, and chat-3, chat-4 are the lists the fourth round was chosen on (a model trained on them too read a
// casual gym request as a remark). Requests: the lists requests to requests-6, requests-8 and requests-10, and 4,000
// messages of datasets/metatool/usage.jsonl (past traffic; never the dev sets' queries); requests-7 and requests-9 are
// held out.
// The marked words (features of their own) are the 300 that most of the lists' readable messages have, chosen again
// for each model --check trains.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { OFFLINE_EMBEDDINGS_MODEL, OfflineEmbeddings } from "@dynamic-tools/offline-embeddings";
import { canReadRemark, remarkFeatures, remarkProbability, splitWords } from "@dynamic-tools/core/internal";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const without = new Set(process.argv.includes("--without") ? (process.argv[process.argv.indexOf("--without") + 1] ?? "").split(",") : []);
const REMARKS = [
  ...["dev", "check", "independent-1", "independent-2", "unseen", "unseen-2", "unseen-3", "unseen-4", "unseen-5"],
  ...["remarks", "remarks-2", "remarks-3", "remarks-4", "chat-5", "chat-6"],
].filter((name) => !without.has(name));
const REQUESTS = ["requests", "requests-2", "requests-3", "requests-4", "requests-5", "requests-6", "requests-8", "requests-10"].filter(
  (name) => !without.has(name),
);
const USAGE_SAMPLE = 4000;
/** How many of the lists' most common words are features of their own (see `remarkFeatures`). */
const MARKED_WORDS = 300;
/** L2 penalty, gradient steps and step size of the fit. */
const L2 = 3e-2;
const STEPS = 1500;
const RATE = 0.5;

const readLines = (path) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line).query);
const list = (name) => readLines(`${root}datasets/small-talk/${name}.jsonl`);

/** Every `step`-th message of the usage log, so the sample spans it and is the same on every run. */
function usageSample() {
  const all = readLines(`${root}datasets/metatool/usage.jsonl`);
  const step = all.length / USAGE_SAMPLE;
  return Array.from({ length: USAGE_SAMPLE }, (_, index) => all[Math.floor(index * step)]);
}

const embeddings = new OfflineEmbeddings();
const dimensions = embeddings.dimensions;
/** The messages the model reads (see `canReadRemark`); the others are left to the rules. */
const readable = (messages) => messages.filter((message) => canReadRemark(message, remarkFeatures(message, embeddings, dimensions)));

/**
 * The marked words: the `count` words most of the lists' readable messages have (the usage sample aside, so that one
 * catalog's traffic does not choose them), ties in alphabetical order.
 */
function markedWords(messages, count) {
  const documents = new Map();
  for (const message of messages) for (const word of new Set(splitWords(message))) documents.set(word, (documents.get(word) ?? 0) + 1);
  return [...documents]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, count)
    .map(([word]) => word);
}

/**
 * Logistic regression on standardised features (each class half the loss; among requests, the request lists and the
 * usage sample a half each), full-batch gradient descent from zero; the standardisation is folded into the weights.
 */
function fit(positives, requestLists, usageRows) {
  const groups = [
    [positives, 1, 0.5],
    [requestLists, 0, 0.25],
    [usageRows, 0, 0.25],
  ];
  const rows = groups.flatMap(([xs, label, share]) => xs.map((x) => [x, label, share / xs.length]));
  const size = rows[0][0].length;
  const mean = new Float64Array(size);
  const spread = new Float64Array(size);
  for (const [x] of rows) for (let i = 0; i < size; i++) mean[i] += x[i] / rows.length;
  for (const [x] of rows) for (let i = 0; i < size; i++) spread[i] += (x[i] - mean[i]) ** 2 / rows.length;
  for (let i = 0; i < size; i++) spread[i] = Math.sqrt(spread[i]) + 1e-6;
  const standard = rows.map(([x, label, weight]) => [Float64Array.from(x, (value, i) => (value - mean[i]) / spread[i]), label, weight]);
  const weights = new Float64Array(size);
  let bias = 0;
  const gradient = new Float64Array(size);
  for (let step = 0; step < STEPS; step++) {
    gradient.fill(0);
    let biasGradient = 0;
    for (const [x, label, weight] of standard) {
      let sum = bias;
      for (let i = 0; i < size; i++) sum += weights[i] * x[i];
      const error = (1 / (1 + Math.exp(-sum)) - label) * weight;
      for (let i = 0; i < size; i++) gradient[i] += error * x[i];
      biasGradient += error;
    }
    for (let i = 0; i < size; i++) weights[i] -= RATE * (gradient[i] + L2 * weights[i]);
    bias -= RATE * biasGradient;
  }
  const folded = Array.from(weights, (w, i) => w / spread[i]);
  const foldedBias = bias - folded.reduce((sum, w, i) => sum + w * mean[i], 0);
  return { weights: folded.map((w) => Number(w.toPrecision(6))), bias: Number(foldedBias.toPrecision(6)) };
}

const share = (model, xs, threshold) => xs.filter((x) => remarkProbability(x, model) >= threshold).length / xs.length;

const remarkTexts = Object.fromEntries(REMARKS.map((name) => [name, readable(list(name))]));
const requestTexts = Object.fromEntries(REQUESTS.map((name) => [name, readable(list(name))]));
const usageTexts = readable(usageSample());

/** The marked words of a model trained on every list but `left` (none: every list), and each message's features. */
function dataset(left) {
  const texts = (lists) => Object.entries(lists).flatMap(([name, messages]) => (name === left ? [] : messages));
  const marked = markedWords([...texts(remarkTexts), ...texts(requestTexts)], MARKED_WORDS);
  const featuresOf = (messages) => messages.map((message) => remarkFeatures(message, embeddings, dimensions, marked).features);
  const byList = (lists) => Object.fromEntries(Object.entries(lists).map(([name, messages]) => [name, featuresOf(messages)]));
  return { marked, remarks: byList(remarkTexts), requests: byList(requestTexts), usage: featuresOf(usageTexts) };
}

if (process.argv.includes("--check")) {
  const thresholds = [0.5, 0.7, 0.8, 0.9];
  console.log(
    `share of the messages the model reads (canReadRemark) read as a remark at p >= ${thresholds.join(", ")}, by a model trained without the list:`,
  );
  const row = (kind, name, model, xs) =>
    console.log(
      `  ${kind.padEnd(8)} ${name.padEnd(14)} ${String(xs.length).padStart(4)}  ${thresholds.map((t) => share(model, xs, t).toFixed(3)).join("  ")}`,
    );
  for (const [kind, names] of [
    ["remarks", REMARKS],
    ["requests", REQUESTS],
  ]) {
    for (const name of names) {
      const { remarks, requests, usage } = dataset(name);
      const others = (lists) => Object.entries(lists).flatMap(([other, rows]) => (other === name ? [] : rows));
      const model = fit(others(remarks), others(requests), usage);
      row(kind, name, model, kind === "remarks" ? remarks[name] : requests[name]);
    }
  }
} else {
  const { marked, remarks, requests, usage } = dataset();
  const model = fit(Object.values(remarks).flat(), Object.values(requests).flat(), usage);
  const source = `/**
 * @module The remark model's weights, written by \`packages/core/scripts/train-remark-model.mjs\` (do not edit): a
 * logistic regression over \`remarkFeatures\`, trained on ${Object.values(remarks).flat().length} remarks and small talk and ${Object.values(requests).flat().length + usage.length} requests.
 */
import type { RemarkModel } from "./remark-model.js";

export const REMARK_MODEL: RemarkModel = {
  vectors: ${JSON.stringify(OFFLINE_EMBEDDINGS_MODEL)},
  words: ${JSON.stringify(marked)},
  bias: ${model.bias},
  weights: ${JSON.stringify(model.weights)},
};
`;
  writeFileSync(fileURLToPath(new URL("../src/selection/remark-model-weights.ts", import.meta.url)), source);
  console.log(`wrote src/selection/remark-model-weights.ts (${model.weights.length} weights)`);
}
