/**
 * Whether the tests that need hnswlib-node's native code can run. Without a C++ toolchain the install leaves
 * hnswlib-node unbuilt (it is optional) and those tests are skipped; CI's toolchain run sets
 * DYNAMIC_TOOLS_REQUIRE_HNSW=1, which turns a missing build into a failure, so there they always run.
 */
import { isHnswlibAvailable } from "../load-hnswlib.js";

export const HNSWLIB_AVAILABLE = isHnswlibAvailable();

if (!HNSWLIB_AVAILABLE && process.env.DYNAMIC_TOOLS_REQUIRE_HNSW === "1") {
  throw new Error(
    "DYNAMIC_TOOLS_REQUIRE_HNSW=1 but hnswlib-node cannot be loaded: its native build is missing (install python3, make and g++, then reinstall).",
  );
}
