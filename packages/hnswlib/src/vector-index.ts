// The index contract lives in @dynamic-tools/core; re-exported for users of this package.
export type { VectorIndex, VectorIndexFactory, VectorMatch } from "@dynamic-tools/core";
