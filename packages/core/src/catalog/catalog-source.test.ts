import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCatalogFile } from "./catalog-file.js";
import * as sourceModule from "./catalog-source.js";

const folder = mkdtempSync(join(tmpdir(), "catalog-source-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const YAML = `
categories:
  weather: { description: Forecasts, keywords: [weather, rain] }
tools:
  - name: get_weather
    description: Current weather for a city
    category: weather
    display: Weather now
    desc: { en: Weather, de: Wetter }
    tags: [forecast]
    parameters: { type: object, properties: { city: { type: string, description: The city } }, required: [city] }
  - name: old_forecast
    description: Yesterday's forecast
    category: weather
    available: false
    platforms: all
`;

function write(name: string, text: string): string {
  const file = join(folder, name);
  writeFileSync(file, text);
  return file;
}

const quiet = { onWarning: () => {} };

describe("a catalog file's source hash", () => {
  it("vouches for the file: loaded again with its derivation, the catalog is the same, and its fingerprint is the saved one", () => {
    const file = write("vouched.yaml", YAML);
    const first = loadCatalogFile(file, quiet);
    const derived = first.saveDerived();
    expect(derived.source).toEqual(expect.any(String));
    const again = loadCatalogFile(file, { ...quiet, derived });
    expect(again.tools()).toEqual(first.tools());
    expect(again.categories()).toEqual(first.categories());
    expect(again.get("get_weather")!.display).toEqual({ en: "Weather now" });
    expect(again.get("old_forecast")!.enabled).toBe(false);
    // Vouched: the saved fingerprint stands for the catalog's (a tampered one shows it was not computed again).
    const vouched = loadCatalogFile(file, { ...quiet, derived: { ...derived, fingerprint: "saved" } });
    expect(vouched.fingerprint()).toBe("saved");
    // A load without the derivation computes the very fingerprint that was saved.
    expect(loadCatalogFile(file, quiet).fingerprint()).toBe(derived.fingerprint);
  });

  it("vouches for nothing else: another text or other options are validated and fingerprinted", () => {
    const file = write("changed.yaml", YAML);
    const derived = { ...loadCatalogFile(file, quiet).saveDerived(), fingerprint: "saved" };
    writeFileSync(file, YAML.replace("tags: [forecast]", "tags: forecast"));
    expect(() => loadCatalogFile(file, { ...quiet, derived })).toThrow(/tags/);
    writeFileSync(file, `${YAML}\n`);
    expect(loadCatalogFile(file, { ...quiet, derived }).fingerprint()).not.toBe("saved");
    writeFileSync(file, YAML);
    expect(loadCatalogFile(file, { ...quiet, derived, maxTools: 64 }).fingerprint()).not.toBe("saved");
    expect(loadCatalogFile(file, { ...quiet, derived }).fingerprint()).toBe("saved");
  });

  it("never vouches for validity: a derivation naming an invalid file's source hash still gets every problem reported", () => {
    const valid = write("crafted.yaml", YAML);
    const derived = loadCatalogFile(valid, quiet).saveDerived();
    // A crafted derivation carries the source hash of the invalid text (anyone can compute it): still validated.
    const invalidText = YAML.replace("platforms: all", "platforms: all\n    permission: dangrous");
    const invalid = write("crafted-invalid.yaml", invalidText);
    const { catalogSourceHash } = sourceModule;
    const forged = { ...derived, source: catalogSourceHash(invalid, readFileSync(invalid), {}) };
    expect(forged.source).toEqual(expect.any(String));
    expect(() => loadCatalogFile(invalid, { ...quiet, derived: forged })).toThrow(/permission/);
  });

  it("is not saved once the catalog changed, nor for a file merged over executable tools", () => {
    const file = write("updated.json", JSON.stringify({ tools: [{ name: "a", description: "A" }] }));
    const catalog = loadCatalogFile(file, quiet);
    expect(catalog.saveDerived().source).toEqual(expect.any(String));
    catalog.add([{ name: "b", description: "B" }]);
    expect(catalog.saveDerived().source).toBeUndefined();
    const tool = { name: "a", description: "A", invoke: async () => "", schema: { type: "object", properties: {} } };
    expect(loadCatalogFile(file, { ...quiet, tools: [tool as never] }).saveDerived().source).toBeUndefined();
  });
});
