/**
 * @module Intent pinning: a tool the user names in the current message (its name, or one of its display names) is
 * bound whatever the ranking says, right after the core tools, so `topK`, AutoCut and the budget never drop it.
 */
import type { ToolMetadata } from "../catalog/tool-metadata.js";
import { isCjk } from "../text/tokenize.js";

/** A tool bound because the current message names it. */
export interface PinnedTool {
  name: string;
  /** `named in the current message ("get_weather")`. */
  reason: string;
  /** The words of the message that named it, as written. */
  mention: string;
}

/**
 * The tools a mention names: one tool as its name itself (most mentions name one tool, and an array each costs
 * about 5 MB at 100,000 tools), several as a list.
 */
export type PinnedNames = string | readonly string[];

/** Where to look a mention up; built once per catalog version. */
export interface PinIndex {
  /** Names and one-word display names that read as identifiers (`get_weather`, `ResearchHelper`), lower-cased. */
  readonly identifiers: ReadonlyMap<string, PinnedNames>;
  /**
   * Names and display names that are one plain word (`calculator`, `Ping`), lower-cased: pinned only when the
   * message marks the word as a name (quoted, back-ticked, or followed by "tool"), since it is also an ordinary word.
   */
  readonly words: ReadonlyMap<string, PinnedNames>;
  /** Display names of several words (or CJK), lower-cased with single spaces. */
  readonly phrases: ReadonlyMap<string, PinnedNames>;
}

/** A name that is one ordinary word: letters only, at most a leading capital. */
const PLAIN_WORD = /^[A-Za-z][a-z]*$/;
const DASH = 45;
/** Whether a character can be part of a tool name as a message mentions it: an ASCII letter or digit, `_` or `-`. */
function isNameCharacter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === DASH;
}
const OPENING_QUOTES = new Set(["`", '"', "'", "“", "‘", "«"]);
const MIN_MENTION_LENGTH = 3;

function push(map: Map<string, string | string[]>, key: string, tool: string): void {
  const tools = map.get(key);
  if (tools === undefined) map.set(key, tool);
  else if (typeof tools === "string") {
    if (tools !== tool) map.set(key, [tools, tool]);
  } else if (!tools.includes(tool)) tools.push(tool);
}

/** The names of {@link PinnedNames}, as a list. */
function namesOf(names: PinnedNames | undefined): readonly string[] {
  return names === undefined ? NO_NAMES : typeof names === "string" ? [names] : names;
}

const NO_NAMES: readonly string[] = [];

/**
 * Indexes the mentions that pin each tool: its name and its display names (every locale).
 *
 * @example
 * ```ts
 * const index = createPinIndex([{ name: "send_email", display: { en: "Send Email" } } as ToolMetadata]);
 * index.identifiers.get("send_email"); // "send_email"
 * index.phrases.get("send email");     // "send_email"
 * ```
 */
export function createPinIndex(tools: Iterable<Pick<ToolMetadata, "name" | "display">>): PinIndex {
  const identifiers = new Map<string, string | string[]>();
  const words = new Map<string, string | string[]>();
  const phrases = new Map<string, string | string[]>();
  const addMention = (mention: string, tool: string) => {
    const text = mention.trim().replace(/\s+/g, " ");
    if (text.length < MIN_MENTION_LENGTH && ![...text].some(isCjk)) return;
    // A name already in lower case is its own key (the tool's name string, not a copy of it).
    const lower = text.toLowerCase();
    const key = lower === mention ? mention : lower;
    if (text.includes(" ") || [...text].some(isCjk)) push(phrases, key, tool);
    else if (PLAIN_WORD.test(text)) push(words, key, tool);
    else if (/^[A-Za-z0-9_-]+$/.test(text)) push(identifiers, key, tool);
    else push(phrases, key, tool);
  };
  for (const tool of tools) {
    addMention(tool.name, tool.name);
    for (const display of Object.values(tool.display)) addMention(display, tool.name);
  }
  return { identifiers, words, phrases };
}

/** True when `text[start, end)` is not inside a longer word (letters, digits, `_` or `-` on either side). */
function standsAlone(text: string, start: number, end: number): boolean {
  const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_-]/u.test(char) && !isCjk(char);
  return !isWordChar(text[start - 1]) && !isWordChar(text[end]);
}

/** A plain word is a name when quoted or back-ticked, or followed by "tool" ("the calculator tool"). */
function markedAsName(message: string, start: number, end: number): boolean {
  if (OPENING_QUOTES.has(message[start - 1] ?? "")) return true;
  return /^\s+tool\b/i.test(message.slice(end, end + 6));
}

/**
 * The tools the message names, in the order they are named, each once and only when `allowed`.
 *
 * @example
 * ```ts
 * const index = createPinIndex(catalog.tools());
 * pinnedTools({ index, message: "use get_weather for Paris", allowed: () => true });
 * // [{ name: "get_weather", reason: 'named in the current message ("get_weather")', mention: "get_weather" }]
 * ```
 */
export function pinnedTools({
  index,
  message,
  allowed,
}: {
  index: PinIndex;
  message: string;
  allowed: (name: string) => boolean;
}): PinnedTool[] {
  const found: Array<{ at: number; name: string; mention: string }> = [];
  // Each run of name characters, without its leading and trailing dashes.
  for (let at = 0; at < message.length; ) {
    if (!isNameCharacter(message.charCodeAt(at))) {
      at++;
      continue;
    }
    let end = at + 1;
    while (end < message.length && isNameCharacter(message.charCodeAt(end))) end++;
    let start = at;
    let stop = end;
    at = end;
    while (start < stop && message.charCodeAt(start) === DASH) start++;
    while (stop > start && message.charCodeAt(stop - 1) === DASH) stop--;
    if (stop - start < MIN_MENTION_LENGTH) continue;
    const mention = message.slice(start, stop);
    const key = mention.toLowerCase();
    // A plain word names a tool only when the message marks it as a name (read only for such a word).
    const tools =
      index.identifiers.get(key) ??
      (index.words.has(key) && markedAsName(message, start, start + mention.length) ? index.words.get(key) : undefined);
    for (const name of namesOf(tools)) found.push({ at: start, name, mention });
  }
  if (index.phrases.size > 0) {
    const lower = message.toLowerCase().replace(/\s+/g, " ");
    for (const [phrase, tools] of index.phrases) {
      let at = lower.indexOf(phrase);
      while (at >= 0 && !([...phrase].some(isCjk) || standsAlone(lower, at, at + phrase.length))) at = lower.indexOf(phrase, at + 1);
      if (at < 0) continue;
      const mention = lower.slice(at, at + phrase.length);
      for (const name of namesOf(tools)) found.push({ at, name, mention });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const pinned: PinnedTool[] = [];
  for (const { name, mention } of found) {
    if (seen.has(name) || !allowed(name)) continue;
    seen.add(name);
    pinned.push({ name, reason: `named in the current message ("${mention}")`, mention });
  }
  return pinned;
}
