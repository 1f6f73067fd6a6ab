/**
 * @module The form of a message: whether it tells rather than asks ("my coffee is cold again" against "make me a
 * coffee"), or asks only about the assistant itself ("do you dream?"). A remark that mentions what a tool is about is
 * not a request for it, so abstention asks more of its matches. Closed classes of English (pronouns, auxiliaries,
 * request phrasing), like the stop words.
 */
import { wordsBeyondSmallTalk } from "./conversational-words.js";
import { splitWords } from "./tokenize.js";

/** What marks a request whatever else the message says: asking someone to do something. */
const REQUEST_PHRASING =
  /\b(?:can|could|would|will|wo)(?:n't| not)? (?:you|u|we|i)\b|\b(?:please|pls|plz)\b|\bi(?:'d| would) (?:like|love)\b|\bi (?:need|want|wish|require)\b|\b(?:looking|searching) for\b|\bhelp me\b|\blet me know\b|\b(?:need|want|wanna) to\b|\bhow (?:to|do|can)\b|\b(?:is|are) there\b|\b(?:tell|show|give|find|get|send|remind|book) me\b/i;

/** Words a statement starts with: its subject (a pronoun, a possessive, a demonstrative). */
const SUBJECTS: ReadonlySet<string> = new Set(
  "i im my we our us he she they their his her it its this that these those there everyone everybody nobody someone somebody".split(" "),
);

/** Finite forms of be, have, get and do, and the contraction tails `splitWords` leaves of them ("I'm" → i, m). */
const FINITE_VERBS: ReadonlySet<string> = new Set(
  "is was were are am m been has had have got gets did does didn doesn isn wasn weren aren t couldn".split(" "),
);

/** Words a question opens with, question mark or not ("is it going to rain"). */
const QUESTION_OPENERS: ReadonlySet<string> = new Set(
  "what who whom whose which where when why how is are was were am do does did can could will would should shall has have had may might must".split(
    " ",
  ),
);

/** The assistant, as a question about it names it ("are you real?", "what's your favourite colour?"). */
const YOU: ReadonlySet<string> = new Set("you your yours yourself u ur".split(" "));

/** Words a remark may open with before its subject ("ugh, my team lost again"). */
const OPENERS: ReadonlySet<string> = new Set("oh ugh well so lol haha hmm um uh wow ah man dude yeah ok okay just and but omg".split(" "));

/** Where a message's clauses end: sentence punctuation (not a decimal point), commas, semicolons, new lines. */
const CLAUSE_END = /[.!?]+(?=\s|$)|[,;\n]+/;

/**
 * How a clause reads: a remark (a statement, or a question about the assistant), small talk alone (neither), or
 * anything else (a request, a question about the world, an imperative, a noun phrase).
 */
function clauseForm(words: readonly string[]): "remark" | "small talk" | "other" {
  if (wordsBeyondSmallTalk(words).length === 0) return "small talk";
  let first = 0;
  while (first < words.length - 1 && OPENERS.has(words[first]!)) first++;
  const opening = words[first]!;
  const early = words.slice(first + 1, first + 4);
  if (QUESTION_OPENERS.has(opening)) {
    // "can't sleep again" states; "do you dream?" asks about the assistant; "is it going to rain" asks.
    return early[0] === "t" || early.some((word) => YOU.has(word)) ? "remark" : "other";
  }
  // A subject first ("my coffee is …"), or a finite verb among the first words ("traffic was terrible").
  return SUBJECTS.has(opening) || FINITE_VERBS.has(opening) || early.slice(0, 2).some((word) => FINITE_VERBS.has(word))
    ? "remark"
    : "other";
}

/**
 * Whether `message` is a remark: it has no request phrasing (such as "can you", "please", "I need", "show me"), and
 * its clauses, small talk aside, are statements (each opens with a subject after interjections, or has a finite verb
 * such as "is", "was", "got" among its first words) or questions about the assistant ("do you dream?", "what's your
 * favourite colour?"). A clause that reads otherwise (a question about the world, an imperative, a noun phrase) makes
 * it a request: "I'm planning a trip, find me a hotel" is not a remark, nor are "weather in Oslo" and "book a table".
 *
 * @example
 * ```ts
 * isRemark("traffic was terrible this morning"); // true
 * isRemark("ugh, my coffee is cold again"); // true
 * isRemark("are you a real person?"); // true
 * isRemark("what's the traffic like?"); // false
 * isRemark("my coffee is cold, make me another"); // false
 * isRemark("weather in Oslo"); // false
 * ```
 */
export function isRemark(message: string): boolean {
  if (REQUEST_PHRASING.test(message)) return false;
  let remarks = 0;
  for (const clause of message.split(CLAUSE_END)) {
    const words = splitWords(clause);
    if (words.length === 0) continue;
    const form = clauseForm(words);
    if (form === "other") return false;
    if (form === "remark") remarks++;
  }
  return remarks > 0;
}
