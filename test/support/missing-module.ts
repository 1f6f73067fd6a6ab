/**
 * @module For tests of an optional dependency's absence: makes `createRequire(...)(id)` throw Node's "module not
 * found" for the ids `missing` accepts, as on an install without that package (or without its native build), while
 * every other id loads as usual. Call it before importing the module under test (after `vi.resetModules()`), and
 * undo it with `vi.doUnmock("node:module")`.
 */
import { vi } from "vitest";

export function mockMissingModules(missing: (id: string) => boolean, message = (id: string) => `Cannot find module '${id}'`): void {
  vi.doMock("node:module", async (importOriginal) => {
    const original = await importOriginal<typeof import("node:module")>();
    const createRequire = (from: string | URL) => {
      const real = original.createRequire(from);
      return Object.assign((id: string) => {
        if (missing(id)) throw Object.assign(new Error(message(id)), { code: "MODULE_NOT_FOUND" });
        return real(id);
      }, real);
    };
    return { ...original, createRequire, default: { ...original, createRequire } };
  });
}
