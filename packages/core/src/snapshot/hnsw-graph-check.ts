/**
 * @module Checks an HNSW graph file (hnswlib's own format, as `@dynamic-tools/hnswlib` saves it) and its sidecar
 * before the native library reads them. hnswlib trusts the file: a graph whose checksums match but whose header asks
 * for two billion dimensions aborts the process, and links to nodes that do not exist crash it later. A snapshot or
 * a saved index is a file anyone may have written, so every size, count and link is checked here first. Pure.
 */

/** Bytes of hnswlib's header: six size_t, an int, a uint32, three size_t, a double, a size_t. */
const HEADER_BYTES = 96;
/** Bytes of a node id and of a link list's count word (hnswlib's `tableint`, `linklistsizeint`). */
const WORD = 4;
/** Bytes of a label (hnswlib's `labeltype`, size_t). */
const LABEL_BYTES = 8;
/** Largest vector a graph may hold (the widest embedding models have a few thousand). */
const MAX_DIMENSIONS = 65_536;
/** Largest `m` (links per node); hnswlib's own examples use 5 to 48. */
const MAX_M = 2_048;
/** Highest level: a graph of a billion nodes with m = 2 has about 30. */
const MAX_LEVEL = 64;
/**
 * Room a graph may ask for (its capacity, which hnswlib allocates at load), in bytes: up to 4 times its nodes, or 1 GiB
 * (an index built with a large `capacity` for few vectors is valid).
 */
const SPARE_ROOM = { factor: 4, bytes: 1024 * 1024 * 1024 };

/** The sidecar fields the graph is checked against (see `HnswVectorIndex.save`). */
interface SidecarFields {
  dimensions: number;
  m: number;
  efConstruction: number;
  ef: number;
  nextLabel: number;
  ids: unknown[];
}

const isWhole = (value: unknown, least: number, most: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= least && value <= most;

/** The problem with a sidecar, or undefined. */
function sidecarProblem(sidecar: unknown): string | undefined {
  if (typeof sidecar !== "object" || sidecar === null) return "its sidecar is not an object";
  const fields = sidecar as Partial<SidecarFields>;
  for (const [name, least, most] of [
    ["dimensions", 1, MAX_DIMENSIONS],
    ["m", 2, MAX_M],
    ["efConstruction", 1, 1_000_000],
    ["ef", 1, 1_000_000],
    ["nextLabel", 0, 2 ** 32],
  ] as const) {
    if (!isWhole(fields[name], least, most)) return `its sidecar's ${name} is not a whole number from ${least} to ${most}`;
  }
  if (!Array.isArray(fields.ids)) return "its sidecar's ids are not a list";
  const labels = new Set<number>();
  for (const pair of fields.ids) {
    const [id, label] = Array.isArray(pair) ? pair : [];
    if (typeof id !== "string" || !(label === -1 || isWhole(label, 0, fields.nextLabel! - 1)) || (label !== -1 && labels.has(label)))
      return "its sidecar's ids are not [id, label] pairs with distinct labels under nextLabel";
    if (label !== -1) labels.add(label);
  }
  return undefined;
}

/**
 * What is wrong with an HNSW graph file and its sidecar, or undefined when hnswlib can read them safely: the header
 * matches the sidecar (dimensions, m) and hnswlib's own layout, the capacity is not far beyond the nodes held, every
 * link points to a node of the graph, every level's list fits, the labels are the sidecar's, and the file ends where
 * the last node does. The vectors are not read: a NaN gives wrong distances, not a crash.
 *
 * @example
 * ```ts
 * hnswGraphProblem(readFileSync("tools.hnsw"), JSON.parse(readFileSync("tools.hnsw.json", "utf8"))); // undefined
 * hnswGraphProblem(Buffer.alloc(10), sidecar); // "its graph is shorter than hnswlib's header"
 * ```
 */
export function hnswGraphProblem(bytes: Uint8Array, sidecar: unknown): string | undefined {
  const wrongSidecar = sidecarProblem(sidecar);
  if (wrongSidecar !== undefined) return wrongSidecar;
  const { dimensions, m, nextLabel } = sidecar as SidecarFields;
  if (bytes.length < HEADER_BYTES) return "its graph is shorter than hnswlib's header";
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = (offset: number) => {
    const value = view.getBigUint64(offset, true);
    return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.NaN : Number(value);
  };
  const [offsetLevel0, capacity, count, perNode, labelOffset, dataOffset] = [0, 8, 16, 24, 32, 40].map(size) as number[];
  const maxLevel = view.getInt32(48, true);
  const entry = view.getUint32(52, true);
  const [maxM, maxM0, linksM] = [56, 64, 72].map(size) as number[];
  const mult = view.getFloat64(80, true);
  const level0Links = maxM0! * WORD + WORD;
  const expected = {
    offsetLevel0: offsetLevel0 === 0,
    m: linksM === m && maxM === m && maxM0 === 2 * m,
    layout:
      perNode === level0Links + dimensions * WORD + LABEL_BYTES &&
      dataOffset === level0Links &&
      labelOffset === level0Links + dimensions * WORD,
    count: Number.isSafeInteger(count) && count! <= capacity! && count! <= nextLabel,
    levels: maxLevel >= (count === 0 ? -1 : 0) && maxLevel <= MAX_LEVEL && Number.isFinite(mult) && mult > 0,
    entry: count === 0 || entry < count!,
  };
  const wrong = Object.entries(expected).find(([, ok]) => !ok)?.[0];
  if (wrong !== undefined) return `its graph's header does not match its sidecar or hnswlib's layout (${wrong})`;
  const held = count! * perNode!;
  if (capacity! * perNode! > Math.max(SPARE_ROOM.factor * held, SPARE_ROOM.bytes)) return "its graph asks for far more room than it holds";
  if (HEADER_BYTES + held > bytes.length) return "its graph is shorter than its nodes";
  /** Whether the link list at `offset` holds at most `most` links, each to a node of the graph. */
  const linksFit = (offset: number, most: number) => {
    const links = view.getUint16(offset, true);
    if (links > most) return false;
    for (let link = 0; link < links; link++) if (view.getUint32(offset + WORD + link * WORD, true) >= count!) return false;
    return true;
  };
  for (let node = 0; node < count!; node++) {
    const at = HEADER_BYTES + node * perNode!;
    if (!linksFit(at, maxM0!)) return `its graph's node ${node} links to nodes it does not hold`;
    const label = size(at + labelOffset!);
    if (!(label < nextLabel)) return `its graph's node ${node} has a label the sidecar never gave`;
  }
  const upperLinks = maxM! * WORD + WORD;
  let offset = HEADER_BYTES + held;
  for (let node = 0; node < count!; node++) {
    if (offset + WORD > bytes.length) return "its graph ends before its last node's links";
    const listBytes = view.getUint32(offset, true);
    offset += WORD;
    const levels = listBytes / upperLinks;
    if (!Number.isInteger(levels) || levels > maxLevel || offset + listBytes > bytes.length)
      return `its graph's node ${node} has upper levels that do not fit`;
    if (node === entry && levels !== maxLevel) return "its graph's entry point is not on its top level";
    for (let level = 0; level < levels; level++)
      if (!linksFit(offset + level * upperLinks, maxM!)) return `its graph's node ${node} links to nodes it does not hold`;
    offset += listBytes;
  }
  return offset === bytes.length ? undefined : "its graph has bytes after its last node";
}
