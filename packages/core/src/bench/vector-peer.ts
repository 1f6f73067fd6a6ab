/**
 * @module The vector strategy against LangChain's HNSWLib store (`@langchain/community/vectorstores/hnswlib`) on the
 * same embeddings: the store is given the very document vectors the strategy indexed (the same fitted offline
 * embedder, the same tool texts), and both answer the same requests, interleaved query by query, each embedding its
 * query. The store is a development dependency of this repository, not of the package: where it cannot be imported
 * the comparison is reported as unavailable.
 */
import type { EmbeddingsInterface } from "@langchain/core/embeddings";
import type { ToolCatalog } from "../catalog/tool-catalog.js";
import { createStrategy } from "../retrieval/strategy-registry.js";
import { loadDefaultEmbeddings } from "../retrieval/vector/default-embeddings.js";
import { toolDocumentText } from "../retrieval/vector/tool-document-text.js";
import type { BenchQuery } from "./bench-catalogs.js";
import { percentile } from "./percentile.js";

/** The store's module, imported by a computed name: nothing of it is bundled or typed into this package. */
const PEER_MODULE = "@langchain/community/vectorstores/hnswlib";

/** Tools each side returns per request, as a tool-selection step asks. */
const LIMIT = 10;

/** Latency of one side, whole requests (query embedding included), in µs. */
export interface SideLatency {
  p50Us: number;
  p99Us: number;
}

/** What {@link compareVectorPeer} measured on one catalog. */
export interface VectorPeerComparison {
  tools: number;
  samples: number;
  /** `createStrategy("vector")`'s `rank({ query, limit: 10 })`. */
  ours: SideLatency;
  /** `HNSWLib.similaritySearch(query, 10)` (defaults: cosine space, M 16, efConstruction 200, ef 10). */
  peer: SideLatency;
  /** Building each side's index from the catalog, ms (ours: fit, embed, graph; the store: its graph over the same vectors). */
  oursIndexMs: number;
  peerIndexMs: number;
}

interface PeerStore {
  addVectors(vectors: number[][], documents: Array<{ pageContent: string; metadata: Record<string, unknown> }>): Promise<void>;
  similaritySearch(query: string, k: number): Promise<unknown[]>;
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
 * requests (each made unique with a turn number, as the bench does, so no query vector is reused), alternating
 * which goes first, until `iterations` or `budgetMs`. Undefined when the store is not installed.
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
  const ours = createStrategy("vector", { embeddings });
  let started = performance.now();
  await ours.index(catalog);
  await ours.rank({ query: "warm up", limit: LIMIT });
  const oursIndexMs = performance.now() - started;

  // The embedder is fitted to the catalog now: the store gets exactly the document vectors the strategy indexed.
  started = performance.now();
  const tools = catalog.tools();
  const vectors = await embeddings.embedDocuments(tools.map(toolDocumentText));
  const store = new peerModule.HNSWLib(embeddings, { space: "cosine", numDimensions: vectors[0]!.length });
  await store.addVectors(
    vectors,
    tools.map((tool) => ({ pageContent: tool.name, metadata: { name: tool.name } })),
  );
  const peerIndexMs = performance.now() - started;

  let turn = 0;
  const request = (index: number) => `${queries[index % queries.length]!.current} (${turn++})`;
  const timed = async (run: () => Promise<unknown> | unknown) => {
    const start = process.hrtime.bigint();
    await run();
    return Number(process.hrtime.bigint() - start) / 1000;
  };
  const warmUntil = performance.now() + budgetMs;
  for (let index = 0; index < Math.min(200, iterations) && performance.now() < warmUntil; index++) {
    await ours.rank({ query: request(index), limit: LIMIT });
    await store.similaritySearch(request(index), LIMIT);
  }
  const oursSamples: number[] = [];
  const peerSamples: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (let index = 0; index < iterations && performance.now() < deadline; index++) {
    const timeOurs = async () => oursSamples.push(await timed(() => ours.rank({ query: request(index), limit: LIMIT })));
    const timePeer = async () => peerSamples.push(await timed(() => store.similaritySearch(request(index), LIMIT)));
    if (index % 2 === 0) {
      await timeOurs();
      await timePeer();
    } else {
      await timePeer();
      await timeOurs();
    }
  }
  const side = (samples: number[]): SideLatency => ({ p50Us: round(percentile(samples, 50)), p99Us: round(percentile(samples, 99)) });
  return {
    tools: catalog.size,
    samples: oursSamples.length,
    ours: side(oursSamples),
    peer: side(peerSamples),
    oursIndexMs: round(oursIndexMs),
    peerIndexMs: round(peerIndexMs),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
