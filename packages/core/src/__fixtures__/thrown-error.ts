/** The `DynamicToolsError` that `run` throws; fails the test if it throws something else or nothing. */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

export function thrownError(run: () => unknown): DynamicToolsError {
  try {
    run();
  } catch (error) {
    if (DynamicToolsError.isInstance(error)) return error;
    throw new Error(`expected a DynamicToolsError, got ${String(error)}`, { cause: error });
  }
  throw new Error("expected a DynamicToolsError, nothing was thrown");
}
