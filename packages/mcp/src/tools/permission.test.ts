import { describe, expect, it } from "vitest";
import { permissionFromAnnotations } from "./permission.js";

describe("permissionFromAnnotations", () => {
  it.each([
    [{ readOnlyHint: true }, "read"],
    [{ readOnlyHint: true, destructiveHint: true }, "read"], // destructiveHint only means something when not read-only
    [{ destructiveHint: true }, "dangerous"],
    [{ readOnlyHint: false, destructiveHint: true }, "dangerous"],
    [{ readOnlyHint: false, destructiveHint: false }, "write"],
    [{ readOnlyHint: false }, "execute"],
    [{ openWorldHint: true }, "execute"],
    [{}, "execute"],
    [undefined, "execute"],
  ] as const)("%o → %s", (annotations, permission) => {
    expect(permissionFromAnnotations(annotations)).toBe(permission);
  });
});
