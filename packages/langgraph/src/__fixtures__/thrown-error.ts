/** The `DynamicToolsError` that `build` throws; fails the test if it throws something else or nothing. */
import { DynamicToolsError } from "@dynamic-tools/core";
import { expect } from "vitest";

export function thrownError(build: () => unknown): DynamicToolsError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(DynamicToolsError);
    return error as DynamicToolsError;
  }
  throw new Error("expected the build to throw");
}
