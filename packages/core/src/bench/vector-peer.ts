/**
 * @module The vector strategy against LangChain's HNSWLib store (`@langchain/community/vectorstores/hnswlib`) on the
 * same embeddings: the store is given the very document vectors the strategy indexed (the same fitted offline
 * embedder, the same tool texts), and both answer the same requests, interleaved query by query, each embedding its
 * query. The store is a development dependency of this repository, not of the package: where it cannot be imported,
 * or hnswlib-node (which it loads) has no native build, the comparison is reported as unavailable.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { loadDefaultEmbeddings } from "../retrieval/vector/default-embeddings.js";
import { toolDocumentText } from "../retrieval/vector/tool-document-text.js";
import { BruteForceVectorIndex } from "../retrieval/vector/vector-index.js";
import { createVectorStrategy } from "../retrieval/vector/vector-strategy.js";
import type { BenchQuery } from "./bench-catalogs.js";
import { BENCH_ROUNDS, medianOfRounds, percentile } from "./percentile.js";

/** The store's module, imported by a computed name: nothing of it is bundled or typed into this package. */
const PEER_MODULE = "@langchain/community/vectorstores/hnswlib";

/** Tools each side returns per request, as a tool-selection step asks. */
const LIMIT = 10;

/**
 * Latency of one side, whole requests (query embedding included), in µs: medians over rounds as the bench's rows
 * (see `medianOfRounds`), and the p99 of every sample at once.
 */
export interface SideLatency {
  p50Us: number;
  p99Us: number;
  p99PooledUs: number;
}

/** What {@link compareVectorPeer} measured on one catalog. */
export interface VectorPeerComparison {
  tools: number;
  samples: number;
  /** The vector strategy's `rank({ query, limit: 10 })` (`createStrategy("vector")` with these embeddings). */
  ours: SideLatency;
  /** `HNSWLib.similaritySearch(query, 10)` (defaults: cosine space, M 16, efConstruction 200, ef 10). */
  peer: SideLatency;
  /**
   * Building each side's index, ms: ours from the catalog (fit, embed, graph) and its first rank; the store from the
   * tools' texts embedded again by the fitted embedder (the same vectors) and its graph over them.
   */
  oursIndexMs: number;
  peerIndexMs: number;
  /**
   * How much of the exact top 10 each side's index returns for the request's vector (by score: tools with the same
   * vector are equally right), over the timed requests: the accuracy each side's speed comes with. Ours is the
   * strategy's index searched with that one vector; the strategy itself also searches each clause of the request.
   */
  recallAt10: { ours: number; peer: number };
}

interface PeerStore {
  addVectors(vectors: number[][], documents: Array<{ pageContent: string; metadata: Record<string, unknown> }>): Promise<void>;
  similaritySearch(query: string, k: number): Promise<unknown[]>;
  similaritySearchVectorWithScore(query: number[], k: number): Promise<Array<[unknown, number]>>;
}

type PeerModule = { HNSWLib: new (embeddings: EmbeddingsInterface, args: { space: "cosine"; numDimensions: number }) => PeerStore };

/** The store's class, or undefined when it cannot be imported here. */
async function importPeer(): Promise<PeerModule | undefined> {
  try {
    const specifier = PEER_MODULE;
    return (await import(specifier)) as PeerModule;
  } catch {
    return undefined;
  }
}

/**
 * Builds the vector strategy and the store over `catalog` on one fitted embedder, then times both on the same
 * requests (each made unique with its round's number, as the bench does, so no query vector is reused), alternating
 * which goes first, until `iterations` or `budgetMs`. Undefined when the store or hnswlib-node's build is missing.
 */
export async function compareVectorPeer(options: {
  catalog: ToolCatalog;
  queries: readonly BenchQuery[];
  iterations: number;
  budgetMs: number;
}): Promise<VectorPeerComparison | undefined> {
  const peerModule = await importPeer();
  if (peerModule === undefined) return undefined;
  const { catalog, queries, iterations, budgetMs } = options;
  const embeddings = await loadDefaultEmbeddings();
  // What `createStrategy("vector", { embeddings })` builds, typed as the vector strategy (its index is searched below).
  const ours = createVectorStrategy({ embeddings });
  let started = performance.now();
  await ours.index(catalog);
  await ours.rank({ query: "warm up", limit: LIMIT });
  const oursIndexMs = performance.now() - started;

  // The embedder is fitted to the catalog now: the store gets exactly the document vectors the strategy indexed.
  started = performance.now();
  const tools = catalog.tools();
  const vectors = await embeddings.embedDocuments(tools.map(toolDocumentText));
  const store = new peerModule.HNSWLib(embeddings, { space: "cosine", numDimensions: vectors[0]!.length });
  try {
    await store.addVectors(
      vectors,
      tools.map((tool) => ({ pageContent: tool.name, metadata: { name: tool.name } })),
    );
  } catch {
    // The store imports hnswlib-node only now: without its native build (no C++ toolchain) there is nothing to compare.
    return undefined;
  }
  const peerIndexMs = performance.now() - started;

  // One request per round, the same text for both sides (a round number keeps it new, so no query vector is reused).
  const request = (index: number) => `${queries[index % queries.length]!.current} (${index})`;
  const timed = async (run: () => Promise<unknown> | unknown) => {
    const start = process.hrtime.bigint();
    await run();
    return Number(process.hrtime.bigint() - start) / 1000;
  };
  const warmUntil = performance.now() + budgetMs;
  for (let index = 0; index < Math.min(200, iterations) && performance.now() < warmUntil; index++) {
    await ours.rank({ query: `${request(index)} warm`, limit: LIMIT });
    await store.similaritySearch(`${request(index)} warm`, LIMIT);
  }
  const oursSamples: number[] = [];
  const peerSamples: number[] = [];
  const deadline = performance.now() + budgetMs;
  let timedRequests = 0;
  for (let index = 0; index < iterations && performance.now() < deadline; index++) {
    const text = request(index);
    timedRequests = index + 1;
    const timeOurs = async () => oursSamples.push(await timed(() => ours.rank({ query: text, limit: LIMIT })));
    const timePeer = async () => peerSamples.push(await timed(() => store.similaritySearch(text, LIMIT)));
    if (index % 2 === 0) {
      await timeOurs();
      await timePeer();
    } else {
      await timePeer();
      await timeOurs();
    }
  }
  const side = (samples: number[]): SideLatency => ({
    p50Us: round(medianOfRounds(samples, 50, BENCH_ROUNDS)),
    p99Us: round(medianOfRounds(samples, 99, BENCH_ROUNDS)),
    p99PooledUs: round(percentile(samples, 99)),
  });
  const exact = new BruteForceVectorIndex(vectors[0]!.length);
  tools.forEach((tool, position) => exact.add(tool.name, vectors[position]!));
  const ourIndex = await ours.builtIndex();
  const found = { ours: 0, peer: 0, wanted: 0 };
  for (let index = 0; index < Math.min(timedRequests, queries.length); index++) {
    const vector = await embeddings.embedQuery(request(index));
    const wanted = exact.search(vector, LIMIT).map((match) => match.score);
    found.wanted += wanted.length;
    found.ours += matchedScores(wanted, ourIndex?.search(vector, LIMIT).map((match) => match.score) ?? []);
    const peerFound = (await store.similaritySearchVectorWithScore(vector, LIMIT)).map(([, distance]) => 1 - distance);
    found.peer += matchedScores(wanted, peerFound);
  }
  const share = (count: number) => (found.wanted === 0 ? 0 : Math.round((count / found.wanted) * 1000) / 1000);
  return {
    tools: catalog.size,
    samples: oursSamples.length,
    ours: side(oursSamples),
    peer: side(peerSamples),
    oursIndexMs: round(oursIndexMs),
    peerIndexMs: round(peerIndexMs),
    recallAt10: { ours: share(found.ours), peer: share(found.peer) },
  };
}

/** How many of `wanted` (scores) `got` holds, each matched once, to 5 decimals (cosine and 1 − distance round alike). */
function matchedScores(wanted: readonly number[], got: readonly number[]): number {
  const pool = new Map<number, number>();
  for (const score of got) pool.set(Math.round(score * 1e5), (pool.get(Math.round(score * 1e5)) ?? 0) + 1);
  let matched = 0;
  for (const score of wanted) {
    const key = Math.round(score * 1e5);
    const left = pool.get(key) ?? 0;
    if (left > 0) {
      matched++;
      pool.set(key, left - 1);
    }
  }
  return matched;
}

const round = (value: number) => Math.round(value * 10) / 10;
