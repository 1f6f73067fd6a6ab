/**
 * @module The documents a vector index is built from: one per tool, in catalog order, known by its text hash; the
 * text itself is derived only when something needs it (an embedding to compute, a fit to make).
 */
import type { ToolMetadata } from "../../catalog/tool-metadata.js";
import { type HashedTexts, textHash } from "./embedding-cache.js";

/**
 * The tools' document texts and their {@link textHash}es. Built from the tools alone, each text is derived once on
 * first use; built with hashes a saved index vouches for (the very catalog it was saved from), no text is derived
 * until one is asked for.
 */
export class ToolDocuments implements HashedTexts {
  readonly tools: readonly ToolMetadata[];
  readonly #documentText: (tool: ToolMetadata) => string;
  #texts: Array<string | undefined>;
  #hashes: readonly string[] | undefined;
  /** Whether the hashes came from a saved index (see {@link ToolDocuments.vouched}). */
  readonly fromSaved: boolean;

  private constructor(tools: readonly ToolMetadata[], documentText: (tool: ToolMetadata) => string, hashes: readonly string[] | undefined) {
    this.tools = tools;
    this.#documentText = documentText;
    this.#texts = new Array<string | undefined>(tools.length);
    this.#hashes = hashes;
    this.fromSaved = hashes !== undefined;
  }

  /** The documents of `tools`, texts and hashes derived on first use. */
  static of(tools: readonly ToolMetadata[], documentText: (tool: ToolMetadata) => string): ToolDocuments {
    return new ToolDocuments(tools, documentText, undefined);
  }

  /** The documents of `tools` whose hashes a saved index gives (one per tool, in order); texts derived on first use. */
  static vouched(tools: readonly ToolMetadata[], documentText: (tool: ToolMetadata) => string, hashes: readonly string[]): ToolDocuments {
    return new ToolDocuments(tools, documentText, hashes);
  }

  /** The text of the tool at `position`. */
  text(position: number): string {
    let text = this.#texts[position];
    if (text === undefined) this.#texts[position] = text = this.#documentText(this.tools[position]!);
    return text;
  }

  /** Every text, in catalog order. */
  texts(): string[] {
    return this.tools.map((_, position) => this.text(position));
  }

  /** Every text's hash, in catalog order. */
  get hashes(): readonly string[] {
    this.#hashes ??= this.texts().map(textHash);
    return this.#hashes;
  }
}
