/**
 * @module The WebAssembly dot-product kernel of {@link VectorRows} (`vector-rows.ts`): the bytes of `dot-kernel.wat`,
 * assembled by `scripts/assemble-dot-kernel.mjs` (generated: edit the .wat and run the script).
 */

/** The assembled module, base64. */
export const DOT_KERNEL_BASE64 =
  "AGFzbQEAAAABCQFgBX9/f39/AAMCAQAFAwEAAQcRAgZtZW1vcnkCAARkb3RzAAAKrgIBqwIDBn8DewF8IAJBfHEhCSACQQJ0IQoC" +
  "QANAIAUgAU8NAf0MAAAAAAAAAAAAAAAAAAAAACEM/QwAAAAAAAAAAAAAAAAAAAAAIQ0gACEHIAMhCEEAIQYCQANAIAYgCU8NASAH" +
  "/QAEACELIAwgCP0ABAAgC/1f/fIB/fABIQwgDSAI/QAEECALIAv9DQgJCgsMDQ4PAAECAwQFBgf9X/3yAf3wASENIAdBEGohByAI" +
  "QSBqIQggBkEEaiEGDAALCyAM/SEAIQ4CQANAIAYgAk8NASAOIAgrAwAgByoCALuioCEOIAdBBGohByAIQQhqIQggBkEBaiEGDAAL" +
  "CyAEIA4gDP0hAaAgDf0hAKAgDf0hAaA5AwAgBEEIaiEEIAAgCmohACAFQQFqIQUMAAsLCw==";
