// Assembles src/retrieval/vector/dot-kernel.wat with wabt (a devDependency) and writes the bytes into
// src/retrieval/vector/dot-kernel.ts: the package ships no .wasm file and needs no loader, the kernel is compiled from
// those bytes. Run after changing the .wat; `--check` writes nothing and fails when dot-kernel.ts holds other bytes
// (src/retrieval/vector/dot-kernel.test.ts runs it so):
//
//   node packages/core/scripts/assemble-dot-kernel.mjs [--check]
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import wabt from "wabt";

const source = fileURLToPath(new URL("../src/retrieval/vector/dot-kernel.wat", import.meta.url));
const target = fileURLToPath(new URL("../src/retrieval/vector/dot-kernel.ts", import.meta.url));

const parsed = (await wabt()).parseWat("dot-kernel.wat", readFileSync(source, "utf8"));
parsed.validate();
const base64 = Buffer.from(parsed.toBinary({}).buffer).toString("base64");
parsed.destroy();
const lines = base64.match(/.{1,100}/g).map((line) => `  "${line}"`);
const text = `/**
 * @module The WebAssembly dot-product kernel of {@link VectorRows} (\`vector-rows.ts\`): the bytes of \`dot-kernel.wat\`,
 * assembled by \`scripts/assemble-dot-kernel.mjs\` (generated: edit the .wat and run the script).
 */

/** The assembled module, base64. */
export const DOT_KERNEL_BASE64 =
${lines.join(" +\n")};
`;
if (process.argv.includes("--check")) {
  if (readFileSync(target, "utf8") !== text) {
    console.error(`${target} does not hold the assembled ${source}: run node packages/core/scripts/assemble-dot-kernel.mjs`);
    process.exit(1);
  }
  console.log(`${target} holds the assembled kernel`);
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target} (${base64.length} base64 characters)`);
}
